import Testing
import TestSupport
@testable import FSRS

/// Replaying histories: local days and time zones, filtering, steps, fuzz.
@Suite struct SchedulerTests {
    static let hour: Int64 = 3_600_000
    static let day: Int64 = 86_400_000
    /// 2024-01-01T00:00:00Z.
    static let jan1: Int64 = 1_704_067_200_000

    static func scheduler(steps: Bool = false, fuzz: Bool = false, cutoff: Int = 4) throws -> Scheduler {
        let configuration = steps
            ? try SchedulerConfiguration(dayCutoffHour: cutoff, fuzz: fuzz)
            : try SchedulerConfiguration(dayCutoffHour: cutoff, learningSteps: [], relearningSteps: [], fuzz: fuzz)
        return Scheduler(configuration: configuration)
    }

    // MARK: Local days

    @Test(arguments: [
        // (instant, offset minutes, cut-off hour, expected local day relative to 2024-01-01)
        (jan1 + 3 * hour, 0, 4, -1),        // 03:00 UTC, before the 04:00 cut-off: still Dec 31
        (jan1 + 4 * hour, 0, 4, 0),         // 04:00 UTC exactly: the new day
        (jan1 + 4 * hour, 0, 0, 0),
        (jan1 + 3 * hour, 0, 0, 0),         // a midnight cut-off moves the boundary
        (jan1 + 3 * hour, 120, 4, 0),       // 05:00 local at UTC+2: Jan 1
        (jan1 + 23 * hour, -300, 4, 0),     // 18:00 local at UTC−5: Jan 1
        (jan1 + 23 * hour, 300, 4, 1),      // 04:00 local next day at UTC+5: Jan 2
        (jan1 - 1, 0, 0, -1),               // negative remainders floor, not truncate
    ] as [(Int64, Int, Int, Int64)])
    func localDays(instant: Int64, offset: Int, cutoff: Int, expected: Int64) {
        let base = LocalDay.number(timeMs: Self.jan1 + 12 * Self.hour, utcOffsetMinutes: 0, cutoffHour: 0)
        #expect(LocalDay.number(timeMs: instant, utcOffsetMinutes: offset, cutoffHour: cutoff) - base == expected)
    }

    @Test(arguments: 0..<100)
    func dayStartIsTheInverseOfDayNumber(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let t = Int64.random(in: -10 * Self.day...3_000_000 * Self.day / 100, using: &random)
        let offset = Int.random(in: -720...840, using: &random)
        let cutoff = Int.random(in: 0...23, using: &random)
        let day = LocalDay.number(timeMs: t, utcOffsetMinutes: offset, cutoffHour: cutoff)
        let start = LocalDay.start(ofDay: day, utcOffsetMinutes: offset, cutoffHour: cutoff)
        #expect(start <= t && t < start + Self.day)
        #expect(LocalDay.number(timeMs: start, utcOffsetMinutes: offset, cutoffHour: cutoff) == day)
    }

    /// The same two instants (23:00 and 09:00 the next morning, UTC) are one day apart in
    /// London but the same local day in Tokyo (08:00 and 18:00): elapsed days 1 versus 0.
    @Test func theSameInstantsInDifferentTimeZonesGiveDifferentElapsedDays() throws {
        let scheduler = try Self.scheduler(cutoff: 4)
        let first = Self.jan1 + 23 * Self.hour, second = Self.jan1 + 33 * Self.hour
        let utc = scheduler.replay([ReviewRecord(rating: .good, timeMs: first),
                                    ReviewRecord(rating: .good, timeMs: second)], fuzzSeed: 1)
        let tokyo = scheduler.replay([ReviewRecord(rating: .good, timeMs: first, utcOffsetMinutes: 540),
                                      ReviewRecord(rating: .good, timeMs: second, utcOffsetMinutes: 540)], fuzzSeed: 1)
        #expect(utc[1].elapsedDays == 1)
        #expect(tokyo[1].elapsedDays == 0)
        #expect(utc[1].state.memory != tokyo[1].state.memory)
        #expect(tokyo[1].retrievability == nil)
        #expect(utc[1].retrievability != nil)
    }

    @Test func theCutoffHourMovesTheDayBoundary() throws {
        // 02:00 and 06:00 UTC on the same date: across the 04:00 cut-off, not across midnight.
        let reviews = [ReviewRecord(rating: .good, timeMs: Self.jan1 + 2 * Self.hour),
                       ReviewRecord(rating: .good, timeMs: Self.jan1 + 6 * Self.hour)]
        #expect(try Self.scheduler(cutoff: 4).replay(reviews, fuzzSeed: 1)[1].elapsedDays == 1)
        #expect(try Self.scheduler(cutoff: 0).replay(reviews, fuzzSeed: 1)[1].elapsedDays == 0)
    }

    @Test func dueDateIsTheStartOfTheLocalDayTheIntervalLandsOn() throws {
        let scheduler = try Self.scheduler()
        let result = scheduler.replay([ReviewRecord(rating: .easy, timeMs: Self.jan1 + 10 * Self.hour,
                                                    utcOffsetMinutes: 60)], fuzzSeed: 1)[0]
        #expect(result.state.intervalDays == 8)
        // Jan 1 + 8 days, at 04:00 local (03:00 UTC).
        #expect(result.state.dueMs == Self.jan1 + 8 * Self.day + 3 * Self.hour)
    }

    // MARK: Filtering

    @Test(arguments: 0..<30)
    func cramAndUndoneReviewsAreFilteredOut(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let scheduler = try Self.scheduler()
        var t = Self.jan1
        var counted: [ReviewRecord] = [], mixed: [ReviewRecord] = []
        for _ in 0..<20 {
            t += Int64.random(in: 0...(5 * Self.day), using: &random)
            let review = ReviewRecord(rating: FSRSRating.allCases.randomElement(using: &random)!, timeMs: t)
            counted.append(review)
            mixed.append(review)
            if Bool.random(using: &random) {
                var extra = ReviewRecord(rating: FSRSRating.allCases.randomElement(using: &random)!, timeMs: t + 1000)
                if Bool.random(using: &random) { extra.mode = .cram } else { extra.isUndone = true }
                mixed.append(extra)
            }
        }
        #expect(scheduler.replay(mixed, fuzzSeed: 9) == scheduler.replay(counted, fuzzSeed: 9))
        #expect(scheduler.state(after: mixed, fuzzSeed: 9) == scheduler.replay(counted, fuzzSeed: 9).last?.state)
    }

    /// `nextState(after:from:fuzzSeed:)` is `apply(...).state`, review by review, for histories
    /// with same-day reviews, lapses, learning steps and fuzz; and `apply` still gives the
    /// retrievability at each review after the first local day.
    @Test(arguments: 0..<40)
    func nextStateIsTheStateThatApplyGives(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let scheduler = try Self.scheduler(steps: seed % 2 == 0, fuzz: seed % 3 != 0)
        var t = Self.jan1
        var state: CardState?
        for _ in 0..<25 {
            t += Bool.random(using: &random) ? Int64.random(in: 0...(3 * Self.hour), using: &random)
                                             : Int64.random(in: 0...(40 * Self.day), using: &random)
            let review = ReviewRecord(rating: FSRSRating.allCases.randomElement(using: &random)!, timeMs: t,
                                      utcOffsetMinutes: Int.random(in: -12...14, using: &random) * 60)
            let applied = scheduler.apply(review, to: state, fuzzSeed: Int64(seed))
            #expect(scheduler.nextState(after: review, from: state, fuzzSeed: Int64(seed)) == applied.state)
            if let before = state, applied.elapsedDays > 0 {
                #expect(applied.retrievability == scheduler.model.retrievability(
                    elapsedDays: Float(applied.elapsedDays), stability: before.memory.stability))
            } else {
                #expect(applied.retrievability == nil)
            }
            state = applied.state
        }
    }

    @Test func aHistoryOfOnlyCramAndUndoneReviewsHasNoState() throws {
        let scheduler = try Self.scheduler()
        let history = [ReviewRecord(rating: .good, timeMs: Self.jan1, mode: .cram),
                       ReviewRecord(rating: .easy, timeMs: Self.jan1 + Self.day, isUndone: true)]
        #expect(scheduler.state(after: history, fuzzSeed: 1) == nil)
        #expect(scheduler.replay(history, fuzzSeed: 1).isEmpty)
    }

    // MARK: Learning steps

    @Test func learningStepsBeforeGraduating() throws {
        let scheduler = try Self.scheduler(steps: true)
        let minute: Int64 = 60_000
        let t0 = Self.jan1 + 10 * Self.hour
        let results = scheduler.replay([
            ReviewRecord(rating: .again, timeMs: t0),              // step 0: 1 min
            ReviewRecord(rating: .hard, timeMs: t0 + minute),      // step 0, hard: mean of 1 and 10 = 5.5 min
            ReviewRecord(rating: .good, timeMs: t0 + 7 * minute),  // step 1: 10 min
            ReviewRecord(rating: .good, timeMs: t0 + 20 * minute), // last step: graduates
            ReviewRecord(rating: .again, timeMs: t0 + 3 * Self.day), // lapse: relearning, 10 min
            ReviewRecord(rating: .hard, timeMs: t0 + 3 * Self.day + 10 * minute), // single step: 1.5 × 10 min
            ReviewRecord(rating: .good, timeMs: t0 + 3 * Self.day + 30 * minute), // graduates again
        ], fuzzSeed: 3)
        let phases = results.map(\.state.phase)
        #expect(phases == [.learning, .learning, .learning, .review, .relearning, .relearning, .review])
        #expect(results.map(\.state.step) == [0, 0, 1, 0, 0, 0, 0])
        #expect(results[0].state.dueMs == t0 + minute)
        #expect(results[1].state.dueMs == t0 + minute + 5 * minute + 30_000)
        #expect(results[2].state.dueMs == t0 + 17 * minute)
        #expect(results[3].state.intervalDays >= 1)
        #expect(results[4].state.dueMs == t0 + 3 * Self.day + 10 * minute)
        #expect(results[5].state.dueMs == t0 + 3 * Self.day + 25 * minute)
        #expect(results.map(\.state.lapses) == [0, 0, 0, 0, 1, 1, 1])
        #expect(results.map(\.state.reps) == Array(1...7))
        // Steps change the schedule, never the memory model.
        let pure = try Self.scheduler().replay(results.map(\.review), fuzzSeed: 3)
        #expect(pure.map(\.state.memory) == results.map(\.state.memory))
    }

    @Test func easyGraduatesAtOnceAndStepsOffMeansDayIntervals() throws {
        let withSteps = try Self.scheduler(steps: true).replay([ReviewRecord(rating: .easy, timeMs: Self.jan1)], fuzzSeed: 1)
        #expect(withSteps[0].state.phase == .review)
        #expect(withSteps[0].state.intervalDays == 8)
        let off = try Self.scheduler().replay([ReviewRecord(rating: .again, timeMs: Self.jan1)], fuzzSeed: 1)
        #expect(off[0].state.phase == .review)
        #expect(off[0].state.intervalDays == 1)
    }

    // MARK: Fuzz

    @Test(arguments: [Float(2.6), 5, 12.3, 45.5, 400, 36000])
    func fuzzIsDeterministicAndStaysInItsRange(interval: Float) {
        let range = IntervalFuzz.bounds(interval: interval, minimum: 1, maximum: 36500)
        var seen: Set<Int> = []
        for card in Int64(1)...2000 {
            let factor = IntervalFuzz.factor(fuzzSeed: card, ordinal: 4)
            #expect(factor == IntervalFuzz.factor(fuzzSeed: card, ordinal: 4))
            #expect(factor >= 0 && factor < 1)
            let days = IntervalFuzz.interval(interval, factor: factor, maximum: 36500)
            #expect(range.contains(days))
            seen.insert(days)
        }
        // Different cards spread across the whole range.
        if range.count <= 100 {
            #expect(seen.count == range.count)
        } else {
            #expect(seen.count > 1000)
            let span = Double(range.count)
            #expect(Double(seen.min()! - range.lowerBound) < 0.01 * span)
            #expect(Double(range.upperBound - seen.max()!) < 0.01 * span)
        }
        #expect(range.count >= 2)
        #expect(abs(Float(range.lowerBound) - (interval - IntervalFuzz.delta(interval))) <= 0.5)
    }

    @Test func fuzzRangesFollowTheReference() {
        #expect(IntervalFuzz.delta(2.4) == 0)
        #expect(IntervalFuzz.delta(2.5) == 1)
        #expect(abs(IntervalFuzz.delta(7) - 1.675) < 1e-6)
        #expect(abs(IntervalFuzz.delta(20) - 2.975) < 1e-5)
        #expect(abs(IntervalFuzz.delta(100) - 6.975) < 1e-5)
        #expect(IntervalFuzz.bounds(interval: 36499, minimum: 1, maximum: 36500).upperBound == 36500)
        #expect(IntervalFuzz.bounds(interval: 1.2, minimum: 1, maximum: 36500) == 1...1)
    }

    @Test func fuzzedReplaysGiveTheSameDueDates() throws {
        let scheduler = try Self.scheduler(steps: true, fuzz: true)
        var history: [ReviewRecord] = []
        var t = Self.jan1
        for index in 0..<15 {
            history.append(ReviewRecord(rating: index % 5 == 4 ? .again : .good, timeMs: t))
            t += Int64(max(1, index)) * 3 * Self.day
        }
        let first = scheduler.replay(history, fuzzSeed: 77)
        #expect(first == scheduler.replay(history, fuzzSeed: 77))
        let other = scheduler.replay(history, fuzzSeed: 78)
        #expect(first.map(\.state.memory) == other.map(\.state.memory))
        #expect(first.map(\.state.dueMs) != other.map(\.state.dueMs))
        for result in first where result.state.phase == .review {
            let range = IntervalFuzz.bounds(interval: result.intervalRaw, minimum: 1, maximum: 36500)
            #expect(range.contains(result.state.intervalDays))
        }
    }

    /// Random histories (any rating, gaps from minutes to months, time zones moving): after
    /// every review, the state rebuilt from its fields equals it and schedules the next review
    /// exactly as it does, so a store that keeps only the fields loses nothing.
    @Test(arguments: 0..<20)
    func aStateRebuiltFromItsFieldsSchedulesOnTheSame(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let scheduler = try Self.scheduler(steps: seed % 2 == 0, fuzz: true, cutoff: Int(seed % 24))
        var state: CardState?
        var t = Self.jan1
        for _ in 0..<60 {
            t += Int64.random(in: 60_000...(90 * Self.day), using: &random)
            let review = ReviewRecord(rating: FSRSRating(rawValue: Int.random(in: 1...4, using: &random))!,
                                      timeMs: t, utcOffsetMinutes: Int.random(in: -720...840, using: &random))
            let rebuilt = state.map {
                CardState(memory: $0.memory, phase: $0.phase, step: $0.step, reps: $0.reps, lapses: $0.lapses,
                          lastReviewMs: $0.lastReviewMs, lastReviewDay: $0.lastReviewDay,
                          intervalDays: $0.intervalDays, dueMs: $0.dueMs)
            }
            #expect(rebuilt == state)
            let next = scheduler.nextState(after: review, from: state, fuzzSeed: Int64(seed))
            #expect(scheduler.nextState(after: review, from: rebuilt, fuzzSeed: Int64(seed)) == next)
            state = next
        }
    }

    @Test func configurationIsValidated() {
        #expect(throws: SchedulerConfigurationError.desiredRetention(1)) { try SchedulerConfiguration(desiredRetention: 1) }
        #expect(throws: SchedulerConfigurationError.maximumInterval(0)) { try SchedulerConfiguration(maximumInterval: 0) }
        // Intervals are kept in 32 bits: the longest allowed is Int32.max days.
        let beyond = Int(Int32.max) + 1
        #expect(throws: SchedulerConfigurationError.maximumInterval(beyond)) { try SchedulerConfiguration(maximumInterval: beyond) }
        #expect(SchedulerConfigurationError.maximumInterval(beyond).description
            == "maximum interval 2147483648 is not between 1 and 2147483647 days; use a positive number of days (default 36500)")
        #expect((try? SchedulerConfiguration(maximumInterval: Int(Int32.max)))?.maximumInterval == Int(Int32.max))
        #expect(throws: SchedulerConfigurationError.dayCutoffHour(24)) { try SchedulerConfiguration(dayCutoffHour: 24) }
        #expect(throws: SchedulerConfigurationError.step(0)) { try SchedulerConfiguration(learningSteps: [1, 0]) }
    }
}
