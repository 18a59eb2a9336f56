import Events

/// The version of each card's stream (`card/<id>`), kept apart from the other streams' so that
/// checking a card event's version touches one index bucket (an ``IDSlotIndex``: one probe, one
/// cache miss) and one word of a ``ChunkedArray``: no dictionary entry, object or reference
/// count a card. Cards are only ever added. Two tables are equal when they hold the same cards
/// with the same versions, whatever the order they were added in.
package struct CardStreamVersions: Sendable {
    /// The slot of each card's version.
    private var slots = IDSlotIndex()
    /// The versions, in the order the cards were added.
    private var versions = ChunkedArray<UInt64>()

    /// No card, with room for `minimumCapacity` before the index grows.
    package init(minimumCapacity: Int = 0) {
        slots = IDSlotIndex(minimumCapacity: minimumCapacity)
    }

    /// How many cards have a version.
    package var count: Int { versions.count }

    /// The version of `card`'s stream, if it was set.
    /// - Complexity: O(1) expected.
    package func version(of card: CardID) -> UInt64? {
        slots.slot(of: IDKey(card)).map { versions[Int($0)] }
    }

    /// Sets the version of `card`'s stream.
    /// - Complexity: O(1) amortized expected.
    package mutating func setVersion(_ version: UInt64, of card: CardID) {
        let key = IDKey(card)
        if let slot = slots.slot(of: key) {
            versions[Int(slot)] = version
        } else {
            _ = slots.insert(key, slot: Int32(versions.count))
            versions.append(version)
        }
    }

    /// Starts loading the index bucket where the lookup of `card` begins (a hint: changes nothing).
    /// `mutating` only so that the table is passed by reference (a call from another module
    /// would copy it first).
    @inline(__always)
    package mutating func prefetchIndex(of card: CardID) { slots.prefetch(IDKey(card)) }

    /// Starts loading `card`'s version for a write, if it has one (a hint: changes nothing).
    /// Looks the card up: call it once ``prefetchIndex(of:)`` has loaded its bucket.
    /// `mutating` only so that the table is passed by reference.
    @inline(__always)
    package mutating func prefetchVersion(of card: CardID) {
        guard let slot = slots.slot(of: IDKey(card)) else { return }
        versions.prefetchForWrite(Int(slot))
    }

    /// Calls `body` with each card and its version, in no particular order, building nothing.
    /// - Complexity: O(n).
    package func forEach(_ body: (CardID, UInt64) -> Void) {
        slots.forEach { key, slot in body(CardID(key.uuid), versions[Int(slot)]) }
    }
}

extension CardStreamVersions: Equatable {
    /// Equal when they hold the same cards with the same versions.
    package static func == (lhs: CardStreamVersions, rhs: CardStreamVersions) -> Bool {
        guard lhs.versions.count == rhs.versions.count else { return false }
        var equal = true
        lhs.slots.forEach { key, slot in
            guard equal else { return }
            equal = rhs.slots.slot(of: key).map { rhs.versions[Int($0)] } == lhs.versions[Int(slot)]
        }
        return equal
    }
}
