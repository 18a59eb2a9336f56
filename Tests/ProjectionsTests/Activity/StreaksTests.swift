import Testing
@testable import Events
@testable import Projections

@Suite struct StreaksTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// The streaks part of the activity fold of `events`.
    func streaks(_ events: [RecordedEvent]) -> StreaksState { fold(projection, events).streaks }

    /// March 2026, UTC+0, cut-off 04:00. Practice on the 1st (a review), 2nd (a word spelled wrong:
    /// still practice), 3rd (a story read to the end); the 4th only has a story generated, a story
    /// put down half-way and a dictation (none is practice); practice again on the 5th (cram
    /// review) and 6th (word spelled); on the 8th a review that is undone.
    /// Runs: 1–3 and 5–6.
    func brokenAndResumed() -> EventScript {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 2, 1))
        script.review(1, .good, at: utc(2026, 3, 1, 12))
        script.startSpelling(1, at: utc(2026, 3, 2, 12))
        script.spell(1, "cat", correct: false, at: utc(2026, 3, 2, 12, 1))
        script.readStory(1, finished: true, at: utc(2026, 3, 3, 20))
        script.generateStory(2, at: utc(2026, 3, 4, 19))
        script.readStory(2, finished: false, at: utc(2026, 3, 4, 20))
        script.startSpelling(2, at: utc(2026, 3, 4, 21))
        script.review(1, .again, mode: .cram, at: utc(2026, 3, 5, 12))
        script.spell(1, "dog", correct: true, at: utc(2026, 3, 6, 12))
        let undone = script.review(1, .good, at: utc(2026, 3, 8, 12))
        script.undo(undone, at: utc(2026, 3, 8, 12, 1))
        return script
    }

    @Test func aStreakIsBuiltBrokenByAMissedDayAndResumed() {
        let script = brokenAndResumed()
        let state = streaks(script.events)
        #expect(state.runs(profile: script.profile) == [DayRun(first: dayNumber(2026, 3, 1), last: dayNumber(2026, 3, 3)),
                                                       DayRun(first: dayNumber(2026, 3, 5), last: dayNumber(2026, 3, 6))])
    }

    /// Current and longest at several instants (the longest is the longest run in the log: 3):
    /// - 3rd noon: run 1–3 holds today: 3;
    /// - 4th noon, no practice yet today: the run ending yesterday still counts: 3;
    /// - 5th 02:00, before the 04:00 cut-off, is still the 4th: 3;
    /// - 5th noon: run 5–6 holds today, counted up to today: 1; 6th: 2; 7th: yesterday's run: 2;
    /// - 8th: its only practice was undone and the 7th had none: 0; 2nd: counted up to the 2nd: 2;
    /// - 28 Feb, before any practice: 0.
    @Test(arguments: [
        (utc(2026, 3, 3, 12), 3), (utc(2026, 3, 4, 12), 3), (utc(2026, 3, 5, 2), 3), (utc(2026, 3, 5, 12), 1),
        (utc(2026, 3, 6, 12), 2), (utc(2026, 3, 7, 23), 2), (utc(2026, 3, 8, 12), 0), (utc(2026, 3, 2, 12), 2),
        (utc(2026, 2, 28, 12), 0),
    ] as [(Timestamp, Int)])
    func currentAndLongestAtAnInstant(instant: Timestamp, current: Int) {
        let script = brokenAndResumed()
        let streak = streaks(script.events).streak(profile: script.profile, at: eventTime(instant))
        #expect(streak.current == current)
        #expect(streak.longest == 3)
        #expect(streak.today == StreaksState(defaultCutoffHour: 4).calendar.day(of: eventTime(instant), profile: script.profile))
    }

    /// Practice on the 7th, 8th and 9th joins run 5–6 into 5–9: current 5 and longest 5 on the 9th.
    @Test func aResumedStreakCanBecomeTheLongest() {
        var script = brokenAndResumed()
        script.spell(1, "sun", correct: true, at: utc(2026, 3, 7, 12))
        script.readStory(1, finished: true, at: utc(2026, 3, 8, 12))
        script.review(1, .hard, at: utc(2026, 3, 9, 12))
        let state = streaks(script.events)
        #expect(state.streak(profile: script.profile, at: eventTime(utc(2026, 3, 9, 12))) ==
                Streak(current: 5, longest: 5, today: dayNumber(2026, 3, 9)))
        #expect(state.runs(profile: script.profile).count == 2)
    }

    /// Undoing the only practice of the middle day of a 3-day run splits it in two; a day with a
    /// second practice event stays active when one is undone.
    @Test func undoingTheOnlyPracticeOfADaySplitsItsRun() {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 2, 1))
        script.review(1, .good, at: utc(2026, 3, 1, 12))
        let middle = script.review(1, .good, at: utc(2026, 3, 2, 12))
        let third = script.review(1, .good, at: utc(2026, 3, 3, 12))
        script.spell(1, "cat", correct: true, at: utc(2026, 3, 3, 13))
        script.undo(third, at: utc(2026, 3, 3, 14))                 // the latest first, as the store undoes
        script.undo(middle, at: utc(2026, 3, 3, 15))
        let state = streaks(script.events)
        #expect(state.runs(profile: script.profile) == [DayRun(first: dayNumber(2026, 3, 1), last: dayNumber(2026, 3, 1)),
                                                       DayRun(first: dayNumber(2026, 3, 3), last: dayNumber(2026, 3, 3))])
        #expect(state.streak(profile: script.profile, at: eventTime(utc(2026, 3, 3, 16))).longest == 1)
    }

    /// Late events (an earlier day arriving after later ones) fill gaps and join runs.
    @Test func practiceArrivingOutOfOrderJoinsRuns() {
        var script = EventScript()
        script.readStory(1, at: utc(2026, 3, 5, 12))
        script.readStory(1, at: utc(2026, 3, 1, 12))
        script.readStory(1, at: utc(2026, 3, 3, 12))
        script.readStory(1, at: utc(2026, 3, 2, 12))
        script.readStory(1, at: utc(2026, 3, 4, 12))
        let state = streaks(script.events)
        #expect(state.runs(profile: script.profile) == [DayRun(first: dayNumber(2026, 3, 1), last: dayNumber(2026, 3, 5))])
    }

    /// One activity of each kind, alone on the 2nd between practice on the 1st and the 3rd:
    /// practice joins the three days into one run, anything else leaves two.
    @Test(arguments: [
        ("a review graded", true), ("a cram review", true), ("a word spelled wrong", true), ("a story read to its end", true),
        ("a dictation finished", true), ("a story generated", false), ("a story put down half-way", false),
        ("a spelling session started and ended", false), ("a card created", false),
    ])
    func whichActivityMakesADayActive(activity: String, isPractice: Bool) {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 2, 1))
        script.review(1, .good, at: utc(2026, 3, 1, 12))
        let noon = utc(2026, 3, 2, 12)
        switch activity {
        case "a review graded": script.review(1, .good, at: noon)
        case "a cram review": script.review(1, .again, mode: .cram, at: noon)
        case "a word spelled wrong":
            script.startSpelling(1, at: noon)
            script.spell(1, "cat", correct: false, at: noon)
        case "a story read to its end": script.readStory(1, at: noon)
        case "a dictation finished": script.dictate(words: 10, seconds: 30, at: noon)
        case "a story generated": script.generateStory(1, at: noon)
        case "a story put down half-way": script.readStory(1, finished: false, at: noon)
        case "a spelling session started and ended":
            script.startSpelling(1, at: noon)
            script.endSpelling(1, at: noon)
        default: script.createCard(2, at: noon)
        }
        script.review(1, .good, at: utc(2026, 3, 3, 12))
        let runs = streaks(script.events).runs(profile: script.profile)
        #expect(runs.count == (isPractice ? 1 : 2), "\(activity): \(runs)")
        #expect(runs.first?.first == dayNumber(2026, 3, 1))
        #expect(runs.last?.last == dayNumber(2026, 3, 3))
    }

    @Test func aProfileThatNeverPractisedHasNoStreak() {
        let state = streaks(brokenAndResumed().events)
        let streak = state.streak(profile: ProfileID(testUUID(0x77)), at: eventTime(utc(2026, 3, 3, 12)))
        #expect(streak == Streak(current: 0, longest: 0, today: dayNumber(2026, 3, 3)))
    }
}
