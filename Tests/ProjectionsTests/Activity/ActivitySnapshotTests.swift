import Testing
@testable import Events
@testable import Projections

/// Snapshot round trips and determinism of the activity projection (its three parts and its
/// ledger), over seeded logs.
@Suite struct ActivitySnapshotTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 17, 23, 101, 977]

    /// Encode, decode, equal; a fold snapshotted half-way and continued from the decoded state
    /// ends in the same bytes as the full fold; folding twice gives the same bytes.
    func checkRoundTrip<P: Projection>(_ projection: P, seed: UInt64) throws where P.State: Equatable {
        let events = randomActivityLog(seed: seed, count: 1500)
        let full = fold(projection, events)
        let bytes = encoded(full)
        #expect(try decoded(P.State.self, bytes) == full)
        #expect(encoded(fold(projection, events)) == bytes)

        let cut = 1 + Int(seed * 211 % UInt64(events.count - 1))
        var resumed = try decoded(P.State.self, encoded(fold(projection, events[..<cut])))
        for event in events[cut...] { try projection.apply(event, to: &resumed) }
        #expect(resumed == full)
        #expect(encoded(resumed) == bytes)
    }

    @Test(arguments: seeds) func activity(seed: UInt64) throws {
        try checkRoundTrip(try ActivityProjection(defaultCutoffHour: 4), seed: seed)
    }

    /// Each part round-trips on its own too (the calendar passed in, as the state decodes them).
    @Test(arguments: seeds) func eachPartRoundTrips(seed: UInt64) throws {
        let state = fold(try ActivityProjection(defaultCutoffHour: 4), randomActivityLog(seed: seed, count: 1500))
        func part<T>(_ encode: (inout BinaryWriter) -> Void, _ decode: (inout BinaryReader) throws -> T) throws -> T {
            var writer = BinaryWriter()
            encode(&writer)
            return try writer.bytes.withUnsafeBytes { raw in
                var reader = BinaryReader(raw)
                let value = try decode(&reader)
                try reader.expectEnd()
                return value
            }
        }
        #expect(try part(state.dailyStats.encode) { try DailyStatsState(calendar: state.calendar, from: &$0) } == state.dailyStats)
        #expect(try part(state.streaks.encode) { try StreaksState(calendar: state.calendar, from: &$0) } == state.streaks)
        #expect(try part(state.achievements.encode) { try AchievementsState(calendar: state.calendar, from: &$0) }
                == state.achievements)
        #expect(try decoded(ReviewLedger.self, encoded(state.ledger)) == state.ledger)
        #expect(state.dailyStats.calendar == state.calendar && state.streaks.calendar == state.calendar
                && state.achievements.calendar == state.calendar)
    }

    /// The random logs exercise what the round trips are meant to cover.
    @Test func theRandomLogsHoldEveryKindOfActivity() {
        let events = randomActivityLog(seed: 1, count: 1500)
        let activity = fold(try! ActivityProjection(defaultCutoffHour: 4), events)
        let totals = activity.dailyStats.table.values.reduce(ActivityCounts(), +)
        #expect(totals.reviews > 0 && totals.cramReviews > 0 && totals.newCards > 0)
        #expect(totals.wordsSpelledWrong > 0 && totals.storiesRead > 0 && totals.wordsDictated > 0)
        #expect(events.contains { if case .reviewUndone = $0.event { true } else { false } })
        #expect(events.contains { if case .dayCutoffChanged = $0.event { true } else { false } })
        #expect(events.contains { if case .cardDeleted = $0.event { true } else { false } })
        #expect(activity.achievements.profiles.values.contains { !$0.unlocked.isEmpty })
        #expect(activity.achievements.profiles.values.contains { $0.unlocked["perfect-spelling"] != nil })
        #expect(activity.ledger.count > 0)
    }

    /// Snapshots restored through the projector machinery, under the same and another configuration.
    @Test func aProjectorRestoresItsSnapshotAndRefusesAnotherCutoff() async {
        let events = randomActivityLog(seed: 9, count: 600)
        let projector = Projector(try! ActivityProjection(defaultCutoffHour: 4))
        await projector.apply(events)
        let snapshot = await projector.snapshot()
        let restored = Projector(try! ActivityProjection(defaultCutoffHour: 4))
        #expect(await restored.restore(from: snapshot) == nil)
        #expect(await restored.current().state == projector.current().state)
        let other = Projector(try! ActivityProjection(defaultCutoffHour: 5))
        #expect(await other.restore(from: snapshot)?.contains("computed with other parameters") == true)
    }

    /// Bytes that break the state's rules are refused with an error, not a crash.
    @Test func aCorruptedDayRunIsRefused() {
        var writer = BinaryWriter()
        Int64(5).encode(to: &writer)
        Int64(3).encode(to: &writer)
        #expect(throws: EventDecodingError.self) { _ = try decoded(DayRun.self, writer.bytes) }
    }

    /// A profile's finished stories must come in ascending order, each once, as they are
    /// written: a repeated or shuffled list is refused, the sorted one read back.
    @Test(arguments: [([1, 2, 3], true), ([1, 1, 3], false), ([2, 1, 3], false), ([], true)] as [([UInt64], Bool)])
    func finishedStoriesAreReadOnlyInOrder(stories: [UInt64], accepted: Bool) throws {
        var writer = BinaryWriter()
        3.encode(to: &writer)
        ActiveDays().encode(to: &writer)
        stories.map { StoryID(testUUID($0)) }.encode(to: &writer)
        [String: Unlock]().encode(to: &writer)
        ActivityCounts().encode(to: &writer)     // the best day
        [SpellingTestID: Int]().encode(to: &writer)     // the perfect sessions per test
        MasteredWords().encode(to: &writer)
        if accepted {
            let standing = try decoded(ProfileAchievements.self, writer.bytes)
            #expect(standing.storiesFinished == Set(stories.map { StoryID(testUUID($0)) }) && standing.reviews == 3)
            #expect(encoded(standing) == writer.bytes)
        } else {
            let error = try #require(throws: EventDecodingError.self) { _ = try decoded(ProfileAchievements.self, writer.bytes) }
            #expect(error.message.contains("finished stories are repeated or out of order"))
        }
    }
}
