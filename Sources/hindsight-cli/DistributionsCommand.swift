import Foundation
import Hindsight

/// `hindsight distributions`: how each profile's reviewed cards spread over stability,
/// difficulty, retrievability now and interval, over all its decks and per deck
/// (``CardDistributions``: the buckets are the query's, fixed so decks line up).
struct DistributionsCommand: Command {
    static let spec = CommandSpec(
        path: ["distributions"],
        summary: "stability, difficulty, retrievability and interval of the live cards, per deck",
        about: """
            Per profile (or the one given): over all its decks, then per deck (or only the one given),
            the reviewed cards that are not deleted (suspended ones included) in buckets, with the
            median and the mean: stability and interval in days (<1, 1, 2-3, 4-6, 7-13, 14-29, 30-59,
            60-89, 90-179, 180-364, 365-729, 730+), difficulty 1 to 10 in steps of 1, and
            retrievability now (on the local day of --now, under the profile's parameters) under 50%,
            then in steps of 5%. New cards have no memory state: they are counted apart.
            """,
        options: [
            .profile,
            .value("deck", "ID", "only this deck (a UUID)"),
            .json(),
            .dataDirectory,
            .nowWithOffset,
        ])

    let query: QueryOptions
    let deck: DeckID?
    let json: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        query = try QueryOptions(arguments, environment: environment)
        deck = try arguments.value("deck", expecting: "a deck UUID") { UUID(uuidString: $0).map(DeckID.init) }
        json = arguments.flag("json")
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let state = try await CurrentReadModels.load(dataDirectory: query.dataDirectory, reading: .vocabulary)
        let vocabulary = state.vocabulary
        let all = try state.profiles(query.profile).map { record in
            let decks = vocabulary.decks(of: record.id).filter { deck == nil || $0.id == deck }
            return DistributionsOutput.Profile(
                id: record.id.description, name: state.name(of: record),
                all: deck == nil ? DistributionsOutput.Section(
                    deck: nil, name: "all decks", vocabulary.cardDistributions(profile: record.id, at: query.now)) : nil,
                decks: decks.map {
                    DistributionsOutput.Section(deck: $0.id.description, name: $0.name,
                                                vocabulary.cardDistributions(profile: record.id, deck: $0.id, at: query.now))
                })
        }
        // With --deck, only its owner is shown.
        let profiles = deck == nil ? all : all.filter { !$0.decks.isEmpty }
        if let deck, profiles.isEmpty {
            let owner = query.profile.map { "profile \($0)" } ?? "any profile"
            throw QueryError("there is no deck \(deck) of \(owner) (or it was deleted); leave out --deck to see every deck")
        }
        if json {
            io.print(try JSONOutput.encode(DistributionsOutput(now: ShownTime(query.now, viewedAt: query.now), profiles: profiles)))
            return .success
        }
        for profile in profiles {
            io.print("== \(profile.name) (\(profile.id)) ==")
            for section in (profile.all.map { [$0] } ?? []) + profile.decks {
                for line in DistributionsText.lines(section) { io.print(line) }
            }
        }
        return .success
    }
}
