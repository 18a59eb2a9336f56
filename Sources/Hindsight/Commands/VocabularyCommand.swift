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
        let profile = command.profile
        switch self {
        case .createDeck(let deck, let name):
            try context.requireNew(.deck(deck), field: "deck")
            decision.emit(.deck(deck), .deckCreated(DeckCreated(deck: deck, name: try Input.nonEmpty(name, field: "name"))))
        case .renameDeck(let deck, let name):
            try context.liveDeck(deck, profile: profile)
            decision.emit(.deck(deck), .deckRenamed(DeckRenamed(deck: deck, name: try Input.nonEmpty(name, field: "name"))))
        case .deleteDeck(let deck):
            try context.liveDeck(deck, profile: profile)
            decision.emit(.deck(deck), .deckDeleted(DeckDeleted(deck: deck)))
        case .createCard(let card, let deck, let front, let back):
            try context.admitCardCreation(card, deck: deck, profile: profile)
            decision.emit(.card(card), .cardCreated(CardCreated(card: card, deck: deck, front: try Input.nonEmpty(front, field: "front"),
                                                                back: try Input.nonEmpty(back, field: "back"))))
        case .editCard(let card, let front, let back):
            _ = try context.liveCard(card, profile: profile)
            decision.emit(.card(card), .cardEdited(CardEdited(card: card, front: try Input.nonEmpty(front, field: "front"),
                                                              back: try Input.nonEmpty(back, field: "back"))))
        case .moveCard(let card, let deck):
            let summary = try context.admitMove(card, to: deck, profile: profile)
            decision.emit(.card(card), .cardMoved(CardMoved(card: card, fromDeck: summary.deck, toDeck: deck)))
        case .suspendCard(let card):
            try context.admitSuspension(card, profile: profile)
            decision.emit(.card(card), .cardSuspended(CardSuspended(card: card)))
        case .unsuspendCard(let card):
            try context.admitUnsuspension(card, profile: profile)
            decision.emit(.card(card), .cardUnsuspended(CardUnsuspended(card: card)))
        case .deleteCard(let card):
            _ = try context.liveCard(card, profile: profile)
            decision.emit(.card(card), .cardDeleted(CardDeleted(card: card)))
        case .buryCard(let card):
            try context.admitBurial(card, profile: profile, at: command.time)
            decision.emit(.card(card), .cardBuried(CardBuried(card: card)))
        case .resetCard(let card):
            try context.admitReset(card, profile: profile)
            decision.emit(.card(card), .cardReset(CardReset(card: card)))
        case .setDueDate(let card, let days):
            guard (0...Self.maximumDueDays).contains(days) else {
                throw StoreError(.invalidValue, "daysFromToday \(days) is not 0 … \(Self.maximumDueDays); give 0 for today, 1 for tomorrow",
                                 stream: .card(card), field: "daysFromToday")
            }
            try context.admitDueSet(card, profile: profile)
            let due = context.vocabulary.startOfDay(days, after: command.time, profile: command.profile)
            decision.emit(.card(card), .cardDueSet(CardDueSet(card: card, due: due)))
        case .review(let card, let rating, let mode, let duration):
            let elapsed = try Input.checked { () throws(EventValidationError) in try ElapsedTime(input: duration) }
            try context.admitReview(card, mode: mode, profile: profile, at: command.time)
            decision.emit(.card(card), .reviewGraded(ReviewGraded(card: card, rating: rating, mode: mode, duration: elapsed)))
        case .undoLastReview(let card):
            let review = try context.reviewToUndo(of: card, profile: profile)
            decision.emit(.card(card), .reviewUndone(ReviewUndone(card: card, review: review)))
        case .startStudySession(let session, let deck):
            try context.admitStudySessionStart(session, deck: deck, profile: profile)
            decision.emit(.studySession(session), .studySessionStarted(StudySessionStarted(session: session, deck: deck)))
        case .endStudySession(let session):
            try context.requireOpenSession(.studySession(session), profile: profile)
            decision.emit(.studySession(session), .studySessionEnded(StudySessionEnded(session: session)))
        case .attachExampleSentence(let card, let sentence, let generator):
            _ = try context.liveCard(card, profile: profile)
            decision.emit(.card(card), .exampleSentenceAttached(ExampleSentenceAttached(
                card: card, sentence: try Input.nonEmpty(sentence, field: "sentence"), generator: try Input.nonEmpty(generator, field: "generator"))))
        case .attachTranslation(let card, let translation, let language):
            _ = try context.liveCard(card, profile: profile)
            let tag = try Input.checked { () throws(EventValidationError) in try LanguageTag(language) }
            decision.emit(.card(card), .translationAttached(TranslationAttached(
                card: card, translation: try Input.nonEmpty(translation, field: "translation"), language: tag)))
        }
    }
}
