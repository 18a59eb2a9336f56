import Events

/// A card's last few reviews, oldest first, held inline (no heap buffer), so remembering a
/// review touches one dictionary slot and allocates nothing.
package struct ReviewWindow: Sendable, Equatable {
    /// How many reviews the window holds.
    package static let capacity = 4

    private var slot0: RememberedReview?
    private var slot1: RememberedReview?
    private var slot2: RememberedReview?
    private var slot3: RememberedReview?
    /// How many slots are filled (from `slot0`).
    package private(set) var count = 0

    package init() {}

    /// The review at `index` (0 is the oldest), `index < count`.
    package subscript(index: Int) -> RememberedReview {
        get {
            switch index {
            case 0: slot0!
            case 1: slot1!
            case 2: slot2!
            default: slot3!
            }
        }
        set {
            switch index {
            case 0: slot0 = newValue
            case 1: slot1 = newValue
            case 2: slot2 = newValue
            default: slot3 = newValue
            }
        }
    }

    /// Adds `review` as the newest, forgetting the oldest when full.
    @inline(__always) package mutating func append(_ review: RememberedReview) {
        if count == Self.capacity {
            slot0 = slot1
            slot1 = slot2
            slot2 = slot3
            slot3 = review
        } else {
            self[count] = review
            count += 1
        }
    }

    /// Removes and returns the review with event id `id`, keeping the others in order.
    package mutating func remove(id: EventID) -> RememberedReview? {
        guard let index = (0..<count).last(where: { self[$0].id == id }) else { return nil }
        let removed = self[index]
        for next in (index + 1)..<max(index + 1, count) { self[next - 1] = self[next] }
        self[count - 1] = removed   // keep the slot filled until cleared below
        switch count - 1 {
        case 0: slot0 = nil
        case 1: slot1 = nil
        case 2: slot2 = nil
        default: slot3 = nil
        }
        count -= 1
        return removed
    }

    /// The reviews, oldest first.
    package var reviews: [RememberedReview] { (0..<count).map { self[$0] } }
}

extension ReviewWindow: BinaryCodable {
    /// Reads the reviews straight into the slots (no array in between); a list longer than
    /// ``capacity`` is read whole and then refused, as the array decoding did.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        guard count <= Self.capacity else {
            for _ in 0..<count { _ = try RememberedReview(from: &reader) }
            throw reader.error(.invalidValue, "a card remembers at most \(Self.capacity) reviews, not \(count)")
        }
        for _ in 0..<count { append(try RememberedReview(from: &reader)) }
    }

    package func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(count))
        for index in 0..<count { self[index].encode(to: &writer) }
    }
}
