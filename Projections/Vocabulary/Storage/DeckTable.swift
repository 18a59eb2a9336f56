import Events

/// The decks as columns indexed by slot, in the order the log first names them. A deck that a
/// card names before (or without) its `DeckCreated` gets a slot too, not yet ``isCreated``:
/// cards keep their deck's slot, and queries list only created decks.
struct DeckTable: Sendable, Equatable {
    /// The slot of each deck id.
    private(set) var slotOf = IDSlotIndex()
    /// The id of each slot.
    private(set) var ids: [DeckID] = []
    /// Its current name ("" until created).
    var names: [String] = []
    /// Whose deck it is (meaningful once created).
    var profiles: [ProfileID] = []
    /// The log position of its creation (0 until created).
    var createdPositions: [UInt64] = []
    /// Whether its `DeckCreated` was folded.
    var isCreated: [Bool] = []
    /// Deleted (its cards with it).
    var isDeleted: [Bool] = []
    /// The card slots in each deck, deleted cards included, unordered (derived; not encoded).
    var members: [[Int32]] = []

    /// An empty table.
    init() {}

    /// How many deck slots there are.
    var count: Int { ids.count }

    /// The slot of deck `id`, if it was ever named.
    @inline(__always)
    func slot(of id: DeckID) -> Int32? { slotOf.slot(of: IDKey(id)) }

    /// The slot of deck `id`, given a new (not created) slot if it was never named.
    /// - Complexity: O(1) amortized.
    mutating func slot(naming id: DeckID, profile: ProfileID) -> Int32 {
        if let slot = slotOf.slot(of: IDKey(id)) { return slot }
        return append(id: id, name: "", profile: profile, createdPosition: 0, isCreated: false, isDeleted: false)
    }

    /// Adds a deck slot and returns it; the caller has checked the id is new.
    mutating func append(id: DeckID, name: String, profile: ProfileID, createdPosition: UInt64, isCreated created: Bool,
                         isDeleted deleted: Bool) -> Int32 {
        let slot = Int32(ids.count)
        slotOf.insert(IDKey(id), slot: slot)
        ids.append(id)
        names.append(name)
        profiles.append(profile)
        createdPositions.append(createdPosition)
        isCreated.append(created)
        isDeleted.append(deleted)
        members.append([])
        return slot
    }

    /// Equal when the decks' facts are (derived member lists ignored).
    static func == (lhs: DeckTable, rhs: DeckTable) -> Bool {
        lhs.ids == rhs.ids && lhs.names == rhs.names && lhs.profiles == rhs.profiles
            && lhs.createdPositions == rhs.createdPositions && lhs.isCreated == rhs.isCreated
            && lhs.isDeleted == rhs.isDeleted
    }
}
