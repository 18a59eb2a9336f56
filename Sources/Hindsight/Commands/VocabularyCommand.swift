import Foundation
import Events
import Projections

/// The vocabulary app's actions: decks, cards, reviews, undo, study sessions and generated
/// material attached to cards.
public enum VocabularyCommand: Sendable {
    case createDeck(DeckID, name: String)
    case renameDeck(DeckID, name: String)
    case deleteDeck(DeckID)
    case createCard(CardID, deck: DeckID, front: String, back: String)
    case editCard(CardID, front: String, back: String)
    case moveCard(CardID, to: DeckID)
    case suspendCard(CardID)
    case unsuspendCard(CardID)
    case deleteCard(CardID)
    /// Set a card aside until the learner's next local day (its schedule unchanged).
    case buryCard(CardID)
    /// Reset a card to new: it starts a new FSRS history (``CardReset``); its earlier reviews
    /// stay in the log and in the statistics, and can no longer be undone.
    case resetCard(CardID)
    /// Make a reviewed card due on the local day `daysFromToday` after today (0 is today, up to
    /// ``maximumDueDays``), its memory state unchanged (``CardDueSet``, Anki's "set due date");
    /// its earlier reviews can no longer be undone.
    case setDueDate(CardID, daysFromToday: Int)
    /// A graded review: how well the card was recalled, and how long the answer took (zero to a
    /// day; rounded to the nearest millisecond).
    case review(CardID, rating: Rating, mode: ReviewMode = .scheduled, duration: Duration)
    /// Undo the card's latest review that is not yet undone (a compensating event).
    case undoLastReview(CardID)
    case startStudySession(StudySessionID, deck: DeckID?)
    case endStudySession(StudySessionID)
    case attachExampleSentence(CardID, sentence: String, generator: String)
    case attachTranslation(CardID, translation: String, language: String)

    /// The furthest due date ``setDueDate(_:daysFromToday:)`` accepts: 100 years of days.
    public static let maximumDueDays = 36_500

    func decide(_ command: StoreCommand, _ context: DecisionContext, into decision: inout Decision) throws(StoreError) {
        try context.activeProfile(command)
        switch self {
        case .createDeck(let deck, let name):
            try context.requireNew(.deck(deck), field: "deck")
            decision.emit(.deck(deck), .deckCreated(DeckCreated(deck: deck, name: try Input.nonEmpty(name, field: "name"))))
        case .renameDeck(let deck, let name):
            try context.liveDeck(deck, command)
            decision.emit(.deck(deck), .deckRenamed(DeckRenamed(deck: deck, name: try Input.nonEmpty(name, field: "name"))))
        case .deleteDeck(let deck):
            try context.liveDeck(deck, command)
            decision.emit(.deck(deck), .deckDeleted(DeckDeleted(deck: deck)))
        case .createCard(let card, let deck, let front, let back):
            try context.requireNew(.card(card), field: "card")
            try context.liveDeck(deck, command)
            decision.emit(.card(card), .cardCreated(CardCreated(card: card, deck: deck, front: try Input.nonEmpty(front, field: "front"),
                                                                back: try Input.nonEmpty(back, field: "back"))))
        case .editCard(let card, let front, let back):
            _ = try context.liveCard(card, command)
            decision.emit(.card(card), .cardEdited(CardEdited(card: card, front: try Input.nonEmpty(front, field: "front"),
                                                              back: try Input.nonEmpty(back, field: "back"))))
        case .moveCard(let card, let deck):
            let summary = try context.liveCard(card, command)
            try context.liveDeck(deck, command, field: "to")
            guard summary.deck != deck else {
                throw StoreError(.invalidState, "card \(card) is already in deck \(deck); choose another deck", stream: .card(card), field: "to")
            }
            decision.emit(.card(card), .cardMoved(CardMoved(card: card, fromDeck: summary.deck, toDeck: deck)))
        case .suspendCard(let card):
            guard try !context.liveCard(card, command).isSuspended else {
                throw StoreError(.invalidState, "card \(card) is already suspended", stream: .card(card), field: "card")
            }
            decision.emit(.card(card), .cardSuspended(CardSuspended(card: card)))
        case .unsuspendCard(let card):
            guard try context.liveCard(card, command).isSuspended else {
                throw StoreError(.invalidState, "card \(card) is not suspended", stream: .card(card), field: "card")
            }
            decision.emit(.card(card), .cardUnsuspended(CardUnsuspended(card: card)))
        case .deleteCard(let card):
            _ = try context.liveCard(card, command)
            decision.emit(.card(card), .cardDeleted(CardDeleted(card: card)))
        case .buryCard(let card):
            guard try !context.liveCard(card, command).isSuspended else {
                throw StoreError(.invalidState, "card \(card) is suspended, so already out of the queue; unsuspend it first",
                                 stream: .card(card), field: "card")
            }
            guard !context.vocabulary.isBuried(card, at: command.time) else {
                throw StoreError(.invalidState, "card \(card) is already buried until the next local day",
                                 stream: .card(card), field: "card")
            }
            decision.emit(.card(card), .cardBuried(CardBuried(card: card)))
        case .resetCard(let card):
            guard try !context.liveCard(card, command).isNew else {
                throw StoreError(.invalidState, "card \(card) is already new (it has no review since it was created or last reset); "
                                 + "nothing to reset", stream: .card(card), field: "card")
            }
            decision.emit(.card(card), .cardReset(CardReset(card: card)))
        case .setDueDate(let card, let days):
            guard (0...Self.maximumDueDays).contains(days) else {
                throw StoreError(.invalidValue, "daysFromToday \(days) is not 0 … \(Self.maximumDueDays); give 0 for today, 1 for tomorrow",
                                 stream: .card(card), field: "daysFromToday")
            }
            guard try !context.liveCard(card, command).isNew else {
                throw StoreError(.invalidState, "card \(card) is new, so it has no due date to set; review it first "
                                 + "(new cards are offered by the daily new-card limit)", stream: .card(card), field: "card")
            }
            let due = context.vocabulary.startOfDay(days, after: command.time, profile: command.profile)
            decision.emit(.card(card), .cardDueSet(CardDueSet(card: card, due: due)))
        case .review(let card, let rating, let mode, let duration):
            try Self.review(card, rating: rating, mode: mode, duration: duration, command, context, into: &decision)
        case .undoLastReview(let card):
            _ = try context.liveCard(card, command)
            guard let review = context.ledger.reviewToUndo(of: card) else {
                throw StoreError(.nothingToUndo, "card \(card) has no review left to undo", stream: .card(card), field: "card")
            }
            decision.emit(.card(card), .reviewUndone(ReviewUndone(card: card, review: review)))
        case .startStudySession(let session, let deck):
            try context.requireNew(.studySession(session), field: "session")
            if let deck { try context.liveDeck(deck, command) }
            decision.emit(.studySession(session), .studySessionStarted(StudySessionStarted(session: session, deck: deck)))
        case .endStudySession(let session):
            try context.requireOpenSession(.studySession(session), command)
            decision.emit(.studySession(session), .studySessionEnded(StudySessionEnded(session: session)))
        case .attachExampleSentence(let card, let sentence, let generator):
            _ = try context.liveCard(card, command)
            decision.emit(.card(card), .exampleSentenceAttached(ExampleSentenceAttached(
                card: card, sentence: try Input.nonEmpty(sentence, field: "sentence"), generator: try Input.nonEmpty(generator, field: "generator"))))
        case .attachTranslation(let card, let translation, let language):
            _ = try context.liveCard(card, command)
            let tag = try Input.checked { () throws(EventValidationError) in try LanguageTag(language) }
            decision.emit(.card(card), .translationAttached(TranslationAttached(
                card: card, translation: try Input.nonEmpty(translation, field: "translation"), language: tag)))
        }
    }

    /// A review: a duration of zero to a day, a live card not suspended (for a scheduled review),
    /// dated neither before the card was created nor before its previous review.
    private static func review(_ card: CardID, rating: Rating, mode: ReviewMode, duration: Duration, _ command: StoreCommand,
                               _ context: DecisionContext, into decision: inout Decision) throws(StoreError) {
        let elapsed = try Input.checked { () throws(EventValidationError) in try ElapsedTime(input: duration) }
        let summary = try context.liveCard(card, command)
        if mode == .scheduled && summary.isSuspended {
            throw StoreError(.invalidState, "card \(card) is suspended; unsuspend it before a scheduled review (or review it as cram)",
                             stream: .card(card), field: "card")
        }
        let at = command.time.instant.milliseconds
        if at < summary.created.instant.milliseconds {
            throw StoreError(.reviewOutOfOrder, "the review at \(at) ms is dated before card \(card) was created (\(summary.created.instant.milliseconds) ms); check the review's time",
                             stream: .card(card), field: "time")
        }
        if let previous = context.ledger.lastReviewInstantMs(of: card), at < previous {
            throw StoreError(.reviewOutOfOrder, "the review at \(at) ms is dated before the card's previous review (\(previous) ms); reviews must be sent in time order",
                             stream: .card(card), field: "time")
        }
        decision.emit(.card(card), .reviewGraded(ReviewGraded(card: card, rating: rating, mode: mode, duration: elapsed)))
    }
}
