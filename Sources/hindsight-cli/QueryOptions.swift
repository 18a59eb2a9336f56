import Foundation
import Hindsight

/// The options `stats` and `due` share: the data directory, a profile, and "now" (the clock and
/// time zone read here, in the composition root, or `--now` with its offset for reproducible runs).
struct QueryOptions {
    let dataDirectory: String
    let profile: ProfileID?
    let now: EventTime

    init(parsing arguments: inout Arguments, environment: CLIEnvironment) throws(UsageError) {
        dataDirectory = ExportCommand.absolute(try arguments.option("data-dir") ?? environment.defaultDataDirectory, in: environment)
        profile = try arguments.optionalOption("profile", expecting: "a profile UUID") { UUID(uuidString: $0).map(ProfileID.init) }
        if let text = try arguments.option("now") {
            guard let time = Self.time(text) else {
                throw UsageError("option --now expects an ISO 8601 time with its offset, e.g. 2026-03-01T18:00:00+01:00, got '\(text)'")
            }
            _ = try TimeOption.bounded(time.instant, option: "now", text: text)
            now = time
        } else {
            now = try environment.nowEventTime()
        }
    }

    /// `2026-03-01T18:00:00+01:00` (or `Z`) as an instant with that offset.
    static func time(_ text: String) -> EventTime? {
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
}

/// The read models `stats` and `due` query, as of the end of the log's last complete batch,
/// opened read-only (``ReadModels/latest(dataDirectory:configuration:diagnostics:)``): restored
/// from the store's current snapshots and caught up from the log, with no lock taken and no file
/// written, so they work on a read-only store and while another process writes.
struct CurrentReadModels {
    let vocabulary: VocabularyState
    let dailyStats: DailyStatsState
    let streaks: StreaksState
    let directory: ProfileDirectory
    let personal: PersonalDataStore
    let position: UInt64

    /// Loads them from the store in `dataDirectory`.
    /// - Throws: ``QueryError`` when there is no store; ``StoreError`` or ``HistoryError`` when it
    ///   cannot be read.
    static func load(dataDirectory: String) async throws -> CurrentReadModels {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let layout = DataDirectoryLayout(path: dataDirectory)
        let personal = try PersonalDataStore.openReadOnly(directory: layout.personal)
        let (models, position) = try await ReadModels.latest(dataDirectory: dataDirectory, configuration: ReadModelConfiguration())
        let activity = await models.activity.current().state
        return CurrentReadModels(vocabulary: await models.vocabulary.current().state, dailyStats: activity.dailyStats,
                                 streaks: activity.streaks, directory: await models.profiles.current().state,
                                 personal: personal, position: position)
    }

    /// The live profiles, by id, or just `profile`.
    /// - Throws: ``QueryError`` when `profile` is not in the store.
    func profiles(_ profile: ProfileID?) throws -> [ProfileRecord] {
        guard let profile else { return directory.profiles().sorted { $0.id.description < $1.id.description } }
        guard let record = directory.profile(profile) else {
            throw QueryError("there is no profile \(profile) in the store; leave out --profile to see every profile")
        }
        return [record]
    }

    /// A profile's name from the side store (`[erased]` once forgotten).
    func name(of record: ProfileRecord) -> String { personal.value(of: record.name).exportText }

    /// `2026-03-01`: the calendar date of a local day number.
    static func date(ofLocalDay day: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: Double(day) * 86_400))
    }
}

/// A failure of a query command at run time, with a message that says what to do.
struct QueryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Arguments {
    /// The value of `--name`, parsed by `parse`, or nil when absent.
    /// - Throws: ``UsageError`` naming the option when `parse` returns nil.
    mutating func optionalOption<T>(_ name: String, expecting what: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = try option(name) else { return nil }
        guard let value = parse(text) else { throw UsageError("option --\(name) expects \(what), got '\(text)'") }
        return value
    }
}
