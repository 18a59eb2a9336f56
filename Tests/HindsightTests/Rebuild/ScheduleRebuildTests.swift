import EventLog
import Events
import Foundation
import Testing
import TestSupport
@testable import FSRS
@testable import Hindsight
import FSRS

/// Rebuilds under other parameters, checked against a direct recomputation with `Scheduler`.
@Suite struct ScheduleRebuildTests {
    static let start: Int64 = 1_704_790_800_000 // 2024-01-09 09:00 UTC
    static let day: Int64 = 86_400_000

    /// Two profiles, 24 cards, seeded reviews (some cram, one undone), a parameter and a
    /// retention change for profile 1 half-way.
    /// A counted review, and whether profile 1's retention change (at step 150) precedes it.
    struct Counted {
        var record: ReviewRecord
        var afterRetentionChange: Bool
    }

    static func history(seed: UInt64) -> (HistoryBuilder, [CardID: [Counted]]) {
        var rng = SplitMix64(seed: seed)
        var builder = HistoryBuilder()
        var reviews: [CardID: [Counted]] = [:]
        for p in 1...2 {
            builder.createDeck(HistoryBuilder.deck(UInt32(p)), profile: HistoryBuilder.profile(UInt32(p)), at: start - 10_000)
        }
        let cards = (1...24).map { HistoryBuilder.card(UInt32($0)) }
        for (index, card) in cards.enumerated() {
            let p = UInt32(index % 2 + 1)
            builder.createCard(card, deck: HistoryBuilder.deck(p), profile: HistoryBuilder.profile(p), at: start - 5000)
        }
        var time = start
        for step in 0..<300 {
            if step == 150 {
                builder.changeParameters(.fsrs5Default, profile: HistoryBuilder.profile(1), at: time, count: 19)
                builder.changeRetention(0.85, profile: HistoryBuilder.profile(1), at: time)
            }
            time += Int64(rng.next() % UInt64(day)) / 3
            let index = Int(rng.next() % 20) // cards 21-24 stay new
            let card = cards[index]
            let profile = HistoryBuilder.profile(UInt32(index % 2 + 1))
            let rating = Int(rng.next() % 4) + 1
            let cram = rng.next() % 10 == 0
            let event = builder.review(card, rating, profile: profile, at: time, mode: cram ? .cram : .scheduled)
            if step == 77 && !cram {
                builder.undo(event, card: card, profile: profile, at: time + 1000)
            } else if !cram {
                let record = ReviewRecord(rating: FSRSRating(rawValue: rating)!, timeMs: time)
                reviews[card, default: []].append(Counted(record: record, afterRetentionChange: step >= 150 && index % 2 == 0))
            }
        }
        return (builder, reviews)
    }

    @Test(arguments: [(UInt64(1), Float?.none), (2, 0.8), (3, nil)])
    func countsMatchADirectRecomputation(seed: UInt64, retention: Float?) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (builder, reviews) = Self.history(seed: seed)
        try await builder.write(to: dir.path)
        let configuration = ReadModelConfiguration()
        let now = EventTime(instant: Timestamp(milliseconds: builder.events.last!.occurred.instant.milliseconds + Self.day),
                            utcOffset: .zero)
        let rebuild = try ScheduleRebuild(configuration: configuration, parameters: .fsrs6Default.withW0(0.5),
                                          desiredRetention: retention)
        let outcome = try await rebuild.run(dataDirectory: dir.path, now: now)
        let report = outcome.report

        // Expected: each card recomputed with Scheduler under the new parameters, whatever the log
        // changed; the log's retention change (profile 1, from its position) stands unless overridden.
        var newConfiguration = configuration.scheduler
        newConfiguration.parameters = rebuild.parameters
        if let retention { newConfiguration.desiredRetention = retention }
        let scheduler = Scheduler(configuration: newConfiguration)
        var changedRetention = newConfiguration
        changedRetention.desiredRetention = retention ?? 0.85
        let laterScheduler = Scheduler(configuration: changedRetention)
        let current = try await HistoryBuilder.fold(builder.events, configuration: configuration)
        var counts: [DueShift: Int] = [:]
        var stability = 0.0
        var compared = 0
        for (card, history) in reviews {
            var state: CardState?
            for review in history {
                let chosen = review.afterRetentionChange ? laterScheduler : scheduler
                state = chosen.apply(review.record, to: state, fuzzSeed: card.schedulerSeed).state
            }
            let after = try #require(state)
            let before = try #require(await current.vocabulary.read { $0.card(card) }?.schedule)
            counts[DueShift(from: before.dueMs, to: after.dueMs), default: 0] += 1
            stability += Double(after.memory.stability)
            compared += 1
            #expect(await outcome.rebuiltVocabulary.read { $0.card(card) }?.schedule == after)
        }
        #expect(report.cardsCompared == compared)
        #expect(report.cardsChangingDue == compared - (counts[.same] ?? 0))
        #expect(report.cardsChangingDue > 0)
        #expect(report.distribution.map(\.cards) == DueShift.allCases.map { counts[$0] ?? 0 })
        #expect(report.after.reviewedCards == compared)
        #expect(abs(try #require(report.after.meanStability) - stability / Double(compared)) < 1e-9)
        #expect(report.before.reviewedCards == compared)
        #expect(report.position == UInt64(builder.events.count))
        #expect(report.retentionOverridden == (retention != nil))
    }

    @Test("as of the latest batch, the store's vocabulary read from its snapshot and caught up gives the report a fold of the log gives",
          arguments: [(UInt64(4), 300), (5, 180), (6, 0)])
    func theLatestReadsTheStoresSnapshot(seed: UInt64, snapshotAfter: Int) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let (builder, _) = Self.history(seed: seed)
        // The first `snapshotAfter` events are in the log when a store saves its snapshots on
        // closing; the rest are appended after them, for the snapshot's reader to catch up.
        func append(_ events: ArraySlice<RecordedEvent>) async throws {
            let writer = try await LogWriter.open(directory: dir.path + "/log", options: LogOptions(durability: .groupCommit))
            for start in stride(from: events.startIndex, to: events.endIndex, by: 7) {
                let batch = events[start..<min(events.endIndex, start + 7)]
                _ = try await writer.append(contentsOf: batch.map { LogCodec.encode($0) })
            }
            try await writer.close()
        }
        try await append(builder.events.prefix(snapshotAfter))
        if snapshotAfter > 0 {
            try await Store.open(directory: dir.path, options: StoreFixture.options()).close()
            #expect(FileManager.default.fileExists(atPath: dir.path + "/snapshots/vocabulary.snapshot"))
        }
        try await append(builder.events.dropFirst(snapshotAfter))
        let now = EventTime(instant: Timestamp(milliseconds: builder.events.last!.occurred.instant.milliseconds + Self.day),
                            utcOffset: .zero)
        let rebuild = try ScheduleRebuild(configuration: ReadModelConfiguration(), parameters: .fsrs6Default.withW0(0.5))
        let latest = try await rebuild.run(dataDirectory: dir.path, now: now)
        let folded = try await rebuild.run(dataDirectory: dir.path, asOf: .position(UInt64(builder.events.count)), now: now)
        #expect(latest.report == folded.report)
        #expect(latest.report.position == UInt64(builder.events.count))
        #expect(latest.report.cardsChangingDue > 0)
        #expect(latest.profiles == folded.profiles)
        #expect(latest.profileStreamVersions == folded.profileStreamVersions)
        let cards = Set(builder.events.compactMap { if case .cardCreated(let created) = $0.event { created.card } else { nil } })
        for card in cards {
            #expect(await latest.rebuiltVocabulary.read { $0.card(card) } == folded.rebuiltVocabulary.read { $0.card(card) })
        }
    }

    static let shifts: [(Int64, DueShift)] = [
        (0, .same), (1, .laterUnderADay), (-1, .earlierUnderADay),
        (86_400_000, .later1To7Days), (8 * 86_400_000 - 1, .later1To7Days), (8 * 86_400_000, .later8To30Days),
        (31 * 86_400_000, .laterOver30Days), (-86_399_999, .earlierUnderADay), (-7 * 86_400_000, .earlier1To7Days),
        (-30 * 86_400_000, .earlier8To30Days), (-31 * 86_400_000, .earlierOver30Days),
    ]

    @Test(arguments: shifts)
    func dueShiftsFallInTheirBuckets(delta: Int64, bucket: DueShift) {
        #expect(DueShift(from: 1_700_000_000_000, to: 1_700_000_000_000 + delta) == bucket)
    }

    @Test func statsCountDueTodayAndThisWeekInLocalDays() {
        // now: 2024-01-09 23:30 at UTC+2 (local 01:30 on the 10th: still the 9th's day with a 4 a.m. cut-off).
        let now = EventTime(instant: Timestamp(milliseconds: 1_704_835_800_000), utcOffset: try! UTCOffset(seconds: 7200))
        let dayStart = LocalDay.start(ofDay: LocalDay.number(timeMs: now.instant.milliseconds, utcOffsetMinutes: 120,
                                                             cutoffHour: 4), utcOffsetMinutes: 120, cutoffHour: 4)
        func state(dueMs: Int64, stability: Float, interval: Int) -> CardState {
            CardState(memory: MemoryState(stability: stability, difficulty: 5), phase: interval > 0 ? .review : .learning,
                      step: 0, reps: 1, lapses: 0, lastReviewMs: 0, lastReviewDay: 0, intervalDays: interval, dueMs: dueMs)
        }
        let stats = ScheduleStats([
            state(dueMs: dayStart - 1, stability: 1, interval: 1),
            state(dueMs: dayStart + Self.day - 1, stability: 2, interval: 0),
            state(dueMs: dayStart + Self.day, stability: 3, interval: 3),
            state(dueMs: dayStart + 7 * Self.day, stability: 10, interval: 8),
        ], now: now, cutoffHour: 4)
        #expect(stats == {
            var expected = ScheduleStats([], now: now, cutoffHour: 4)
            expected.reviewedCards = 4
            expected.dueToday = 2
            expected.dueInNext7Days = 3
            expected.meanStability = 4
            expected.meanIntervalDays = 4
            return expected
        }())
    }
}

extension FSRSParameters {
    /// The same weights with w0 replaced.
    func withW0(_ w0: Float) -> FSRSParameters {
        var weights = self.weights
        weights[0] = w0
        return try! FSRSParameters(weights)
    }
}
