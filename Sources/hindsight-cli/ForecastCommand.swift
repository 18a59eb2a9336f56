import Foundation
import Hindsight

/// `hindsight forecast`: cards due per local day for the days ahead, per profile, with the
/// daily new-card limit and an optional review limit applied.
struct ForecastCommand: Command {
    static let spec = CommandSpec(
        path: ["forecast"],
        summary: "cards due per local day for the next days, per profile",
        about: """
            Per profile (or the one given): for each local day from today, the reviewed cards falling
            due (overdue ones on today), the reviews offered (at most --review-limit a day, the rest
            carried over as backlog) and the new cards the daily new-card limit offers. Suspended and
            deleted cards are left out.
            """,
        options: [
            .profile,
            .value("deck", "ID", "only this deck's cards (a UUID)"),
            .value("days", "N", "how many days, 1 … 3660 (default 30)"),
            .value("review-limit", "N", "at most N reviews a day, 0 … 100000 (default: no limit)"),
            .json(),
            .dataDirectory,
            .nowWithOffset,
        ])

    let query: QueryOptions
    let deck: DeckID?
    let days: Int
    let reviewLimit: Int?
    let json: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        query = try QueryOptions(arguments, environment: environment)
        deck = try arguments.value("deck", expecting: "a deck UUID") { UUID(uuidString: $0).map(DeckID.init) }
        days = try arguments.value("days", default: 30, expecting: "a number of days in 1 … 3660") { text in
            Int(text).flatMap { (1...3660).contains($0) ? $0 : nil }
        }
        reviewLimit = try arguments.value("review-limit", expecting: "a number of reviews in 0 … 100000") { text in
            Int(text).flatMap { (0...100_000).contains($0) ? $0 : nil }
        }
        json = arguments.flag("json")
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let state = try await CurrentReadModels.load(dataDirectory: query.dataDirectory, reading: .vocabulary)
        let profiles = try state.profiles(query.profile)
        let output = profiles.map { record in
            let forecast = state.vocabulary.dueForecast(profile: record.id, deck: deck, at: query.now, days: days,
                                                        reviewLimit: reviewLimit)
            return ForecastOutput.Profile(id: record.id.description, name: state.name(of: record), days: forecast.days.map {
                ForecastOutput.Day(date: LocalTimeText.date(ofLocalDay: $0.day), due: $0.due, reviews: $0.reviews,
                                   backlog: $0.backlog, newCards: $0.newCards)
            })
        }
        if json {
            io.print(try JSONOutput.encode(ForecastOutput(now: ShownTime(query.now, viewedAt: query.now), profiles: output)))
            return .success
        }
        for profile in output {
            io.print("== \(profile.name) (\(profile.id)) ==")
            io.print("  date         due  reviews  backlog  new")
            for day in profile.days {
                io.print("  \(day.date)  \(pad(day.due, 4)) \(pad(day.reviews, 8)) \(pad(day.backlog, 8)) \(day.newCards)")
            }
        }
        return .success
    }
}

/// `forecast --json`.
struct ForecastOutput: Encodable {
    struct Day: Encodable {
        let date: String
        let due, reviews, backlog, newCards: Int
    }
    struct Profile: Encodable {
        let id: String
        let name: String
        let days: [Day]
    }
    let now: ShownTime
    let profiles: [Profile]
}
