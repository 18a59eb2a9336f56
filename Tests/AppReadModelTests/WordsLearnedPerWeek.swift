import Foundation
import Hindsight

/// A read model an app adds: per profile, the words learned in each ISO week of the learner's
/// local time. A word counts once, in the week of its first review rated `passing` or better.
struct WordsLearnedPerWeek: Projection {
    struct State: ProjectionState, Equatable {
        /// Per profile, per ISO week ("2026-W10"), the words learned.
        var weeks: [ProfileID: [String: Int]] = [:]
        /// The words learned so far, with the week each was learned in.
        var learned: [CardID: String] = [:]

        init() {}

        init(from reader: inout SnapshotReader) throws(EventDecodingError) {
            weeks = try reader.read()
            learned = try reader.read()
        }

        func encode(to writer: inout SnapshotWriter) {
            writer.write(weeks)
            writer.write(learned)
        }
    }

    /// Names the snapshot file; unique among read models.
    static let name = "words-learned-per-week"
    /// Bump when `apply` or the state's encoding changes: the model is then rebuilt from the log.
    static let version: UInt32 = 1

    /// The lowest rating that shows a word is known.
    var passing: Rating = .good
    /// Another `passing` folds another state: a snapshot taken under it is not used.
    var fingerprint: UInt64 { UInt64(passing.rawValue) }

    func makeInitialState() -> State { State() }

    func apply(_ event: RecordedEvent, to state: inout State) {
        guard case .reviewGraded(let review) = event.event, review.rating.rawValue >= passing.rawValue,
              state.learned[review.card] == nil else { return }
        let week = Self.isoWeek(of: event.occurred)
        state.learned[review.card] = week
        state.weeks[event.profile, default: [:]][week, default: 0] += 1
    }

    /// The ISO week of `time` in the learner's local time: the UTC offset recorded with the
    /// event, never the device's time zone, so every device folds the same weeks.
    static func isoWeek(of time: EventTime) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let localMilliseconds = time.instant.milliseconds + Int64(time.utcOffset.seconds) * 1000
        let week = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear],
                                           from: Date(timeIntervalSince1970: Double(localMilliseconds) / 1000))
        return "\(week.yearForWeekOfYear!)-W" + (week.weekOfYear! < 10 ? "0" : "") + "\(week.weekOfYear!)"
    }
}
