import Foundation
import Events
import Projections

/// The spelling app's actions: word lists, practice sessions and each word spelled.
public enum SpellingCommand: Sendable {
    case createTest(SpellingTestID, title: String, words: [String])
    case editTest(SpellingTestID, title: String, words: [String])
    case startPractice(SpellingSessionID, test: SpellingTestID)
    /// One try at `word`: what was `typed`, whether it was right, which `attempt` (from 1), the
    /// hints used and how long it took (zero to a day; rounded to the nearest millisecond).
    case spellWord(SpellingSessionID, word: String, typed: String, correct: Bool, attempt: Int = 1, hintsUsed: Int = 0, duration: Duration)
    case endPractice(SpellingSessionID)
    /// Takes a test out of the list to practise, keeping its history and progress (it can still
    /// be read, edited and deleted, not practised).
    case archiveTest(SpellingTestID)
    /// Deletes a test: it disappears from the read models (the log keeps its history, and the
    /// progress of its words stays, the words having been spelled).
    case deleteTest(SpellingTestID)

    func decide(_ command: StoreCommand, _ context: DecisionContext, into decision: inout Decision) throws(StoreError) {
        try context.activeProfile(command)
        switch self {
        case .createTest(let test, let title, let words):
            try context.requireNew(.spellingTest(test), field: "test")
            decision.emit(.spellingTest(test), .spellingTestCreated(SpellingTestCreated(
                test: test, title: try Input.nonEmpty(title, field: "title"), words: try Self.wordList(words))))
        case .editTest(let test, let title, let words):
            try context.requireSpellingTest(test, profile: command.profile)
            decision.emit(.spellingTest(test), .spellingTestEdited(SpellingTestEdited(
                test: test, title: try Input.nonEmpty(title, field: "title"), words: try Self.wordList(words))))
        case .startPractice(let session, let test):
            try context.admitPracticeStart(session, test: test, profile: command.profile)
            decision.emit(.spellingSession(session), .spellingPracticeStarted(SpellingPracticeStarted(session: session, test: test)))
        case .spellWord(let session, let word, let typed, let correct, let attempt, let hintsUsed, let length):
            try context.requireOpenSession(.spellingSession(session), profile: command.profile)
            let number = try Input.checked { () throws(EventValidationError) in try AttemptNumber(attempt) }
            let duration = try Input.checked { () throws(EventValidationError) in try ElapsedTime(input: length) }
            guard let hints = UInt32(exactly: hintsUsed) else {
                throw StoreError(.invalidValue, "hints used \(hintsUsed) must be between 0 and \(UInt32.max)", field: "hintsUsed")
            }
            decision.emit(.spellingSession(session), .wordSpelled(WordSpelled(
                session: session, word: try Input.nonEmpty(word, field: "word"), typed: typed, correct: correct,
                attempt: number, hintsUsed: hints, duration: duration)))
        case .endPractice(let session):
            try context.requireOpenSession(.spellingSession(session), profile: command.profile)
            decision.emit(.spellingSession(session), .spellingPracticeEnded(SpellingPracticeEnded(session: session)))
        case .archiveTest(let test):
            try context.admitArchiving(test, profile: command.profile)
            decision.emit(.spellingTest(test), .spellingTestArchived(SpellingTestArchived(test: test)))
        case .deleteTest(let test):
            try context.requireSpellingTest(test, profile: command.profile)
            decision.emit(.spellingTest(test), .spellingTestDeleted(SpellingTestDeleted(test: test)))
        }
    }

    /// The words trimmed, as a word list (at least one word, none empty).
    private static func wordList(_ words: [String]) throws(StoreError) -> WordList {
        let trimmed = words.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        return try Input.checked { () throws(EventValidationError) in try WordList(trimmed) }
    }

}
