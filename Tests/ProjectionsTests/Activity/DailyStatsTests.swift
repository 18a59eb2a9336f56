import Testing
@testable import Events
@testable import Projections

@Suite struct DailyStatsTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// The daily-stats part of the activity fold of `events`.
    func stats(_ events: [RecordedEvent]) -> DailyStatsState { fold(projection, events).dailyStats }

    /// A scripted 10 March 2026 (UTC+1, cut-off 04:00) after one review on the 9th.
    func scriptedDay() -> EventScript {
        var script = EventScript(utcOffsetSeconds: 3600)
        for card in 1...5 as ClosedRange<UInt64> { script.createCard(card, at: utc(2026, 3, 1, 8)) }
        script.review(1, .good, seconds: 10, at: utc(2026, 3, 9, 10))               // day 9: card 1's first
        script.review(1, .again, seconds: 8, at: utc(2026, 3, 10, 8))               // not new any more
        script.review(2, .good, seconds: 12, at: utc(2026, 3, 10, 8, 1))            // new
        script.review(3, .easy, seconds: 6, at: utc(2026, 3, 10, 8, 2))             // new
        script.review(4, .hard, seconds: 20, at: utc(2026, 3, 10, 8, 3))            // new
        script.review(2, .good, mode: .cram, seconds: 4, at: utc(2026, 3, 10, 8, 4))
        script.review(5, .again, mode: .cram, seconds: 7, at: utc(2026, 3, 10, 8, 5)) // cram: not new
        script.review(5, .good, seconds: 9, at: utc(2026, 3, 10, 8, 6))             // first scheduled: new
        script.startSpelling(1, at: utc(2026, 3, 10, 16))
        script.spell(1, "cat", correct: true, seconds: 3, at: utc(2026, 3, 10, 16, 1))
        script.spell(1, "dog", correct: false, hints: 2, seconds: 5, at: utc(2026, 3, 10, 16, 2))
        script.spell(1, "dog", correct: true, attempt: 2, hints: 1, seconds: 4, at: utc(2026, 3, 10, 16, 3))
        script.endSpelling(1, at: utc(2026, 3, 10, 16, 4))
        script.generateStory(1, at: utc(2026, 3, 10, 19))
        script.readStory(1, finished: true, at: utc(2026, 3, 10, 19, 30))
        script.readStory(2, finished: false, at: utc(2026, 3, 10, 19, 45))          // put down: not read
        script.dictate(words: 42, seconds: 90, at: utc(2026, 3, 10, 20))
        return script
    }

    /// Worked by hand:
    /// - ratings: again = card 1 + card 5 (cram) = 2; hard = card 4 = 1; good = card 2, card 2 (cram),
    ///   card 5 = 3; easy = card 3 = 1; 7 reviews, 2 of them cram;
    /// - scheduled: cards 1, 2, 3, 4, 5 = 5, passed (rating ≥ 2) = 4 (card 1's again fails): retention 4/5 = 0.8;
    /// - new: cards 2, 3, 4, 5 (card 5's cram review first does not make it new; its scheduled one does) = 4;
    /// - time: reviews 8+12+6+20+4+7+9 = 66 s, spelling 3+5+4 = 12 s, dictation 90 s: 168 s studied;
    /// - hints while spelling: 2 + 1 = 3.
    @Test func aScriptedDayCountsEveryNumber() throws {
        let script = scriptedDay()
        let state = stats(script.events)
        let day = state.day(profile: script.profile, day: dayNumber(2026, 3, 10))
        var expected = ActivityCounts()
        (expected.again, expected.hard, expected.good, expected.easy) = (2, 1, 3, 1)
        (expected.cramReviews, expected.scheduledReviews, expected.scheduledPassed, expected.newCards) = (2, 5, 4, 4)
        (expected.reviewTimeMs, expected.spellingTimeMs, expected.dictationTimeMs) = (66_000, 12_000, 90_000)
        (expected.wordsSpelledRight, expected.wordsSpelledWrong, expected.spellingSessions) = (2, 1, 1)
        (expected.storiesGenerated, expected.storiesRead) = (1, 1)
        (expected.wordsDictated, expected.dictations) = (42, 1)
        expected.spellingHints = 3
        #expect(day == expected)
        #expect(day.reviews == 7)
        #expect(day.reviewsByRating == [2, 1, 3, 1])
        #expect(day.retention == 0.8)
        #expect(day.studyTimeMs == 168_000)

        var previous = ActivityCounts()
        (previous.good, previous.scheduledReviews, previous.scheduledPassed, previous.newCards) = (1, 1, 1, 1)
        previous.reviewTimeMs = 10_000
        #expect(state.day(profile: script.profile, day: dayNumber(2026, 3, 9)) == previous)
        #expect(state.day(profile: script.profile, day: dayNumber(2026, 3, 9)).retention == 1)
    }

    @Test func rangesListEveryDayInOrderWithZerosAndSumToTotals() throws {
        let script = scriptedDay()
        let state = stats(script.events)
        let (d8, d9, d10, d11) = (dayNumber(2026, 3, 8), dayNumber(2026, 3, 9), dayNumber(2026, 3, 10), dayNumber(2026, 3, 11))
        let days = try state.days(profile: script.profile, from: d8, through: d11)
        #expect(days.map(\.day) == [d8, d9, d10, d11])
        #expect(days[0].counts.isEmpty && days[3].counts.isEmpty)
        #expect(days[0].counts.retention == nil)
        #expect(days[1].counts == state.day(profile: script.profile, day: d9))
        let totals = state.totals(profile: script.profile, from: d8, through: d11)
        #expect(totals == days[1].counts + days[2].counts)
        #expect(totals.reviews == 8 && totals.newCards == 5 && totals.scheduledReviews == 6)
        // A range far longer than the recorded days takes the other path and agrees.
        #expect(state.totals(profile: script.profile, from: d8 - 10_000, through: d11 + 10_000) == totals)
        #expect(try state.days(profile: script.profile, from: d11, through: d8).isEmpty)
        #expect(state.totals(profile: ProfileID(testUUID(0xBAD)), from: d8, through: d11).isEmpty)
    }

    @Test func aRangeTooLongToListIsAnErrorThatSaysWhatToDo() {
        let state = stats(scriptedDay().events)
        #expect {
            _ = try state.days(profile: ProfileID(testUUID(1)), from: 0, through: 50_000)
        } throws: { error in
            (error as? DayRangeError)?.description
                == "[day-range-too-long] days 0 through 50000 make 50001 days; list at most 36600 days at once "
                + "(about 100 years), or ask for totals instead"
        }
    }

    /// 23:30 UTC on the 10th is 00:30 on the 11th at UTC+1, before the 04:00 cut-off: still the 10th.
    /// At 03:30 UTC on the 11th it is 04:30 local: the 11th.
    @Test(arguments: [(utc(2026, 3, 10, 23, 30), dayNumber(2026, 3, 10)),
                      (utc(2026, 3, 11, 3, 30), dayNumber(2026, 3, 11))])
    func todayIsTheLocalDayOfTheInstantPassedIn(instant: Timestamp, expectedDay: Int64) {
        let script = scriptedDay()
        let state = stats(script.events)
        let today = state.today(profile: script.profile, at: eventTime(instant, utcOffsetSeconds: 3600))
        #expect(today.day == expectedDay)
        #expect(today.counts == state.day(profile: script.profile, day: expectedDay))
    }

    @Test func reviewsOfUnknownCardsAndUnknownUndosAreIgnored() {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1, 8))
        let counted = script.review(1, .good, at: utc(2026, 3, 10, 12))
        let stray = script.review(99, .easy, at: utc(2026, 3, 10, 12, 5))       // card 99 was never created
        script.review(1, .easy, at: utc(2026, 3, 10, 12, 5), profile: ProfileID(testUUID(0xBAD)))  // not its card
        script.undo(stray, at: utc(2026, 3, 10, 12, 6))
        script.undo(counted, at: utc(2026, 3, 10, 12, 7))
        script.undo(counted, at: utc(2026, 3, 10, 12, 8))                       // twice: the second is ignored
        let state = stats(script.events)
        #expect(state.day(profile: script.profile, day: dayNumber(2026, 3, 10)).isEmpty)
        #expect(state.table.isEmpty)
        #expect(state.day(profile: ProfileID(testUUID(0xBAD)), day: dayNumber(2026, 3, 10)).isEmpty)
    }
}
