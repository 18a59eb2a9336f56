import Foundation
import Hindsight

/// `hindsight due`: what each profile has to study now: due counts and the next due cards.
struct DueCommand: Command {
    static let spec = CommandSpec(
        path: ["due"],
        summary: "cards due now and due today, and the next cards to study, per profile",
        about: """
            Per profile (or the one given): how many reviewed cards are due now (and of them, in a
            learning step), how many are due today (by the end of the local day, the profile's day
            cut-off applies), how many new cards today's limit still offers, the due cards in due
            order and the new cards offered, at most N of each, and when the next card falls due.
            """,
        options: [
            .profile,
            .value("deck", "ID", "only this deck's cards (a UUID)"),
            .value("limit", "N", "how many cards of each list to show, 0 … 10000 (default 10)"),
            .json(),
            .dataDirectory,
            .nowWithOffset,
        ])

    let query: QueryOptions
    let deck: DeckID?
    let limit: Int
    let json: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        query = try QueryOptions(arguments, environment: environment)
        deck = try arguments.value("deck", expecting: "a deck UUID") { UUID(uuidString: $0).map(DeckID.init) }
        limit = try arguments.value("limit", default: 10, expecting: "a number of cards in 0 … 10000") { text in
            Int(text).flatMap { (0...10_000).contains($0) ? $0 : nil }
        }
        json = arguments.flag("json")
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let state = try await CurrentReadModels.load(dataDirectory: query.dataDirectory, reading: .vocabulary)
        var profiles = try state.profiles(query.profile)
        if let deck {
            let owner = state.directory.profiles(includingDeleted: true).first { record in
                state.vocabulary.decks(of: record.id, includingDeleted: true).contains { $0.id == deck }
            }?.id
            guard let owner else {
                throw QueryError("there is no deck \(deck) in the store; leave out --deck to see every deck")
            }
            profiles = profiles.filter { $0.id == owner }
        }
        let output = profiles.map { record in
            let queue = state.vocabulary.dueQueue(profile: record.id, deck: deck, at: query.now, limit: limit)
            let next = state.vocabulary.nextDue(profile: record.id, deck: deck, after: query.now.instant)
            let card = { (summary: CardSummary) in DueOutput.Card(summary, viewedAt: query.now) }
            return DueOutput.Profile(id: record.id.description, name: state.name(of: record), due: queue.counts.due,
                                     learning: queue.counts.learning,
                                     dueToday: state.vocabulary.dueToday(profile: record.id, deck: deck, at: query.now),
                                     newAvailable: queue.counts.newAvailable, newIntroducedToday: queue.counts.newIntroducedToday,
                                     reviews: queue.reviews.map(card), newCards: queue.newCards.map(card), nextDue: next.map(card))
        }
        if json {
            io.print(try JSONOutput.encode(DueOutput(now: ShownTime(query.now, viewedAt: query.now), profiles: output)))
            return .success
        }
        for profile in output {
            io.print(ProfileView<DueOutput.Profile>.header(name: profile.name, id: profile.id))
            io.print(Self.countsLine(DueCounts(due: profile.due, learning: profile.learning, newAvailable: profile.newAvailable,
                                               newIntroducedToday: profile.newIntroducedToday), dueToday: profile.dueToday))
            for card in profile.reviews { io.print("  due  \(card.due?.text ?? "-")  \(card.id)  \(card.front)") }
            for card in profile.newCards { io.print("  new  \(pad("-", 22))  \(card.id)  \(card.front)") }
            io.print("next due after now: " + (profile.nextDue.map { "\($0.due?.text ?? "-")  \($0.id)  \($0.front)" } ?? "none"))
        }
        return .success
    }

    /// `due now: 1 (1 learning); due today: 3; new available today: 0 (2 introduced today)`: the
    /// due counts as every view shows them. "Due now" is due at this instant; "due today" is due
    /// by the end of the profile's local day (``VocabularyState/dueToday(profile:deck:at:)``).
    static func countsLine(_ counts: DueCounts, dueToday: Int) -> String {
        "due now: \(counts.due) (\(counts.learning) learning); due today: \(dueToday); "
            + "new available today: \(counts.newAvailable) (\(counts.newIntroducedToday) introduced today)"
    }
}

/// `due --json`.
struct DueOutput: Encodable {
    struct Card: Encodable {
        let id: String
        let deck: String
        let front: String
        let due: ShownTime?

        init(_ card: CardSummary, viewedAt now: EventTime) {
            id = card.id.description
            deck = card.deck.description
            front = card.front
            due = card.due.map { ShownTime($0, viewedAt: now) }
        }
    }
    struct Profile: Encodable {
        let id: String
        let name: String
        let due, learning, dueToday, newAvailable, newIntroducedToday: Int
        let reviews: [Card]
        let newCards: [Card]
        let nextDue: Card?
    }
    let now: ShownTime
    let profiles: [Profile]
}
