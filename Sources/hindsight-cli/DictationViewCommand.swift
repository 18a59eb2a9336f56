import Foundation
import Hindsight

/// `hindsight dictation`: per profile, what was dictated in each language (dictations, words,
/// minutes, words per minute) and in all. A view of its own rather than columns of `stats`:
/// `stats` is a table of local days whose counters have no language, and a language's speed is a
/// figure over all its dictations, not a day's count.
struct DictationViewCommand: ProfileViewCommand {
    static let spec = CommandSpec(
        path: ["dictation"],
        summary: "dictations per language and words per minute, per profile",
        about: """
            Per profile (or the one given): for each language dictated in (its tag in lower case,
            by tag) and for all together, the dictations finished, the words dictated, the minutes
            dictating and the words per minute (the words of the timed dictations over their
            minutes; '-' before any dictation took time).
            """,
        options: viewOptions)

    static let reads: ReadModelNeeds = .dictation
    let query: QueryOptions
    let json: Bool

    struct Totals: Encodable {
        let dictations: Int
        let words: Int64
        let seconds: Int64
        let wordsPerMinute: Double?

        init(_ totals: DictationTotals) {
            dictations = totals.dictations
            words = totals.words
            seconds = totals.durationMs / 1000
            // One decimal, as the text shows it (the same figure in both).
            wordsPerMinute = totals.wordsPerMinute.map { ($0 * 10).rounded() / 10 }
        }

        var wordsPerMinuteText: String { wordsPerMinute.map { String(format: "%.1f", $0) } ?? "-" }
    }
    struct Language: Encodable {
        let language: String
        let totals: Totals
        private enum Keys: String, CodingKey { case language }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(language, forKey: .language)
            try totals.encode(to: encoder)
        }
    }
    struct Entry: Encodable {
        let languages: [Language]
        let total: Totals
    }

    func entry(for record: ProfileRecord, in models: CurrentReadModels) -> Entry {
        Entry(languages: models.dictation.languages(profile: record.id).map { Language(language: $0.language, totals: Totals($0.totals)) },
              total: Totals(models.dictation.total(profile: record.id)))
    }

    func lines(_ entry: Entry) -> [String] {
        guard !entry.languages.isEmpty else { return ["dictation: none"] }
        let row = { (name: String, t: Totals) in
            "  \(pad(name, 9)) \(pad(t.dictations, 10)) \(pad(t.words, 6)) \(pad(MinutesText.minutes(milliseconds: t.seconds * 1000), 7)) "
                + t.wordsPerMinuteText
        }
        return ["dictation: " + EnglishText.count(entry.languages.count, "language"),
                "  language  dictations words  minutes wpm"]
            + entry.languages.map { row($0.language, $0.totals) } + [row("total", entry.total)]
    }
}
