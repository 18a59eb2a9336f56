import Foundation
import Testing
import TestSupport
@testable import Hindsight
import FSRS

/// `hindsight rebuild` on the demo store: the report's counts match a direct recomputation of
/// every card with the FSRS scheduler, done here from the log's events independently of the
/// read models.
@Suite struct RebuildDemoStoreTests {
    let cli = BuiltProducts.executable("hindsight")

    struct Card {
        let profile: ProfileID
        var reviews: [(position: UInt64, id: EventID, record: ReviewRecord)] = []
        var gone = false
        var suspended = false
    }

    /// Before: the store's own history (its parameter change for a profile applies from its
    /// position on). After: FSRS-5 defaults for every review, the log's parameter changes left out.
    /// Both honour each profile's day cut-off and desired retention in force at every review (the
    /// rebuild overrides retention only when asked), and drop cram and undone reviews.
    func recompute(_ events: [RecordedEvent]) throws -> (compared: Int, changing: Int, shifts: [DueShift: Int]) {
        var cards: [CardID: Card] = [:]
        var undone: Set<EventID> = []
        var cutoffChanges: [ProfileID: [(UInt64, Int)]] = [:]
        var parameterChanges: [ProfileID: [(UInt64, FSRSParameters)]] = [:]
        var retentionChanges: [ProfileID: [(UInt64, Float)]] = [:]
        var deckOf: [CardID: DeckID] = [:]
        var deletedDecks: Set<DeckID> = []
        for event in events {
            switch event.event {
            case .cardCreated(let created):
                cards[created.card] = Card(profile: event.profile)
                deckOf[created.card] = created.deck
            case .cardMoved(let moved): deckOf[moved.card] = moved.toDeck
            case .cardDeleted(let deleted): cards[deleted.card]?.gone = true
            case .cardSuspended(let suspended): cards[suspended.card]?.suspended = true
            case .cardUnsuspended(let unsuspended): cards[unsuspended.card]?.suspended = false
            case .deckDeleted(let deleted): deletedDecks.insert(deleted.deck)
            case .reviewUndone(let undo): undone.insert(undo.review)
            case .dayCutoffChanged(let change): cutoffChanges[event.profile, default: []].append((event.position, change.hour.value))
            case .desiredRetentionChanged(let change):
                retentionChanges[event.profile, default: []].append((event.position, Float(change.retention.value)))
            case .schedulerParametersChanged(let change):
                parameterChanges[event.profile, default: []].append((event.position, try FSRSParameters(change.parameters.weights)))
            case .reviewGraded(let review):
                let record = ReviewRecord(rating: FSRSRating(rawValue: Int(review.rating.rawValue))!,
                                          timeMs: event.occurred.instant.milliseconds,
                                          utcOffsetMinutes: Int(event.occurred.utcOffset.seconds) / 60,
                                          mode: review.mode == .cram ? .cram : .scheduled,
                                          durationMs: review.duration.milliseconds)
                cards[review.card]?.reviews.append((event.position, event.id, record))
            default: break
            }
        }
        func configuration(_ profile: ProfileID, at position: UInt64, parameters: FSRSParameters?) -> SchedulerConfiguration {
            var configuration = SchedulerConfiguration.standard
            if let hour = cutoffChanges[profile]?.last(where: { $0.0 < position })?.1 { configuration.dayCutoffHour = hour }
            if let retention = retentionChanges[profile]?.last(where: { $0.0 < position })?.1 {
                configuration.desiredRetention = retention
            }
            if let parameters {
                configuration.parameters = parameters
            } else if let changed = parameterChanges[profile]?.last(where: { $0.0 < position })?.1 {
                configuration.parameters = changed
            }
            return configuration
        }
        var compared = 0, changing = 0
        var shifts: [DueShift: Int] = [:]
        for (id, card) in cards {
            let gone = card.gone || deckOf[id].map(deletedDecks.contains) == true
            let counted = card.reviews.filter { $0.record.mode == .scheduled && !undone.contains($0.id) }
            guard !gone, !card.suspended, !counted.isEmpty else { continue }
            var before: CardState?, after: CardState?
            for review in counted {
                before = Scheduler(configuration: configuration(card.profile, at: review.position, parameters: nil))
                    .apply(review.record, to: before, fuzzSeed: id.schedulerSeed).state
                after = Scheduler(configuration: configuration(card.profile, at: review.position, parameters: .fsrs5Default))
                    .apply(review.record, to: after, fuzzSeed: id.schedulerSeed).state
            }
            compared += 1
            let shift = DueShift(from: before!.dueMs, to: after!.dueMs)
            shifts[shift, default: 0] += 1
            if before!.dueMs != after!.dueMs { changing += 1 }
        }
        return (compared, changing, shifts)
    }

    @Test func reportCountsMatchADirectRecomputation() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let demo = try ChildProcess.run(cli, ["demo", "--data-dir", dir.path, "--now", "2026-03-01T18:00:00Z"])
        try #require(demo.status == 0, "demo failed: \(demo.stderr)")

        let rebuild = try ChildProcess.run(cli, ["rebuild", "--parameters", "fsrs5", "--data-dir", dir.path, "--json"])
        try #require(rebuild.status == 0, "rebuild failed: \(rebuild.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(rebuild.stdout.utf8))
        let json = try #require(parsed as? [String: Any])
        let report = try #require(json["report"] as? [String: Any])

        let events = try await LogHistory(dataDirectory: dir.path).events(asOf: .latest)
        let expected = try recompute(events)
        #expect(expected.compared > 20, "the demo should have reviewed cards")
        #expect(report["cardsCompared"] as? Int == expected.compared)
        #expect(report["cardsChangingDue"] as? Int == expected.changing)
        #expect(expected.changing > 0)
        let distribution = try #require(report["distribution"] as? [[String: Any]])
        for entry in distribution {
            let name = try #require(entry["shift"] as? String)
            let shift = try #require(DueShift(rawValue: name))
            #expect(entry["cards"] as? Int == expected.shifts[shift] ?? 0, "bucket \(shift.rawValue)")
        }
        // The report wrote nothing: the log ends where the demo left it.
        #expect(report["position"] as? Int == events.count)
    }
}
