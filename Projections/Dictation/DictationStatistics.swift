import Events

/// The dictation read model, folded by ``DictationStatisticsProjection``: per profile and
/// language, the dictations finished, their words and time, and words per minute.
///
/// Languages are grouped by their tag in lower case (`en-GB` and `en-gb` are one language, as
/// BCP 47 tags compare without case) and shown so. Memory grows with profiles × languages.
public struct DictationStatistics: ProjectionState, BinaryCodable, Equatable {
    /// Totals per profile per lower-cased language tag.
    var totals: [ProfileID: [String: DictationTotals]] = [:]

    init() {}

    /// The language `tag` is counted under: its text in lower case.
    static func language(of tag: LanguageTag) -> String { tag.value.lowercased() }

    /// What `profile` dictated in each language, by language tag (lower case).
    /// - Complexity: O(l log l) in the profile's languages.
    public func languages(profile: ProfileID) -> [(language: String, totals: DictationTotals)] {
        (totals[profile] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// What `profile` dictated in `language` (any case), nil when nothing.
    public func totals(profile: ProfileID, language: String) -> DictationTotals? { totals[profile]?[language.lowercased()] }

    /// What `profile` dictated in every language together.
    public func total(profile: ProfileID) -> DictationTotals {
        (totals[profile] ?? [:]).values.reduce(DictationTotals()) { $0.adding($1) }
    }
}

extension DictationStatistics {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        totals = try [ProfileID: [String: DictationTotals]](decoding: &reader)
    }

    package func encode(to writer: inout BinaryWriter) { totals.encode(to: &writer) }
}

/// Folds `DictationFinished` into ``DictationStatistics``: each counts once, for the event's
/// profile, under its language (lower case). Never throws.
package struct DictationStatisticsProjection: Projection {
    package typealias State = DictationStatistics

    package static let name = "dictation"
    package static let version: UInt32 = 1

    package init() {}

    package func makeInitialState() -> DictationStatistics { DictationStatistics() }

    /// Dictations finished; nothing else.
    package var kinds: EventKindSet { EventKindSet(.dictationFinished) }

    package func apply(_ event: RecordedEvent, to state: inout DictationStatistics) {
        guard case .dictationFinished(let dictation) = event.event else { return }
        state.totals[event.profile, default: [:]][DictationStatistics.language(of: dictation.language), default: DictationTotals()]
            .count(words: dictation.wordCount, durationMs: dictation.duration.countedMilliseconds)
    }
}
