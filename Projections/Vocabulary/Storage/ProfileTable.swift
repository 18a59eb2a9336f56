import Events

/// The profiles that own cards, as slots in the order their first card appears: each card
/// holds its owner's slot, and the per-profile indexes are arrays by slot (no hashing of
/// profile ids on a review).
struct ProfileTable: Sendable, Equatable {
    /// The slot of each profile id.
    private(set) var slotOf = IDSlotIndex()
    /// The id of each slot.
    private(set) var ids: [ProfileID] = []

    /// An empty table.
    init() {}

    /// How many profiles have slots.
    var count: Int { ids.count }

    /// The slot of `id`, if it has one.
    @inline(__always)
    func slot(of id: ProfileID) -> Int32? { slotOf.slot(of: IDKey(id)) }

    /// The slot of `id`, given one if it has none; the second value is true when it is new.
    mutating func slot(adding id: ProfileID) -> (slot: Int32, isNew: Bool) {
        if let slot = slotOf.slot(of: IDKey(id)) { return (slot, false) }
        let slot = Int32(ids.count)
        slotOf.insert(IDKey(id), slot: slot)
        ids.append(id)
        return (slot, true)
    }

    static func == (lhs: ProfileTable, rhs: ProfileTable) -> Bool { lhs.ids == rhs.ids }
}
