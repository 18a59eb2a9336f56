import Foundation
import Events

/// The dictation app's action: a dictation finished.
public enum DictationCommand: Sendable {
    /// `wordCount` words dictated in `duration` (zero to a day; rounded to the nearest
    /// millisecond), in `language` (a BCP 47 tag).
    case finish(wordCount: Int, duration: Duration, language: String)

    func decide(_ command: StoreCommand, _ context: DecisionContext, into decision: inout Decision) throws(StoreError) {
        try context.activeProfile(command)
        switch self {
        case .finish(let wordCount, let length, let language):
            guard let words = UInt32(exactly: wordCount) else {
                throw StoreError(.invalidValue, "word count \(wordCount) must be between 0 and \(UInt32.max)", field: "wordCount")
            }
            let duration = try Input.checked { () throws(EventValidationError) in try ElapsedTime(input: length) }
            let tag = try Input.checked { () throws(EventValidationError) in try LanguageTag(language) }
            decision.emit(.profile(command.profile), .dictationFinished(DictationFinished(wordCount: words, duration: duration, language: tag)))
        }
    }
}
