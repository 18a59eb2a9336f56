import Events

/// A profile's daily review limit (Anki's "maximum reviews/day"): the value of its latest valid
/// `SettingChanged` of ``SettingKey/reviewsPerDay``; without one, no limit. The one home of the
/// rule the due queue (``VocabularyState/dueCount(profile:deck:at:)``, ``VocabularyState/dueToday(profile:deck:at:)``,
/// ``VocabularyState/dueQueue(profile:deck:at:limit:)``) and the forecast
/// (``VocabularyState/dueForecast(profile:deck:at:days:reviewLimit:)``) apply.
///
/// Rules, and why:
/// - The limit counts cards in the review phase: a scheduled review of a card whose state before
///   it was in the review phase counts against the local day it falls on (an undo takes it
///   back); cram reviews, first reviews of new cards and reviews in a (re)learning step do not.
///   New cards have their own daily limit; a card in a learning step is never held back,
///   because stopping it halfway through its steps would undo what the steps are for (Anki
///   does the same with intraday learning cards).
/// - Reviews offered on a day = the cards in the review phase due, at most the limit less the
///   reviews already counted that day (never below 0); the earliest due are offered first and
///   the rest are held back until a later day.
/// - Only an `.int` in ``range`` sets a limit; another value in the log is ignored (the limit
///   in force stays), as ``NewCardLimit`` does. 0 is valid: no reviews that day. An unset
///   setting removes the limit.
public struct DailyReviewLimit: Sendable, Equatable {
    /// The limits a setting can give: 0 … 100 000 reviews a day.
    package static let range = 0...100_000

    /// Reviews offered per local day, within ``range``.
    public let value: Int

    /// The limit `setting` gives, or nil when it gives none (not an `.int`, or out of ``range``).
    package init?(_ setting: SettingValue) {
        guard case .int(let number) = setting, let value = Int(exactly: number), Self.range.contains(value) else {
            return nil
        }
        self.value = value
    }

    /// Whether a scheduled review counts against the day's limit: when the card was in the
    /// review phase before it (`previousInReview`).
    @inline(__always)
    public static func counts(previousInReview: Bool) -> Bool { previousInReview }

    /// How many of `due` cards in the review phase are offered on a day when `done` reviews were
    /// already counted on it, under `limit` (nil: no limit, all of them).
    public static func offered(due: Int, done: Int, limit: Int?) -> Int {
        guard let limit else { return max(0, due) }
        return min(max(0, due), max(0, limit - max(0, done)))
    }
}

extension DailyReviewLimit: BinaryCodable {
    /// Reads a limit written by ``encode(to:)``.
    /// - Throws: ``EventDecodingError`` for a malformed integer or one out of ``range``.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let start = reader.offset
        let value = try reader.readInt()
        guard Self.range.contains(value) else {
            throw EventDecodingError(.invalidValue, "a daily review limit of \(value) is outside \(Self.range)", offset: start)
        }
        self.value = value
    }

    package func encode(to writer: inout BinaryWriter) { value.encode(to: &writer) }
}
