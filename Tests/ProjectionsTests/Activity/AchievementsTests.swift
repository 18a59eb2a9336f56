import Testing
@testable import Events
@testable import Projections

@Suite struct AchievementsTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// The achievements part of the activity fold of `events`.
    func achievements(_ events: [RecordedEvent]) -> AchievementsState { fold(projection, events).achievements }

    func ids(_ unlocked: [UnlockedAchievement]) -> [String] { unlocked.map(\.rule.id) }

    /// 60 reviews, the 60th undone, 41 more: the 100th review that counts is the 101st graded.
    /// First review: unlocked by the first. After another undo and one more review, nothing is
    /// unlocked twice and nothing is taken back.
    @Test func firstReviewAndAHundredReviewsUnlockAtTheEarningReview() throws {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1, 8))
        var graded: [RecordedEvent] = []
        for i in 0..<60 { graded.append(script.review(1, .good, at: utc(2026, 3, 1, 9, i))) }
        script.undo(graded.removeLast(), at: utc(2026, 3, 1, 10))
        for i in 0..<41 { graded.append(script.review(1, .good, at: utc(2026, 3, 1, 11, i))) }
        #expect(graded.count == 100)
        let atHundred = achievements(script.events)
        let unlocked = atHundred.unlocked(profile: script.profile)
        #expect(ids(unlocked) == ["first-review", "reviews-50-in-a-day", "reviews-100"])     // all on 1 March
        #expect(unlocked[0].unlock == Unlock(position: graded[0].position, time: graded[0].occurred))
        #expect(unlocked[1].unlock == Unlock(position: graded[49].position, time: graded[49].occurred))
        #expect(unlocked[2].unlock == Unlock(position: graded[99].position, time: graded[99].occurred))
        #expect(unlocked[2].unlock.position == 1 + 60 + 1 + 41)   // card, 60 reviews, undo, 41 reviews

        script.undo(graded[99], at: utc(2026, 3, 1, 12))
        let afterUndo = achievements(script.events)
        #expect(afterUndo.unlocked(profile: script.profile) == unlocked)      // never re-locked
        #expect(afterUndo.profiles[IDKey(script.profile)]?.reviews == 99)
        script.review(1, .good, at: utc(2026, 3, 1, 13))
        #expect(achievements(script.events).unlocked(profile: script.profile) == unlocked)
    }

    /// 1 March 2026 is a Sunday. Practice Sunday 1 through Saturday 7: the 7-day streak unlocks on
    /// the 7th, but no Monday–Sunday week is full. Sunday the 8th completes Monday 2–Sunday 8.
    /// (Words spelled wrong: practice, with no word mastered.)
    @Test func aSevenDayStreakAndAFullWeek() {
        #expect(LocalWeek.monday(of: dayNumber(2026, 3, 1)) == dayNumber(2026, 2, 23))
        #expect(LocalWeek.monday(of: dayNumber(2026, 3, 4)) == dayNumber(2026, 3, 2))
        #expect(LocalWeek.monday(of: dayNumber(2026, 3, 8)) == dayNumber(2026, 3, 2))
        #expect(LocalWeek.monday(of: dayNumber(2026, 3, 9)) == dayNumber(2026, 3, 9))
        #expect(LocalWeek.monday(of: -1) == -3)                       // Wed 31 Dec 1969 -> Mon 29 Dec
        var script = EventScript()
        for day in 1...7 { script.spell(1, "cat", correct: false, at: utc(2026, 3, day, 18)) }
        let week = achievements(script.events)
        #expect(ids(week.unlocked(profile: script.profile)) == ["streak-7"])
        #expect(week.unlocked(profile: script.profile)[0].unlock.position == 7)
        let fullWeekProgress = week.progress(profile: script.profile).first { $0.rule.id == "full-week" }
        #expect(fullWeekProgress?.current == 6)                       // Monday 2 through Saturday 7
        script.spell(1, "cat", correct: false, at: utc(2026, 3, 8, 18))
        script.spell(1, "dog", correct: false, at: utc(2026, 3, 8, 19))
        let unlocked = achievements(script.events).unlocked(profile: script.profile)
        #expect(ids(unlocked) == ["streak-7", "full-week"])
        #expect(unlocked[1].unlock.position == 8)
    }

    /// Monday 2 through Sunday 8 practised in order: both unlock on the same event, and the
    /// tie is broken by rule id.
    @Test func achievementsEarnedByOneEventAreOrderedByRuleID() {
        var script = EventScript()
        for day in 2...8 { script.readStory(UInt64(day), at: utc(2026, 3, day, 18)) }
        let unlocked = achievements(script.events).unlocked(profile: script.profile)
        #expect(ids(unlocked) == ["full-week", "streak-7"])
        #expect(unlocked.allSatisfy { $0.unlock.position == 7 })
    }

    /// A test of cat and dog. Session 1 has a mistake; session 2 ends with no word spelled;
    /// session 3 is perfect but unlocks only when it ends; session 4, perfect too, unlocks
    /// nothing more. Dog, right at its 3rd attempt in a row in session 4 (the wrong try in session 1
    /// reset its run), is the first word mastered. (More cases: ``PerfectSpellingTests``,
    /// ``WordsMasteredTests``.)
    @Test func aPerfectSpellingSession() {
        var script = EventScript()
        script.createSpellingTest(words: ["cat", "dog"], at: utc(2026, 3, 2, 16))
        script.startSpelling(1, at: utc(2026, 3, 2, 17))
        script.spell(1, "cat", correct: true, at: utc(2026, 3, 2, 17, 1))
        script.spell(1, "dog", correct: false, at: utc(2026, 3, 2, 17, 2))
        script.spell(1, "dog", correct: true, attempt: 2, at: utc(2026, 3, 2, 17, 3))
        script.endSpelling(1, at: utc(2026, 3, 2, 17, 4))
        script.startSpelling(2, at: utc(2026, 3, 2, 18))
        script.endSpelling(2, at: utc(2026, 3, 2, 18, 1))
        script.startSpelling(3, at: utc(2026, 3, 3, 17))
        script.spell(3, "cat", correct: true, at: utc(2026, 3, 3, 17, 1))
        script.spell(3, "dog", correct: true, at: utc(2026, 3, 3, 17, 2))
        #expect(achievements(script.events).unlocked(profile: script.profile).isEmpty)
        script.endSpelling(3, at: utc(2026, 3, 3, 17, 3))
        script.startSpelling(4, at: utc(2026, 3, 4, 17))
        script.spell(4, "dog", correct: true, at: utc(2026, 3, 4, 17, 1))
        script.spell(4, "cat", correct: true, at: utc(2026, 3, 4, 17, 2))
        script.endSpelling(4, at: utc(2026, 3, 4, 17, 3))
        let state = achievements(script.events)
        let unlocked = state.unlocked(profile: script.profile)
        #expect(ids(unlocked) == ["perfect-spelling", "first-word-mastered"])
        #expect(unlocked[0].unlock == Unlock(position: 12, time: eventTime(utc(2026, 3, 3, 17, 3))))
        #expect(unlocked[1].unlock == Unlock(position: 14, time: eventTime(utc(2026, 3, 4, 17, 1))))
        #expect(state.openSessions.isEmpty)
    }

    /// Stories 1–9 read to the end, story 9 again, story 10 put down half-way: 9 of 10. Story 10
    /// finished: unlocked at that event.
    @Test func tenStoriesRead() {
        var script = EventScript()
        for story in 1...9 as ClosedRange<UInt64> { script.readStory(story, at: utc(2026, 3, 1, 18, Int(story))) }
        script.readStory(9, at: utc(2026, 3, 1, 19))
        script.readStory(10, finished: false, at: utc(2026, 3, 1, 19, 30))
        let before = achievements(script.events)
        #expect(before.progress(profile: script.profile).first { $0.rule.id == "stories-read-10" }?.current == 9)
        #expect(!ids(before.unlocked(profile: script.profile)).contains("stories-read-10"))
        script.readStory(10, at: utc(2026, 3, 1, 20))
        let unlocked = achievements(script.events).unlocked(profile: script.profile)
        #expect(ids(unlocked) == ["stories-read-10"])
        #expect(unlocked[0].unlock.position == 12)
    }

    /// A profile's progress toward every locked rule, in table order: 3 reviews on 3 days
    /// (Monday 2 to Wednesday 4), one story read.
    @Test func progressTowardLockedRules() {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1))
        for day in 2...4 { script.review(1, .good, at: utc(2026, 3, day, 12)) }
        script.readStory(1, at: utc(2026, 3, 4, 20))
        let state = achievements(script.events)
        let progress = state.progress(profile: script.profile)
        #expect(progress.map(\.rule.id) == ["reviews-100", "reviews-1000", "reviews-50-in-a-day", "streak-7", "streak-30",
                                            "perfect-spelling", "perfect-spelling-test-3", "first-word-mastered",
                                            "words-mastered-10", "stories-read-10", "full-week"])
        #expect(progress.map(\.current) == [3, 3, 1, 3, 3, 0, 0, 0, 0, 1, 3])
        #expect(progress.map(\.target) == [100, 1000, 50, 7, 30, 1, 3, 1, 10, 10, 7])
        #expect(progress[0].fraction == 0.03)
        #expect(state.progress(profile: ProfileID(testUUID(0x42))).map(\.current) == [Int](repeating: 0, count: 12))
    }

    /// 50 reviews in one local day: 49 on 1 March (the last at 03:30 on the 2nd, before the 04:00
    /// cut-off) and 49 on the 2nd earn nothing; one undone on the 2nd and two more make the 50th
    /// that counts, which unlocks it (in the one-event and the batch fold alike); progress shows
    /// the best day; an undo and a redo later unlock nothing twice.
    @Test func fiftyReviewsInOneLocalDay() throws {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1, 8))
        for i in 0..<48 { script.review(1, .good, at: utc(2026, 3, 1, 9, i)) }
        script.review(1, .good, at: utc(2026, 3, 2, 3, 30))                    // still 1 March, locally
        var second: [RecordedEvent] = []
        for i in 0..<49 { second.append(script.review(1, .good, at: utc(2026, 3, 2, 9, i))) }
        let rule = "reviews-50-in-a-day"
        var state = activityFoldedBothWays(projection, script.events)
        #expect(!ids(state.achievements.unlocked(profile: script.profile)).contains(rule))
        #expect(state.achievements.progress(profile: script.profile).first { $0.rule.id == rule }?.current == 49)
        script.undo(second.removeLast(), at: utc(2026, 3, 2, 10))
        second.append(script.review(1, .good, at: utc(2026, 3, 2, 11)))
        second.append(script.review(1, .good, at: utc(2026, 3, 2, 11, 1)))
        state = activityFoldedBothWays(projection, script.events)
        let earned = try #require(state.achievements.unlocked(profile: script.profile).first { $0.rule.id == rule })
        #expect(earned.unlock == Unlock(position: second[49].position, time: second[49].occurred))
        script.undo(second[49], at: utc(2026, 3, 2, 12))
        script.review(1, .good, at: utc(2026, 3, 2, 12, 1))
        state = activityFoldedBothWays(projection, script.events)
        #expect(state.achievements.unlocked(profile: script.profile).filter { $0.rule.id == rule } == [earned])
    }

    /// Rules are data: a custom table with a 2-review rule works like the default one.
    @Test func aCustomRuleTable() throws {
        let rules = [AchievementRule(id: "two", title: "Two", description: "Review twice.", condition: .reviews(2))]
        let custom = try ActivityProjection(rules: rules, defaultCutoffHour: 4)
        #expect(custom.fingerprint != projection.fingerprint)
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1))
        script.review(1, .good, at: utc(2026, 3, 2, 12))
        let second = script.review(1, .good, at: utc(2026, 3, 2, 13))
        #expect(fold(custom, script.events).achievements.unlocked(profile: script.profile) ==
                [UnlockedAchievement(rule: rules[0], unlock: Unlock(position: second.position, time: second.occurred))])
    }

    @Test(arguments: [
        ([AchievementRule(id: "", title: "", description: "", condition: .firstReview)],
         "[empty-id] achievement rule 0 (''): the rule has an empty id; give every rule a stable, unique id"),
        ([AchievementRule(id: "a", title: "", description: "", condition: .firstReview),
          AchievementRule(id: "a", title: "", description: "", condition: .fullWeek)],
         "[duplicate-id] achievement rule 1 ('a'): the id is used by an earlier rule; ids must be unique"),
        ([AchievementRule(id: "z", title: "", description: "", condition: .streak(days: 0))],
         "[target-below-one] achievement rule 0 ('z'): the condition's target is 0; use 1 or more"),
    ])
    func aBadRuleTableIsRefused(rules: [AchievementRule], message: String) {
        #expect {
            _ = try ActivityProjection(rules: rules, defaultCutoffHour: 4)
        } throws: { error in
            (error as? AchievementRuleError)?.description == message
        }
    }
}
