import Events
import FSRS
import Testing
@testable import Projections

/// The setting event that asks for `value` new cards a day (or sets another `key`).
func newCardSetting(_ value: SettingValue, key: SettingKey = .newCardsPerDay) -> DomainEvent {
    .settingChanged(SettingChanged(key: key, value: value))
}

/// Per-profile daily new-card limits: a profile's `vocabulary.new-cards-per-day` setting
/// overrides the configured default (3 here) for that profile only.
@Suite("Vocabulary per-profile daily new-card limits")
struct ProfileNewCardLimitTests {
    static let me = testProfile(0), other = testProfile(1)

    /// Two profiles with five new cards each, created on March 1 (UTC, 04:00 cut-off): mine 1-5
    /// in deck 1, the other's 11-15 in deck 2; the default limit is 3.
    static func twoProfiles() -> VocabularyScript {
        var v = VocabularyScript(configuration: .plainModel, dailyNewCardLimit: 3)
        v.deck(1, at: utc(2026, 3, 1, 8, 0))
        v.deck(2, at: utc(2026, 3, 1, 8, 0), profile: other)
        for n in 1...5 {
            v.card(UInt64(n), deck: 1, at: utc(2026, 3, 1, 8, n))
            v.card(UInt64(10 + n), deck: 2, at: utc(2026, 3, 1, 8, n), profile: other)
        }
        return v
    }

    static let noon = eventTime(utc(2026, 3, 1, 12, 0))

    @Test("one profile sets 2 a day, the other keeps the default 3: each queue honours its own")
    func eachProfileHasItsOwnLimit() {
        var v = Self.twoProfiles()
        v.setting(newCardSetting(.int(2)), at: utc(2026, 3, 1, 8, 30))
        var state = v.fold()
        #expect(state.dailyNewCardLimit(of: Self.me) == 2)
        #expect(state.dailyNewCardLimit(of: Self.other) == 3)
        #expect(state.dailyNewCardLimit == 3)
        let mine = state.dueQueue(profile: Self.me, at: Self.noon, limit: 10)
        #expect(mine.newCards.map(\.id) == [1, 2].map(testCard))
        #expect(mine.counts == DueCounts(due: 0, learning: 0, newAvailable: 2, newIntroducedToday: 0))
        let theirs = state.dueQueue(profile: Self.other, at: Self.noon, limit: 10)
        #expect(theirs.newCards.map(\.id) == [11, 12, 13].map(testCard))
        #expect(state.dueCount(profile: Self.other, at: Self.noon).newAvailable == 3)

        // After one first review each: 2 − 1 = 1 left for me (card 2), 3 − 1 = 2 for the other.
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        v.review(11, .good, at: utc(2026, 3, 1, 9, 0), profile: Self.other)
        state = v.fold()
        #expect(state.dueQueue(profile: Self.me, at: Self.noon, limit: 10).newCards.map(\.id) == [testCard(2)])
        #expect(state.newCardsAllowed(profile: Self.me, at: Self.noon) == 1)
        #expect(state.dueCount(profile: Self.other, at: Self.noon).newAvailable == 2)
        #expect(state.newCardsAllowed(profile: Self.other, at: Self.noon) == 2)
    }

    /// A limit set at 10:00 after two first reviews at 09:00 and 09:30 (default 3): the queries
    /// at 11:00 the same day and at 11:00 the next.
    struct MidDay: Sendable, CustomTestStringConvertible {
        let limit: Int64
        let availableToday: Int
        let offeredToday: [UInt64]
        let availableTomorrow: Int
        let offeredTomorrow: [UInt64]
        var testDescription: String { "limit \(limit) from 10:00" }
    }

    static let midDayCases = [
        // 5 − 2 = 3 today; tomorrow 5, but only cards 3, 4 and 5 are still new.
        MidDay(limit: 5, availableToday: 3, offeredToday: [3, 4, 5], availableTomorrow: 3, offeredTomorrow: [3, 4, 5]),
        MidDay(limit: 2, availableToday: 0, offeredToday: [], availableTomorrow: 2, offeredTomorrow: [3, 4]),
        // Below what was already introduced: none today (never negative).
        MidDay(limit: 1, availableToday: 0, offeredToday: [], availableTomorrow: 1, offeredTomorrow: [3]),
        MidDay(limit: 0, availableToday: 0, offeredToday: [], availableTomorrow: 0, offeredTomorrow: []),
    ]

    @Test("a limit changed during the day counts the new cards already introduced that day", arguments: midDayCases)
    func limitChangedMidDay(_ c: MidDay) {
        var v = Self.twoProfiles()
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        v.review(2, .good, at: utc(2026, 3, 1, 9, 30))
        let before = v.fold()
        #expect(before.newCardsAllowed(profile: Self.me, at: eventTime(utc(2026, 3, 1, 9, 45))) == 1)
        v.setting(newCardSetting(.int(c.limit)), at: utc(2026, 3, 1, 10, 0))
        let state = v.fold()
        let today = state.dueQueue(profile: Self.me, at: eventTime(utc(2026, 3, 1, 11, 0)), limit: 10)
        #expect(today.counts.newIntroducedToday == 2)
        #expect(today.counts.newAvailable == c.availableToday)
        #expect(today.newCards.map(\.id) == c.offeredToday.map(testCard))
        let tomorrow = state.dueQueue(profile: Self.me, at: eventTime(utc(2026, 3, 2, 11, 0)), limit: 10)
        #expect(tomorrow.counts.newIntroducedToday == 0)
        #expect(tomorrow.counts.newAvailable == c.availableTomorrow)
        #expect(tomorrow.newCards.map(\.id) == c.offeredTomorrow.map(testCard))
        // The other profile is untouched: 3 of its 5.
        #expect(state.dueCount(profile: Self.other, at: eventTime(utc(2026, 3, 1, 11, 0))).newAvailable == 3)
    }

    /// A setting the fold must ignore.
    struct Ignored: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let key: SettingKey
        let value: SettingValue
    }

    static let ignoredCases = [
        Ignored(testDescription: "negative", key: .newCardsPerDay, value: .int(-1)),
        Ignored(testDescription: "one above the range", key: .newCardsPerDay, value: .int(10_001)),
        Ignored(testDescription: "Int64.max", key: .newCardsPerDay, value: .int(.max)),
        Ignored(testDescription: "Int64.min", key: .newCardsPerDay, value: .int(.min)),
        Ignored(testDescription: "a double", key: .newCardsPerDay, value: .double(2)),
        Ignored(testDescription: "a string", key: .newCardsPerDay, value: .string("2")),
        Ignored(testDescription: "a bool", key: .newCardsPerDay, value: .bool(true)),
        Ignored(testDescription: "another key", key: try! SettingKey("vocabulary.new-cards-per-week"), value: .int(2)),
    ]

    @Test("an invalid value (or another key) keeps the limit in force", arguments: ignoredCases)
    func invalidValueIsIgnored(_ c: Ignored) {
        // With no limit of its own, the profile keeps the default.
        var v = Self.twoProfiles()
        v.setting(newCardSetting(c.value, key: c.key), at: utc(2026, 3, 1, 8, 30))
        var state = v.fold()
        #expect(state.profileNewCardLimits.isEmpty)
        #expect(state.dueCount(profile: Self.me, at: Self.noon).newAvailable == 3)
        // With a limit of 4 set before, it keeps 4.
        v = Self.twoProfiles()
        v.setting(newCardSetting(.int(4)), at: utc(2026, 3, 1, 8, 20))
        v.setting(newCardSetting(c.value, key: c.key), at: utc(2026, 3, 1, 8, 30))
        state = v.fold()
        #expect(state.dailyNewCardLimit(of: Self.me) == 4)
        #expect(state.dueCount(profile: Self.me, at: Self.noon).newAvailable == 4)
        #expect(state.dailyNewCardLimit(of: Self.other) == 3)
    }

    @Test("the ends of the range are valid: 0 offers none, 10 000 every new card",
          arguments: [(Int64(0), 0, 0), (10_000, 10_000, 5)])
    func rangeEnds(limit: Int64, inForce: Int, available: Int) {
        var v = Self.twoProfiles()
        v.setting(newCardSetting(.int(limit)), at: utc(2026, 3, 1, 8, 30))
        let state = v.fold()
        #expect(state.dailyNewCardLimit(of: Self.me) == inForce)
        #expect(state.dueCount(profile: Self.me, at: Self.noon).newAvailable == available)
    }

    /// Both profiles set limits (the other's twice, one invalid), with reviews between.
    static func history() -> VocabularyScript {
        var v = twoProfiles()
        v.setting(newCardSetting(.int(2)), at: utc(2026, 3, 1, 8, 30))
        v.review(1, .good, at: utc(2026, 3, 1, 9, 0))
        v.setting(newCardSetting(.int(4)), at: utc(2026, 3, 1, 9, 10), profile: other)
        v.review(11, .again, at: utc(2026, 3, 1, 9, 20), profile: other)
        v.setting(newCardSetting(.int(-3)), at: utc(2026, 3, 1, 9, 30), profile: other)
        v.review(2, .easy, at: utc(2026, 3, 1, 9, 40))
        v.setting(newCardSetting(.int(1)), at: utc(2026, 3, 1, 9, 50), profile: other)
        v.review(12, .good, at: utc(2026, 3, 1, 10, 0), profile: other)
        return v
    }

    @Test("a snapshot keeps the limits: restoring any prefix and folding the tail equals the full fold")
    func snapshotKeepsLimits() throws {
        let v = Self.history()
        let full = v.fold()
        #expect(full.profileNewCardLimits == [Self.me: NewCardLimit(.int(2))!, Self.other: NewCardLimit(.int(1))!])
        for cut in 0...v.events.count {
            let restored = try decoded(VocabularyState.self, encoded(v.fold(v.events.prefix(cut))))
            let resumed = v.fold(v.events.dropFirst(cut), from: restored)
            #expect(resumed == full, "cut at \(cut)")
            #expect(encoded(resumed) == encoded(full), "cut at \(cut)")
        }
        let restored = try decoded(VocabularyState.self, encoded(full))
        #expect(restored.dailyNewCardLimit(of: Self.me) == 2)
        #expect(restored.dailyNewCardLimit(of: Self.other) == 1)
        #expect(restored.dueCount(profile: Self.other, at: Self.noon) == full.dueCount(profile: Self.other, at: Self.noon))
    }

    @Test("the batch fold reads the limits as the event-by-event fold does")
    func batchFold() {
        let v = Self.history()
        #expect(v.projection.kinds.contains(newCardSetting(.int(2))))
        for distance in [0, 1, VocabularyProjection.prefetchDistance] {
            var batched = v.projection.makeInitialState()
            let outcome = v.projection.apply(v.events, after: 0, to: &batched, prefetchDistance: distance)
            #expect(outcome.lastApplied == UInt64(v.events.count))
            #expect(encoded(batched) == encoded(v.fold()), "prefetch distance \(distance)")
        }
    }

    // MARK: Malformed snapshots

    /// The encoded `state` with its per-profile limits section replaced by `section`.
    static func replacingLimits(of state: VocabularyState, with section: [UInt8]) -> [UInt8] {
        var head = BinaryWriter()
        state.defaultScheduling.encode(to: &head)
        state.dailyNewCardLimit.encode(to: &head)
        state.calendar.encode(to: &head)
        state.profileScheduling.encode(to: &head)
        state.introductions.encode(to: &head)
        state.profileReviewLimits.encode(to: &head)
        state.dailyReviews.encode(to: &head)
        let start = head.bytes.count, length = encoded(state.profileNewCardLimits).count
        let bytes = encoded(state)
        return Array(bytes[..<start]) + section + Array(bytes[(start + length)...])
    }

    /// A limits section of `entries` (profile, raw limit), laid out as the encoder writes one.
    static func section(_ entries: [(ProfileID, Int64)]) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeVarint(UInt64(entries.count))
        for (profile, limit) in entries {
            profile.encode(to: &writer)
            writer.writeSignedVarint(limit)
        }
        return writer.bytes
    }

    /// A limits section that must be refused, and what the error says.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let section: [UInt8]
        let code: EventDecodingError.Code
        let message: String
    }

    static let malformedCases = [
        Malformed(testDescription: "a negative limit", section: section([(me, -1)]),
                  code: .invalidValue, message: "a daily new-card limit of -1 is outside 0...10000"),
        Malformed(testDescription: "a limit above the range", section: section([(me, 10_001)]),
                  code: .invalidValue, message: "a daily new-card limit of 10001 is outside 0...10000"),
        Malformed(testDescription: "a profile twice", section: section([(me, 2), (me, 3)]),
                  code: .invalidValue, message: "a dictionary key appears twice"),
        Malformed(testDescription: "a limit that is no varint",
                  section: [1] + encoded(me) + [UInt8](repeating: 0xFF, count: 11),
                  code: .malformedInteger, message: ""),
    ]

    @Test("a malformed limits section is refused with a typed error", arguments: malformedCases)
    func malformedLimitsAreRefused(_ c: Malformed) throws {
        let state = Self.history().fold()
        // The splice itself is sound: the section as encoded decodes to the same state.
        let entries: [(ProfileID, Int64)] = [(Self.me, 2), (Self.other, 1)]
        let same = Self.replacingLimits(of: state, with: Self.section(entries.sorted { $0.0 < $1.0 }))
        #expect(try decoded(VocabularyState.self, same) == state)
        #expect {
            _ = try decoded(VocabularyState.self, Self.replacingLimits(of: state, with: c.section))
        } throws: { error in
            guard let error = error as? EventDecodingError else { return false }
            return error.code == c.code && error.message.contains(c.message)
        }
    }
}
