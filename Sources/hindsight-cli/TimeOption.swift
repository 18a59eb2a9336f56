import Foundation
import Hindsight

/// The one home of the CLI's time options (`--now`, `--since`, `--until`, `--as-of`): the ISO
/// 8601 forms they accept, and the bound every event time has (``Timestamp/allowedRange``), so
/// an absurd time is refused on the command line, naming the option.
enum TimeOption {
    /// The instant of an ISO 8601 date and time (with `Z` or an offset, optionally fractional
    /// seconds), or, when `dateOnly` is allowed, of a date (midnight UTC); nil when `text` is
    /// neither.
    static func parse(_ text: String, dateOnly: Bool) -> Timestamp? {
        let formatter = ISO8601DateFormatter()
        var attempts: [ISO8601DateFormatter.Options] = [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]]
        if dateOnly { attempts.append([.withFullDate]) }
        for options in attempts {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return Timestamp(date) }
        }
        return nil
    }

    /// `instant` when it lies in ``Timestamp/allowedRange``.
    /// - Throws: ``UsageError`` naming `option`, the text given and the range.
    static func bounded(_ instant: Timestamp, option: String, text: String) throws(UsageError) -> Timestamp {
        guard instant.isAllowed else {
            throw UsageError("option --\(option) got '\(text)', which is outside \(Timestamp.allowedRangeText); give a time in that range")
        }
        return instant
    }

    /// The instant of `text` (see ``parse(_:dateOnly:)``), bounded.
    /// - Throws: ``UsageError`` naming `option` when `text` is not such a time or is out of range.
    static func instant(_ text: String, option: String, dateOnly: Bool, example: String) throws(UsageError) -> Timestamp {
        guard let instant = parse(text, dateOnly: dateOnly) else {
            throw UsageError("option --\(option) expects \(example), got '\(text)'")
        }
        return try bounded(instant, option: option, text: text)
    }

    /// `2026-03-01T18:00:00+01:00` (or `Z`) as an instant with that offset; nil when `text` is
    /// not such a time.
    static func withOffset(_ text: String) -> EventTime? {
        guard let date = ISO8601DateFormatter().date(from: text) else { return nil }
        var seconds = 0
        if !text.hasSuffix("Z") {
            let sign = text.dropLast(6).count > 0 ? text[text.index(text.endIndex, offsetBy: -6)] : "Z"
            let parts = text.suffix(5).split(separator: ":").compactMap { Int($0) }
            guard sign == "+" || sign == "-", parts.count == 2 else { return nil }
            seconds = (parts[0] * 3600 + parts[1] * 60) * (sign == "-" ? -1 : 1)
        }
        guard let offset = try? UTCOffset(seconds: seconds) else { return nil }
        return EventTime(instant: Timestamp(date), utcOffset: offset)
    }

    /// The now of `--now TIME` (with its offset, bounded), or the system's when `text` is nil.
    /// - Throws: ``UsageError`` when `text` is not such a time or is out of range, or when the
    ///   system's clock or offset is (see ``CLIEnvironment/nowEventTime()``).
    static func now(_ text: String?, environment: CLIEnvironment) throws(UsageError) -> EventTime {
        guard let text else { return try environment.nowEventTime() }
        guard let time = withOffset(text) else {
            throw UsageError("option --now expects an ISO 8601 time with its offset, e.g. 2026-03-01T18:00:00+01:00, got '\(text)'")
        }
        _ = try bounded(time.instant, option: "now", text: text)
        return time
    }
}
