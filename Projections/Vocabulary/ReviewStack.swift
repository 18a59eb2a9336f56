import Events

/// A card's most recent reviews, oldest first, at most ``CardRecord/undoDepth``: a ring buffer,
/// so remembering a review when the stack is full overwrites the oldest slot instead of
/// shifting the others (a review costs one slot write, no allocation after the first few).
///
/// Equality and encoding are by the logical order (oldest first), never by the slot layout.
struct ReviewStack: Sendable, Equatable {
    /// The slots; full once it holds ``CardRecord/undoDepth`` reviews.
    private var slots: [RecentReview] = []
    /// The slot of the oldest review (0 until the buffer is full).
    private var head = 0

    /// An empty stack.
    init() {}

    /// The stack holding `reviews`, oldest first (at most ``CardRecord/undoDepth`` of them).
    init(_ reviews: [RecentReview]) {
        // Taken as is when it fits (the usual case: a decoded snapshot), without a second array.
        slots = reviews.count <= CardRecord.undoDepth ? reviews : Array(reviews.suffix(CardRecord.undoDepth))
    }

    /// How many reviews are remembered.
    var count: Int { slots.count }

    /// The review at logical `index` (0 is the oldest), `index < count`.
    subscript(index: Int) -> RecentReview {
        slots[slot(index)]
    }

    /// Adds `review` as the newest, forgetting the oldest when full.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func append(_ review: RecentReview) {
        if slots.count < CardRecord.undoDepth {
            if slots.capacity == 0 { slots.reserveCapacity(CardRecord.undoDepth) }
            slots.append(review)
        } else {
            slots[head] = review
            head = head + 1 == slots.count ? 0 : head + 1
        }
    }

    /// The logical index of the newest review with event id `id`, if remembered.
    /// - Complexity: O(``CardRecord/undoDepth``).
    func lastIndex(of id: EventID) -> Int? {
        var index = slots.count - 1
        while index >= 0 {
            if slots[slot(index)].review == id { return index }
            index -= 1
        }
        return nil
    }

    /// Whether a review after logical `index` changed the schedule.
    func hasScheduledReview(after index: Int) -> Bool {
        var next = index + 1
        while next < slots.count {
            if case .scheduled = slots[slot(next)].effect { return true }
            next += 1
        }
        return false
    }

    /// Removes the review at logical `index`, keeping the others in order.
    /// - Complexity: O(``CardRecord/undoDepth``).
    mutating func remove(at index: Int) {
        var ordered = reviews
        ordered.remove(at: index)
        slots = ordered
        head = 0
    }

    /// The reviews, oldest first.
    var reviews: [RecentReview] {
        head == 0 ? slots : Array(slots[head...] + slots[..<head])
    }

    @inline(__always)
    private func slot(_ index: Int) -> Int {
        let physical = head + index
        return physical < slots.count ? physical : physical - slots.count
    }

    static func == (lhs: ReviewStack, rhs: ReviewStack) -> Bool {
        lhs.count == rhs.count && lhs.reviews == rhs.reviews
    }
}
