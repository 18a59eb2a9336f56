/// The fields of a card that a review reads and writes, as one plain-data record of 64 bytes (no
/// strings, no references): its FSRS state, owner slot, where it sits in the due calendar, its
/// undo ring and its flags. In ``CardTable``'s 64-byte-aligned column a record is exactly one
/// cache line, so a review of a card touches one line of it.
///
/// What a review does not need lives in columns apart: the deck (a review only asks whether it
/// is deleted: ``deckDeletedFlag``) and the cram count (``CardTable/cramReviews``). The fuzz seed
/// is not kept: it is computed from the card id the review names.
struct CardHot: Sendable, Equatable {
    /// Set in ``flags`` while the card is suspended.
    static let suspendedFlag: UInt8 = 1
    /// Set in ``flags`` once the card is deleted.
    static let deletedFlag: UInt8 = 2
    /// Set in ``flags`` while the card is in its due calendar counted as learning.
    static let dueLearningFlag: UInt8 = 4
    /// Set in ``flags`` while the card's deck is deleted (a copy of the deck's flag, kept in step
    /// by the fold, so that indexing a card reads no deck column).
    static let deckDeletedFlag: UInt8 = 8
    /// Set in ``flags`` once the card has forgotten a counted review (remembering one more than
    /// ``UndoRing/depth``, or a change by hand): ``CardTable/forgottenReviewMs`` holds the
    /// newest one's instant.
    static let forgottenFlag: UInt8 = 16

    /// The FSRS state after the counted reviews (``PackedCardState/none`` while new).
    var state: PackedCardState
    /// The owner's slot in ``ProfileTable``.
    var profile: Int32
    /// Where the card is in its profile's due calendar (derived; not encoded).
    var due: DuePlace = .none
    /// The card's run in ``UndoRing``.
    var ring = RingHandle()
    /// ``suspendedFlag``, ``deletedFlag``, ``dueLearningFlag``, ``deckDeletedFlag``, ``forgottenFlag``.
    var flags: UInt8 = 0

    /// A new card of `profile`.
    init(profile: Int32) {
        state = .none
        self.profile = profile
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

    /// Whether its deck is deleted.
    var isDeckDeleted: Bool {
        get { flags & Self.deckDeletedFlag != 0 }
        set { flags = newValue ? flags | Self.deckDeletedFlag : flags & ~Self.deckDeletedFlag }
    }
}
