import Foundation
import Hindsight

/// `hindsight stats`: DailyStats of the last N local days and the streaks, per profile.
struct StatsCommand: Command {
    static let spec = CommandSpec(
        path: ["stats"],
        summary: "daily stats of the last days and streaks, per profile",
        about: """
            Per profile (or the one given): the current and longest streak, and for each of the last
            N local days (the profile's day cut-off applies) the reviews by rating, new cards, time
            studied, retention, words spelled right and wrong, stories generated and read, words
            dictated and every other counter that has a column of its own, with the totals (--json
            gives every counter).
            """,
        options: [
            .profile,
            .value("days", "N", "how many local days, 1 … 3660, ending today (default 14)"),
            .json(),
            .dataDirectory,
            .nowWithOffset,
        ])

    let query: QueryOptions
    let days: Int
    let json: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        query = try QueryOptions(arguments, environment: environment)
        days = try arguments.value("days", default: 14, expecting: "a number of days in 1 … 3660") { text in
            Int(text).flatMap { (1...3660).contains($0) ? $0 : nil }
        }
        json = arguments.flag("json")
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let state = try await CurrentReadModels.load(dataDirectory: query.dataDirectory, reading: .activity)
        let profiles = try state.profiles(query.profile)
        var output: [StatsOutput.Profile] = []
        for record in profiles {
            let today = state.dailyStats.today(profile: record.id, at: query.now).day
            let from = today - Int64(days) + 1
            let rows = try state.dailyStats.days(profile: record.id, from: from, through: today)
            let streak = state.streaks.streak(profile: record.id, at: query.now)
            output.append(StatsOutput.Profile(
                id: record.id.description, name: state.name(of: record), streak: .init(current: streak.current, longest: streak.longest),
                days: rows.map { StatsOutput.Day($0.counts, day: $0.day) },
                total: StatsOutput.Day(state.dailyStats.totals(profile: record.id, from: from, through: today), day: nil)))
        }
        if json {
            io.print(try JSONOutput.encode(StatsOutput(position: state.position, profiles: output)))
            return .success
        }
        for profile in output {
            io.print(ProfileView<StatsOutput.Profile>.header(name: profile.name, id: profile.id))
            io.print(Self.streakLine(current: profile.streak.current, longest: profile.streak.longest))
            for line in Self.table(profile.days, total: profile.total) { io.print(line) }
        }
        return .success
    }

    /// `streak: current 1 day, longest 3 days`: the streak as every view shows it.
    static func streakLine(current: Int, longest: Int) -> String {
        "streak: current \(EnglishText.count(current, "day")), longest \(EnglishText.count(longest, "day"))"
    }

    /// The table of days and their total, as every view shows it: the heading, a row a day, the
    /// total's row.
    static func table(_ days: [StatsOutput.Day], total: StatsOutput.Day) -> [String] {
        ["day         reviews again hard good easy  new minutes retention spelled ok/wrong stories gen/read dictated"
            + ownColumns.map { " " + ($0.heading ?? $0.name) }.joined()]
            + (days + [total]).map(row)
    }

    /// The counters with a column of their own (``ActivityCounter/heading``), after the summary
    /// columns: a counter added to the description shows here with no change to this command.
    static let ownColumns = ActivityCounter.all.filter { $0.heading != nil }

    /// The width of `counter`'s column: its heading's.
    static func width(of counter: ActivityCounter) -> Int { (counter.heading ?? counter.name).count }

    static func row(_ d: StatsOutput.Day) -> String {
        let c = d.counts
        let dictated = ownColumns.isEmpty ? "\(c.wordsDictated)" : pad(c.wordsDictated, "dictated".count)
        let retention = c.retention.map { String(format: "%.0f%%", $0 * 100) } ?? "-"
        return "\(pad(d.date ?? "total", 11)) \(pad(c.reviews, 7)) \(pad(c.again, 5)) \(pad(c.hard, 4)) \(pad(c.good, 4)) \(pad(c.easy, 4)) "
            + "\(pad(c.newCards, 4)) \(pad(MinutesText.minutes(milliseconds: c.studyTimeMs), 7)) \(pad(retention, 9)) "
            + "\(pad("\(c.wordsSpelledRight)/\(c.wordsSpelledWrong)", 16)) \(pad("\(c.storiesGenerated)/\(c.storiesRead)", 16)) \(dictated)"
            + ownColumns.map { " " + rightAligned(c[$0], width(of: $0)) }.joined()
    }

    /// `value` right-aligned in `width` columns (a counter's own column ends the line, so it
    /// leaves no trailing blanks).
    static func rightAligned(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// `stats --json`.
struct StatsOutput: Encodable {
    struct Streak: Encodable {
        let current: Int
        let longest: Int
    }
    /// A day's (or the total's) counts: every counter of ``ActivityCounter/all`` under its name,
    /// plus the figures derived from them (`reviews`, `studySeconds`, `retention`) and the date.
    struct Day: Encodable {
        let date: String?
        let counts: ActivityCounts

        init(_ counts: ActivityCounts, day: Int64?) {
            date = day.map(LocalTimeText.date(ofLocalDay:))
            self.counts = counts
        }

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(date, forKey: Key(stringValue: "date"))
            for counter in ActivityCounter.all { try container.encode(counts[counter], forKey: Key(stringValue: counter.name)) }
            try container.encode(counts.reviews, forKey: Key(stringValue: "reviews"))
            try container.encode(counts.studyTimeMs / 1000, forKey: Key(stringValue: "studySeconds"))
            try container.encodeIfPresent(counts.retention, forKey: Key(stringValue: "retention"))
        }
    }
    struct Profile: Encodable {
        let id: String
        let name: String
        let streak: Streak
        let days: [Day]
        let total: Day
    }
    let position: UInt64
    let profiles: [Profile]
}
