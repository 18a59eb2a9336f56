import Events
import Projections

// The admission checks of the vocabulary's events (decks, cards, reviews, undo, study sessions),
// called by the vocabulary commands and by ``DecisionContext/admit(_:)``.
extension DecisionContext {
    /// A new card `card` in live deck `deck` of `profile`.
    /// - Throws: ``StoreError`` `alreadyExists`, or as ``liveDeck(_:profile:field:)``.
    func admitCardCreation(_ card: CardID, deck: DeckID, profile: ProfileID) throws(StoreError) {
        try requireNew(.card(card), field: "card")
        try liveDeck(deck, profile: profile)
    }

    /// Moving live card `card` of `profile` to another live deck `deck`.
    /// - Returns: the card as it is before the move.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)`` and ``liveDeck(_:profile:field:)``;
    ///   `invalidState` when the card is already in `deck`.
    @discardableResult
    func admitMove(_ card: CardID, to deck: DeckID, profile: ProfileID) throws(StoreError) -> CardStanding {
        let summary = try liveCard(card, profile: profile)
        try liveDeck(deck, profile: profile, field: "to")
        guard summary.deck != deck else {
            throw StoreError(.invalidState, "card \(card) is already in deck \(deck); choose another deck", stream: .card(card), field: "to")
        }
        return summary
    }

    /// A recorded move: as ``admitMove(_:to:profile:)``, from the deck the card is in.
    /// - Throws: ``StoreError`` as ``admitMove(_:to:profile:)``; `invalidState` when the card is
    ///   not in the deck the move names as its origin.
    func admitMove(_ moved: CardMoved, profile: ProfileID) throws(StoreError) {
        let summary = try admitMove(moved.card, to: moved.toDeck, profile: profile)
        guard summary.deck == moved.fromDeck else {
            throw StoreError(.invalidState, "card \(moved.card) is in deck \(summary.deck), not in deck \(moved.fromDeck) that the move leaves",
                             stream: .card(moved.card), field: "fromDeck")
        }
    }

    /// Suspending live card `card` of `profile`, which is not suspended.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``; `invalidState` when already suspended.
    func admitSuspension(_ card: CardID, profile: ProfileID) throws(StoreError) {
        guard try !liveCard(card, profile: profile).isSuspended else {
            throw StoreError(.invalidState, "card \(card) is already suspended", stream: .card(card), field: "card")
        }
    }

    /// Unsuspending live card `card` of `profile`, which is suspended.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``; `invalidState` when not suspended.
    func admitUnsuspension(_ card: CardID, profile: ProfileID) throws(StoreError) {
        guard try liveCard(card, profile: profile).isSuspended else {
            throw StoreError(.invalidState, "card \(card) is not suspended", stream: .card(card), field: "card")
        }
    }

    /// Burying live card `card` of `profile` at `time`: neither suspended nor buried already.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``; `invalidState` when suspended or buried.
    func admitBurial(_ card: CardID, profile: ProfileID, at time: EventTime) throws(StoreError) {
        guard try !liveCard(card, profile: profile).isSuspended else {
            throw StoreError(.invalidState, "card \(card) is suspended, so already out of the queue; unsuspend it first",
                             stream: .card(card), field: "card")
        }
        guard !vocabulary.isBuried(card, at: time) else {
            throw StoreError(.invalidState, "card \(card) is already buried until the next local day",
                             stream: .card(card), field: "card")
        }
    }

    /// A review of live card `card` of `profile` at `time`: not suspended (for a scheduled
    /// review), dated neither before the card was created nor before its previous review.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``; `invalidState` (suspended),
    ///   `reviewOutOfOrder`.
    func admitReview(_ card: CardID, mode: ReviewMode, profile: ProfileID, at time: EventTime) throws(StoreError) {
        // One lookup of the card for its standing and its latest review.
        let found = vocabulary.reviewStanding(of: card)
        let summary = try live(found?.standing, card, profile: profile)
        if mode == .scheduled && summary.isSuspended {
            throw StoreError(.invalidState, "card \(card) is suspended; unsuspend it before a scheduled review (or review it as cram)",
                             stream: .card(card), field: "card")
        }
        let at = time.instant.milliseconds
        if at < summary.created.instant.milliseconds {
            throw StoreError(.reviewOutOfOrder, "the review at \(at) ms is dated before card \(card) was created (\(summary.created.instant.milliseconds) ms); check the review's time",
                             stream: .card(card), field: "time")
        }
        if let previous = found?.lastReviewInstantMs, at < previous {
            throw StoreError(.reviewOutOfOrder, "the review at \(at) ms is dated before the card's previous review (\(previous) ms); reviews must be sent in time order",
                             stream: .card(card), field: "time")
        }
    }

    /// The review an undo of live card `card` of `profile` takes back.
    /// - Throws: ``StoreError`` as ``liveCard(_:profile:)``; `nothingToUndo`.
    func reviewToUndo(of card: CardID, profile: ProfileID) throws(StoreError) -> EventID {
        _ = try liveCard(card, profile: profile)
        guard let review = vocabulary.reviewToUndo(of: card) else {
            throw StoreError(.nothingToUndo, "card \(card) has no review left to undo", stream: .card(card), field: "card")
        }
        return review
    }

    /// A recorded undo: it must take back the review an undo takes back now.
    /// - Throws: ``StoreError`` as ``reviewToUndo(of:profile:)``; `invalidState` when it names another review.
    func admitUndo(_ undone: ReviewUndone, profile: ProfileID) throws(StoreError) {
        let review = try reviewToUndo(of: undone.card, profile: profile)
        guard review == undone.review else {
            throw StoreError(.invalidState, "the undo takes back review \(undone.review), but the review of card \(undone.card) left to undo is \(review)",
                             stream: .card(undone.card), field: "review")
        }
    }

    /// A new study session, in live deck `deck` of `profile` when one is given.
    /// - Throws: ``StoreError`` `alreadyExists`, or as ``liveDeck(_:profile:field:)``.
    func admitStudySessionStart(_ session: StudySessionID, deck: DeckID?, profile: ProfileID) throws(StoreError) {
        try requireNew(.studySession(session), field: "session")
        if let deck { try liveDeck(deck, profile: profile) }
    }
}
