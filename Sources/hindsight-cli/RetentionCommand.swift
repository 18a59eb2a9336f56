import Foundation
import Hindsight

/// `hindsight retention`: true retention as Anki defines it (passed / counted scheduled reviews
/// of cards in the review phase, young < 21 days and mature from 21 days), per day, week or
/// month, per profile, optionally for one deck.
struct RetentionCommand: Command {
    static let spec = CommandSpec(
        path: ["retention"],
        summary: "true retention (young and mature) per day, week or month, per profile",
        about: """
            Counts the scheduled reviews of cards in the review phase (cram reviews, learning and
            relearning answers, first reviews and undone reviews left out): passed (hard, good, easy)
            against failed (again), young when the card's interval at the review was under 21 days,
            mature from 21 days on, as Anki's true retention does. Periods are local days, weeks
            from Monday or calendar months; only periods with a counted review are listed. A card
            counts in the deck it is in now.
            """,
        options: [
            .profile,
            .value("deck", "ID", "only the cards now in this deck (a UUID)"),
            .value("by", "PERIOD", "day, week or month (default month)"),
            .json(),
            .dataDirectory,
            .nowWithOffset,
        ])

    let query: QueryOptions
    let deck: DeckID?
    let period: RetentionPeriod
    let json: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        query = try QueryOptions(arguments, environment: environment)
        deck = try arguments.value("deck", expecting: "a deck UUID") { UUID(uuidString: $0).map(DeckID.init) }
        period = try arguments.value("by", default: .month, expecting: "day, week or month") { RetentionPeriod(rawValue: $0) }
        json = arguments.flag("json")
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        // The read models give the profiles and the position, and are let go before the replay,
        // which builds a vocabulary of its own.
        let (profiles, position) = try await { () async throws -> ([(id: ProfileID, name: String)], UInt64) in
            let state = try await CurrentReadModels.load(dataDirectory: query.dataDirectory, reading: [])
            return (try state.profiles(query.profile).map { ($0.id, state.name(of: $0)) }, state.position)
        }()
        let history = try await RetentionHistory.read(dataDirectory: query.dataDirectory, asOf: .position(position))
        let output = profiles.map { profile in
            RetentionOutput.Profile(id: profile.id.description, name: profile.name,
                                    table: history.table(profile: profile.id, deck: deck, by: period))
        }
        if json {
            io.print(try JSONOutput.encode(RetentionOutput(period: period, profiles: output)))
            return .success
        }
        for profile in output {
            io.print("== \(profile.name) (\(profile.id)) ==")
            io.print("  \(pad(period.rawValue, 11)) \(pad("young", 21)) \(pad("mature", 21)) total")
            for row in profile.table.rows { io.print("  " + Self.line(LocalTimeText.date(ofLocalDay: row.start), row.tally)) }
            io.print("  " + Self.line("all", profile.table.total))
        }
        return .success
    }

    /// `2026-11-01  90.0% (9/10)  …`: a period's young, mature and total retention with their counts.
    static func line(_ label: String, _ tally: RetentionTally) -> String {
        "\(pad(label, 11)) \(pad(share(tally.youngRetention, tally.youngPassed, tally.youngPassed + tally.youngFailed), 21)) "
            + "\(pad(share(tally.matureRetention, tally.maturePassed, tally.maturePassed + tally.matureFailed), 21)) "
            + share(tally.retention, tally.youngPassed + tally.maturePassed, tally.reviews)
    }

    /// `90.0% (9/10)`, or `-` without reviews.
    static func share(_ value: Double?, _ passed: Int, _ total: Int) -> String {
        guard let value else { return "-" }
        return String(format: "%.1f%%", value * 100) + " (\(passed)/\(total))"
    }
}

/// `retention --json`: per profile, one row per period (its first local day as a date) and the total.
struct RetentionOutput: Encodable {
    struct Profile: Encodable {
        let id: String
        let name: String
        let table: TrueRetentionTable

        enum CodingKeys: String, CodingKey { case id, name, rows, total }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(table.rows.map { Row(start: LocalTimeText.date(ofLocalDay: $0.start), tally: $0.tally) }, forKey: .rows)
            try container.encode(table.total, forKey: .total)
        }
    }

    /// A period: its first day and its counts.
    struct Row: Encodable {
        let start: String
        let tally: RetentionTally
    }

    let period: RetentionPeriod
    let profiles: [Profile]
}
