import Testing
@testable import Events
@testable import Projections

/// The day rules of the default table (`streak-7`: 7 consecutive local days with practice;
/// `full-week`: practice on each day of one Monday–Sunday week) over the person's local days:
/// their UTC offset at each event and the profile's cut-off (04:00 by default, or as its
/// `DayCutoffChanged` says).
///
/// Calendar: 1 March 2026 is a Sunday (see ``AchievementsTests``), so the weeks are Mon 2 – Sun 8
/// and Mon 9 – Sun 15.
@Suite struct AchievementsDayBoundaryTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// One hand-written history: practice (a word spelled wrong, which is practice and unlocks
    /// nothing else: no word is mastered) at local times, and what it must unlock.
    struct DayRuleCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// The profile's own cut-off hour, from a `DayCutoffChanged` before any practice; nil
        /// keeps the projection's default, 04:00.
        let cutoff: Int?
        /// When each practice event happens, on the person's clock.
        let practice: [LocalTime]
        /// The unlocks, in `unlocked(profile:)` order: the rule and the index in ``practice`` of
        /// the event that earned it (its position and time are the unlock's).
        let unlocks: [(rule: String, by: Int)]
        /// The runs of practice days, as March dates.
        let runs: [ClosedRange<Int>]

        init(_ name: String, cutoff: Int? = nil, practice: [LocalTime], unlocks: [(rule: String, by: Int)],
             runs: [ClosedRange<Int>]) {
            (self.name, self.cutoff, self.practice, self.unlocks, self.runs) = (name, cutoff, practice, unlocks, runs)
        }

        var testDescription: String { name }
    }

    /// 20:00 on each of `days`, local time: well inside the local day whatever the cut-off.
    static func evenings(_ days: ClosedRange<Int>) -> [LocalTime] { days.map { LocalTime($0, 20) } }

    static let table: [DayRuleCase] = [
        // Evenings Mon 2 – Sun 8 (indexes 0–6): Sunday's, the 7th day, completes the run 2–8 and
        // the week; one event earns both, so they are listed by rule id.
        DayRuleCase("Monday to Sunday in order", practice: evenings(2...8),
                    unlocks: [("full-week", 6), ("streak-7", 6)], runs: [2...8]),
        // Evenings Mon 2 – Sat 7 (0–5), then 03:59 on Monday 9: before the 04:00 cut-off, so it
        // is still Sunday 8: run 2–8 and the week complete at index 6.
        DayRuleCase("03:59 on Monday counts for Sunday", practice: evenings(2...7) + [LocalTime(9, 3, 59)],
                    unlocks: [("full-week", 6), ("streak-7", 6)], runs: [2...8]),
        // The same with 04:00 on Monday 9: that is Monday 9 itself. Sunday 8 stays empty: runs
        // 2–7 (6 days) and 9; no week is full.
        DayRuleCase("04:00 on Monday starts Monday", practice: evenings(2...7) + [LocalTime(9, 4, 0)],
                    unlocks: [], runs: [2...7, 9...9]),
        // 03:59 on Monday 2 is still Sunday 1; evenings Tue 3 – Sun 8: Monday 2 is empty, runs 1
        // and 3–8 (6 days): nothing.
        DayRuleCase("03:59 on the first Monday is still Sunday", practice: [LocalTime(2, 3, 59)] + evenings(3...8),
                    unlocks: [], runs: [1...1, 3...8]),
        // 04:00 on Monday 2 is Monday: days 2–8, complete at Sunday's evening (index 6).
        DayRuleCase("04:00 on the first Monday is Monday", practice: [LocalTime(2, 4, 0)] + evenings(3...8),
                    unlocks: [("full-week", 6), ("streak-7", 6)], runs: [2...8]),
        // Evenings Wed 4 – Tue 10: 7 days at Tuesday 10 (index 6), across two weeks: Mon 2 – Sun 8
        // lacks the 2nd and 3rd, Mon 9 – Sun 15 lacks 11–15. The streak only.
        DayRuleCase("a streak across two weeks is no full week", practice: evenings(4...10),
                    unlocks: [("streak-7", 6)], runs: [4...10]),
        // Broken and resumed: evenings Mon 2 – Fri 6 (0–4), Saturday 7 missed, Sun 8 – Sat 14
        // (5–11): the run 8–14 reaches 7 days on Saturday 14, index 11. Neither week is full
        // (the first lacks the 7th, the second the 15th).
        DayRuleCase("broken on Saturday, resumed on Sunday", practice: evenings(2...6) + evenings(8...14),
                    unlocks: [("streak-7", 11)], runs: [2...6, 8...14]),
        // The same and Sunday 15 (index 12): Mon 9 – Sun 15 is full; the streak stays dated by
        // index 11 (earned once).
        DayRuleCase("the resumed run completes the next week", practice: evenings(2...6) + evenings(8...15),
                    unlocks: [("streak-7", 11), ("full-week", 12)], runs: [2...6, 8...15]),
        // Evenings Mon 2 – Fri 6 (0–4), then 03:59 on Sunday 8 (index 5): before the cut-off, it
        // is Saturday 7 and fills the gap; Sunday 8's evening (index 6) completes 2–8.
        DayRuleCase("03:59 on Sunday fills Saturday's gap", practice: evenings(2...6) + [LocalTime(8, 3, 59)] + evenings(8...8),
                    unlocks: [("full-week", 6), ("streak-7", 6)], runs: [2...8]),
        // With 04:00 on Sunday 8 (index 5, Sunday) instead, Saturday stays empty: the run 8–14
        // reaches 7 days at Saturday 14's evening: indexes 6–12 are the evenings 8–14, so 12.
        DayRuleCase("04:00 on Sunday leaves Saturday's gap", practice: evenings(2...6) + [LocalTime(8, 4, 0)] + evenings(8...14),
                    unlocks: [("streak-7", 12)], runs: [2...6, 8...14]),
        // The profile moved its cut-off to midnight: 03:59 on Monday 9 is Monday. Sunday 8 empty.
        DayRuleCase("cut-off at midnight: 03:59 is the new day", cutoff: 0, practice: evenings(2...7) + [LocalTime(9, 3, 59)],
                    unlocks: [], runs: [2...7, 9...9]),
        // The profile moved its cut-off to 06:00: 05:59 on Monday 9 is still Sunday 8: complete
        // at index 6.
        DayRuleCase("cut-off at 06:00: 05:59 is the day before", cutoff: 6, practice: evenings(2...7) + [LocalTime(9, 5, 59)],
                    unlocks: [("full-week", 6), ("streak-7", 6)], runs: [2...8]),
    ]

    /// Each history, at each offset, unlocks exactly the expected day rules, dated by the
    /// position and time of the event that completed them, and leaves the expected runs: the
    /// local day (offset and cut-off, the profile's own when it changed it) decides, never the UTC
    /// date. (At UTC+10, 03:59 and 04:00 on Monday 9 are both Sunday 8 in UTC; at UTC−8 both are
    /// Monday 9 in UTC: a fold that read UTC dates would fail a row at each.)
    @Test(arguments: table, tableOffsets)
    func dayRulesFollowTheLocalDay(_ row: DayRuleCase, utcOffsetSeconds offset: Int) {
        var script = EventScript(utcOffsetSeconds: offset)
        if let cutoff = row.cutoff { script.changeCutoff(to: cutoff, at: LocalTime(1, 12).instant(utcOffsetSeconds: offset)) }
        var practice: [RecordedEvent] = []
        for time in row.practice {
            script.spell(1, "cat", correct: false, at: time.instant(utcOffsetSeconds: offset))
            practice.append(script.events[script.events.count - 1])
        }
        let state = activityFoldedBothWays(projection, script.events)
        expectUnlocks(state, profile: script.profile, row.unlocks, earnedBy: practice, runs: row.runs)
    }

    /// Progress toward a locked day rule reads the same local days: evenings Mon 2 – Sat 7 and
    /// 04:00 on Monday 9 (row "04:00 on Monday starts Monday") leave the longest run at 6 days
    /// (2–7) and the latest week (Mon 9 – Sun 15) with 1 active day; with 03:59 instead, both
    /// rules are unlocked and no longer listed.
    @Test(arguments: tableOffsets)
    func progressTowardTheDayRulesCountsLocalDays(utcOffsetSeconds offset: Int) {
        func progress(lastPractice: LocalTime) -> [String: Int] {
            var script = EventScript(utcOffsetSeconds: offset)
            for time in Self.evenings(2...7) + [lastPractice] {
                script.spell(1, "cat", correct: false, at: time.instant(utcOffsetSeconds: offset))
            }
            let state = activityFoldedBothWays(projection, script.events)
            return Dictionary(uniqueKeysWithValues: state.achievements.progress(profile: script.profile)
                .filter { ["streak-7", "streak-30", "full-week"].contains($0.rule.id) }.map { ($0.rule.id, $0.current) })
        }
        #expect(progress(lastPractice: LocalTime(9, 4, 0)) == ["streak-7": 6, "streak-30": 6, "full-week": 1])
        // 03:59: the run 2–8 (7 days) unlocks both; streak-30 shows 7 of 30.
        #expect(progress(lastPractice: LocalTime(9, 3, 59)) == ["streak-30": 7])
    }
}
