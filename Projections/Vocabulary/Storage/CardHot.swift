/// The fields of a card that a review reads and writes, as one plain-data record (no strings,
/// no references): its FSRS state, fuzz seed, owner and deck slots, where it sits in the due
/// calendar, its undo ring and counters.
struct CardHot: Sendable, Equatable {
    /// Set in ``flags`` while the card is suspended.
    static let suspendedFlag: UInt8 = 1
    /// Set in ``flags`` once the card is deleted.
    static let deletedFlag: UInt8 = 2
    /// Set in ``flags`` while the card is in its due calendar counted as learning.
    static let dueLearningFlag: UInt8 = 4

    /// The FSRS state after the counted reviews (``PackedCardState/none`` while new).
    var state: PackedCardState
    /// `CardID.schedulerSeed` of the card id, cached.
    var seed: Int64
    /// The owner's slot in ``ProfileTable``.
    var profile: Int32
    /// The deck's slot in ``DeckTable``.
    var deck: Int32
    /// Where the card is in its profile's due calendar (derived; not encoded).
    var due: DuePlace = .none
    /// The card's run in ``UndoRing``.
    var ring = RingHandle()
    /// Cram reviews recorded and not undone.
    var cramReviews: Int32 = 0
    /// ``suspendedFlag``, ``deletedFlag``, ``dueLearningFlag``.
    var flags: UInt8 = 0

    /// A new card of `profile` in `deck`.
    init(seed: Int64, profile: Int32, deck: Int32) {
        state = .none
        self.seed = seed
        self.profile = profile
        self.deck = deck
    }

    /// Taken out of scheduling until unsuspended.
    var isSuspended: Bool {
        get { flags & Self.suspendedFlag != 0 }
        set { flags = newValue ? flags | Self.suspendedFlag : flags & ~Self.suspendedFlag }
    }

    /// Deleted itself.
    var isDeleted: Bool {
        get { flags & Self.deletedFlag != 0 }
        set { flags = newValue ? flags | Self.deletedFlag : flags & ~Self.deletedFlag }
    }
}
