import Events

/// One card's history, kept as plain values and decided by ``CardHistoryRule`` (the rule every
/// reader of the log shares; the vocabulary and activity folds keep the same facts in their own
/// compact storage): fed the log's events about the card in order, with the decks as they stand
/// then, it says which reviews belong to the card's history and which review an undo takes back.
/// The audit and the revlog export use it.
///
/// A fixed-size plain value (240 bytes): the owner and deck as ``IDKey``s, the remembered
/// reviews inline (``ReviewWindow``), what is absent as flag bits.
package struct CardHistory: Sendable, Equatable, BitwiseCopyable {
    /// What one event did to the history.
    package enum Outcome: Equatable {
        /// Nothing: not about the card, or not part of its history.
        case ignored
        /// The card was created (by ``owner``).
        case created
        /// A review that counts (until an undo takes it back).
        case reviewed
        /// A review of the card that is not part of its history, and why.
        case excluded(CardHistoryRule.Exclusion)
        /// An undo that took back this review.
        case tookBack(EventID)
        /// A change by hand that counts (a reset or a due date set): the reviews remembered
        /// before it can no longer be undone; a reset starts a new FSRS history.
        case changed(CardHistoryRule.ManualChange)
    }

    /// One remembered review: its event id, whether it was scheduled (not cram), and the
    /// instant it happened (ms since the epoch; the store refuses a review dated before it).
    package struct Review: Sendable, Equatable {
        /// The review's event id.
        package var id: EventID
        /// Whether it was scheduled (not cram).
        package var isScheduled: Bool
        /// When it happened, ms since the epoch.
        package var instantMs: Int64
    }

    /// Which of the optional parts are present, and whether the card is gone.
    private struct Flags: OptionSet, BitwiseCopyable {
        let rawValue: UInt8
        static let hasOwner = Flags(rawValue: 1)
        static let hasDeck = Flags(rawValue: 2)
        static let hasOlderInstant = Flags(rawValue: 4)
        static let isGone = Flags(rawValue: 8)
    }

    /// The owner's key (meaningful with `.hasOwner`).
    private var ownerKey = IDKey(high: 0, low: 0)
    /// The deck (meaningful with `.hasDeck`).
    private var deckKey = IDKey(high: 0, low: 0)
    /// ``olderInstantMs`` (meaningful with `.hasOlderInstant`).
    private var olderInstant: Int64 = 0
    /// The last counted reviews not undone (at most ``CardHistoryRule/undoDepth``), oldest first.
    private var reviews = ReviewWindow()
    /// What is present, and ``isGone``.
    private var flags: Flags = []

    /// The card's owner: the profile that created it; nil until it is created.
    package var owner: ProfileID? { flags.contains(.hasOwner) ? ProfileID(ownerKey.uuid) : nil }
    /// Whether the card is gone: deleted, or its deck deleted.
    package var isGone: Bool { flags.contains(.isGone) }
    /// The card's deck (nil until it is created).
    package var deck: IDKey? { flags.contains(.hasDeck) ? deckKey : nil }
    /// The last counted reviews not undone (at most ``CardHistoryRule/undoDepth``), oldest
    /// first, as an array (built on each call: for readers that want them all).
    package var window: [Review] { (0..<reviews.count).map(review(at:)) }
    /// How many reviews ``window`` holds.
    package var windowCount: Int { reviews.count }
    /// The instant of the newest counted review that fell out of ``window``, if any.
    package var olderInstantMs: Int64? { flags.contains(.hasOlderInstant) ? olderInstant : nil }

    /// A card not created yet.
    package init() {}

    /// A history restored from its parts (see the properties).
    /// - Precondition: `window` holds at most ``CardHistoryRule/undoDepth`` reviews.
    package init(owner: ProfileID?, isGone: Bool, deck: IDKey?, window: [Review], olderInstantMs: Int64?) {
        self.init(owner: owner, isGone: isGone, deck: deck, olderInstantMs: olderInstantMs)
        for review in window { remember(review) }
    }

    /// A history restored from its parts, with no review remembered yet (see ``remember(_:)``).
    init(owner: ProfileID?, isGone: Bool, deck: IDKey?, olderInstantMs: Int64?) {
        if let owner { setOwner(owner) }
        if let deck { setDeck(deck) }
        setGone(isGone)
        if let olderInstantMs { setOlderInstant(olderInstantMs) }
    }

    /// Remembers `review` after the others (restoring a history).
    /// - Precondition: fewer than ``CardHistoryRule/undoDepth`` are remembered.
    mutating func remember(_ review: Review) {
        precondition(reviews.count < CardHistoryRule.undoDepth, "a card remembers at most \(CardHistoryRule.undoDepth) reviews")
        reviews.append(id: IDKey(review.id), isScheduled: review.isScheduled, instantMs: review.instantMs)
    }

    /// The review at `place` of ``window`` (`0 ..< windowCount`; 0 is the oldest).
    package func review(at place: Int) -> Review {
        Review(id: EventID(reviews.id(at: place).uuid), isScheduled: reviews.isScheduled(at: place),
               instantMs: reviews.instantMs(at: place))
    }

    /// The card an event of the history is about (creation, move, deletion, review, undo, reset,
    /// due date set), if any.
    package static func card(of event: RecordedEvent) -> CardID? {
        switch event.event {
        case .cardReset(let reset): reset.card
        case .cardDueSet(let set): set.card
        case .cardCreated(let created): created.card
        case .cardMoved(let moved): moved.card
        case .cardDeleted(let deleted): deleted.card
        case .reviewGraded(let review): review.card
        case .reviewUndone(let undo): undo.card
        default: nil
        }
    }

    /// Folds a deck's creation or deletion into `decks` (other events change nothing).
    package static func observeDecks(_ event: RecordedEvent, into decks: inout DeckLifecycle) {
        switch event.event {
        case .deckCreated(let created): decks.create(created.deck)
        case .deckDeleted(let deleted): _ = decks.delete(deleted.deck)
        default: break
        }
    }

    /// The instant of the latest counted review not undone, or of the newest forgotten one.
    package var lastInstantMs: Int64? {
        reviews.count > 0 ? reviews.instantMs(at: reviews.count - 1) : olderInstantMs
    }

    /// The review the store's undo command takes back, if any is left.
    package var reviewToUndo: EventID? {
        CardHistoryRule.reviewToUndo(count: reviews.count).map { EventID(reviews.id(at: $0).uuid) }
    }

    /// Folds `event`, an event about this card (see ``card(of:)``), in log order; `decks` are
    /// the decks as the log stands at `event` (see ``observeDecks(_:into:)``).
    package mutating func observe(_ event: RecordedEvent, decks: DeckLifecycle) -> Outcome {
        // The card's deck may have been deleted since its last event.
        if let deck { setGone(CardHistoryRule.isGone(deleted: isGone, deckDeleted: decks.isDeleted(deck))) }
        let created = flags.contains(.hasOwner)
        switch event.event {
        case .cardCreated(let created) where CardHistoryRule.createsCard(idKnown: flags.contains(.hasOwner)):
            setOwner(event.profile)
            setDeck(IDKey(created.deck))
            setGone(CardHistoryRule.isGone(deleted: false, deckDeleted: decks.isDeleted(IDKey(created.deck))))
            return .created
        case .cardMoved(let moved) where CardHistoryRule.moves(created: created, isGone: isGone):
            setDeck(IDKey(moved.toDeck))
            setGone(CardHistoryRule.isGone(deleted: false, deckDeleted: decks.isDeleted(IDKey(moved.toDeck))))
            return .ignored
        case .cardDeleted where CardHistoryRule.deletes(created: created):
            setGone(true)
            return .ignored
        case .reviewGraded(let review):
            if let exclusion = exclusion(of: event) { return .excluded(exclusion) }
            if CardHistoryRule.forgetsOldest(remembered: reviews.count) { setOlderInstant(reviews.removeFirst()) }
            reviews.append(id: IDKey(event.id), isScheduled: review.mode == .scheduled,
                           instantMs: event.occurred.instant.milliseconds)
            return .reviewed
        case .cardReset where exclusion(of: event) == nil:
            return changed(by: .reset)
        case .cardDueSet where exclusion(of: event) == nil:
            return changed(by: .dueSet)
        case .reviewUndone(let undo) where exclusion(of: event) == nil:
            guard let index = CardHistoryRule.reviewTakenBack(IDKey(undo.review), count: reviews.count,
                                                              id: { reviews.id(at: $0) },
                                                              isScheduled: { reviews.isScheduled(at: $0) })
            else { return .ignored }
            reviews.remove(at: index)
            return .tookBack(undo.review)
        default:
            return .ignored
        }
    }

    /// Folds a counted change by hand: the remembered reviews are forgotten (their latest instant
    /// kept: a review is still not dated before it).
    private mutating func changed(by change: CardHistoryRule.ManualChange) -> Outcome {
        if CardHistoryRule.forgetsRemembered(change) {
            if let last = lastInstantMs { setOlderInstant(last) }
            reviews.removeAll()
        }
        return .changed(change)
    }

    /// Why a review or undo recorded as `event` is not part of the history; nil when it is.
    private func exclusion(of event: RecordedEvent) -> CardHistoryRule.Exclusion? {
        CardHistoryRule.exclusion(created: flags.contains(.hasOwner), isGone: isGone,
                                  recordedByOwner: flags.contains(.hasOwner) && ownerKey == IDKey(event.profile))
    }

    /// Sets the owner.
    @inline(__always) private mutating func setOwner(_ owner: ProfileID) {
        ownerKey = IDKey(owner)
        flags.insert(.hasOwner)
    }

    /// Sets the deck.
    @inline(__always) private mutating func setDeck(_ deck: IDKey) {
        deckKey = deck
        flags.insert(.hasDeck)
    }

    /// Sets whether the card is gone.
    @inline(__always) private mutating func setGone(_ gone: Bool) {
        if gone { flags.insert(.isGone) } else { flags.remove(.isGone) }
    }

    /// Sets ``olderInstantMs``.
    @inline(__always) mutating func setOlderInstant(_ instant: Int64) {
        olderInstant = instant
        flags.insert(.hasOlderInstant)
    }
}

extension CardHistory {
    /// Equal when every part is: the owner, whether gone, the deck, the remembered reviews and
    /// the older instant (what is absent is not compared).
    package static func == (lhs: CardHistory, rhs: CardHistory) -> Bool {
        lhs.flags == rhs.flags && lhs.owner == rhs.owner && lhs.deck == rhs.deck
            && lhs.olderInstantMs == rhs.olderInstantMs && lhs.reviews == rhs.reviews
    }
}
