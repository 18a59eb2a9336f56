import Foundation
import Hindsight

/// Everything the CLI reads from the outside world, read once in `main` (the composition
/// root) and passed down, so commands stay testable and nothing else reads the clock or
/// the environment.
struct CLIEnvironment: Sendable {
    /// The working directory the process started in.
    var currentDirectory: String
    /// The process environment.
    var variables: [String: String]

    /// The embedded default data directory: `$HINDSIGHT_DATA_DIR` when set, otherwise
    /// `.hindsight` in the current directory.
    var defaultDataDirectory: String {
        if let dir = variables["HINDSIGHT_DATA_DIR"], !dir.isEmpty { return dir }
        return currentDirectory + "/.hindsight"
    }

    /// The now of this run, read once.
    var now: Date

    /// The system time zone's offset from UTC at ``now``, in seconds, read once.
    var utcOffsetSeconds: Int

    /// Makes fresh UUIDs (command ids, salts): the only source of randomness commands use.
    var newUUID: @Sendable () -> UUID

    /// ``now`` with the system's UTC offset, as the store records times.
    /// - Throws: ``UsageError`` when the system's offset is outside ±18 hours, or the system clock
    ///   is outside ``Timestamp/allowedRange``.
    func nowEventTime() throws(UsageError) -> EventTime {
        guard Timestamp(now).isAllowed else {
            throw UsageError("the system clock reads \(Timestamp(now).milliseconds) ms, outside \(Timestamp.allowedRangeText); "
                             + "set the clock right or pass --now")
        }
        guard let offset = try? UTCOffset(seconds: utcOffsetSeconds) else {
            throw UsageError("the system time zone's offset \(utcOffsetSeconds) s is out of range; pass --now with an offset")
        }
        return EventTime(instant: Timestamp(now), utcOffset: offset)
    }
}

extension CLIEnvironment {
    /// `path` made absolute against the current directory.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    /// The store's directory: `--data-dir` when given (absolute, against the current
    /// directory), else ``defaultDataDirectory``.
    func dataDirectory(_ option: String?) -> String {
        absolute(option ?? defaultDataDirectory)
    }
}
