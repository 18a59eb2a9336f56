import Testing
import TestSupport
@testable import Events
@testable import Projections

@Suite struct DailyStatsUndoTests {
    let projection = try! ActivityProjection(defaultCutoffHour: 4)

    /// The daily-stats part of the activity fold of `events`.
    func stats(_ events: [RecordedEvent]) -> DailyStatsState { fold(projection, events).dailyStats }

    /// Day 10: card 1 good (new, 10 s), card 1 again (10 s). Undoing the again leaves good 1,
    /// new 1, 10 s, retention 1/1.
    @Test func anUndoneReviewIsRemovedFromItsDay() {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1, 8))
        script.review(1, .good, at: utc(2026, 3, 10, 9))
        let again = script.review(1, .again, at: utc(2026, 3, 10, 9, 5))
        let before = stats(script.events).day(profile: script.profile, day: dayNumber(2026, 3, 10))
        #expect(before.reviews == 2 && before.retention == 0.5)
        script.undo(again, at: utc(2026, 3, 11, 9))                  // undone the next day: taken from the 10th
        let state = stats(script.events)
        let day = state.day(profile: script.profile, day: dayNumber(2026, 3, 10))
        #expect(day.reviewsByRating == [0, 0, 1, 0])
        #expect(day.newCards == 1 && day.reviewTimeMs == 10_000 && day.retention == 1)
        #expect(state.day(profile: script.profile, day: dayNumber(2026, 3, 11)).isEmpty)
    }

    /// A log another tool wrote may hold reviews longer than a day (the store refuses them; three
    /// of `Int64.max` ms once overflowed the day's time and crashed the fold): each counts as a
    /// day, so the sums never overflow and an undo takes back exactly what its review added.
    @Test func reviewsLongerThanADayCountAsADay() {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1, 8))
        let endless = Int64.max / 1000
        script.review(1, .good, seconds: endless, at: utc(2026, 3, 10, 9))
        script.review(1, .good, seconds: endless, at: utc(2026, 3, 10, 10))
        let last = script.review(1, .good, seconds: endless, at: utc(2026, 3, 10, 11))
        let day = dayNumber(2026, 3, 10)
        #expect(stats(script.events).day(profile: script.profile, day: day).reviewTimeMs == 3 * 86_400_000)
        script.undo(last, at: utc(2026, 3, 10, 12))
        #expect(stats(script.events).day(profile: script.profile, day: day).reviewTimeMs == 2 * 86_400_000)
    }

    /// Card 2: cram on the 9th, first scheduled review on the 10th, another on the 12th. The
    /// 10th's cannot be undone while the 12th's follows it (only the latest scheduled review
    /// can); undoing the 12th's and then the 10th's takes the new card back out of the 10th.
    @Test func aCardsFirstReviewIsUndoneOnlyOnceItIsTheLatest() {
        var script = EventScript()
        script.createCard(2, at: utc(2026, 3, 1, 8))
        script.review(2, .again, mode: .cram, at: utc(2026, 3, 9, 9))
        let first = script.review(2, .good, at: utc(2026, 3, 10, 9))
        let second = script.review(2, .easy, at: utc(2026, 3, 12, 9))
        script.undo(first, at: utc(2026, 3, 12, 10))
        let (d9, d10, d12) = (dayNumber(2026, 3, 9), dayNumber(2026, 3, 10), dayNumber(2026, 3, 12))
        var state = stats(script.events)
        #expect(state.day(profile: script.profile, day: d10).newCards == 1)
        #expect(state.day(profile: script.profile, day: d10).good == 1)
        #expect(state.day(profile: script.profile, day: d12).easy == 1 && state.day(profile: script.profile, day: d12).newCards == 0)
        script.undo(second, at: utc(2026, 3, 12, 11))
        script.undo(first, at: utc(2026, 3, 12, 12))
        state = stats(script.events)
        #expect(state.day(profile: script.profile, day: d9).cramReviews == 1)
        #expect(state.day(profile: script.profile, day: d9).newCards == 0)
        #expect(state.day(profile: script.profile, day: d10).isEmpty)
        #expect(state.day(profile: script.profile, day: d12).isEmpty)
    }

    /// Property: random reviews with random undos of a card's latest reviews (within the
    /// remembered window) give the same day table as the log with the undone reviews never written.
    @Test(arguments: 0..<40 as Range<UInt64>)
    func undoingIsTheSameAsNeverHavingReviewed(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var withUndos = EventScript(utcOffsetSeconds: 7200)
        var reviews: [UInt64: [RecordedEvent]] = [:]
        var undone: Set<EventID> = []
        for card in 1...6 as ClosedRange<UInt64> { withUndos.createCard(card, at: utc(2026, 2, 1)) }
        var minute: Int64 = 0
        for _ in 0..<120 {
            minute += Int64(rng.next() % 600)
            let at = Timestamp(milliseconds: utc(2026, 3, 1).milliseconds + minute * 60_000)
            let card = 1 + rng.next() % 6
            if rng.next() % 4 == 0, let last = reviews[card]?.popLast() {
                withUndos.undo(last, at: at)
                undone.insert(last.id)
            } else {
                let rating = Rating(rawValue: UInt8(1 + rng.next() % 4))!
                let mode: ReviewMode = rng.next() % 5 == 0 ? .cram : .scheduled
                reviews[card, default: []].append(withUndos.review(card, rating, mode: mode, seconds: Int64(rng.next() % 30), at: at))
                if reviews[card]!.count > ReviewLedger.reviewsRemembered { reviews[card]!.removeFirst() }
            }
        }
        let reference = withUndos.events.filter { event in
            if case .reviewUndone = event.event { return false }
            return !undone.contains(event.id)
        }
        #expect(stats(withUndos.events).table == stats(reference).table)
    }

    /// The ledger remembers a card's last ``CardHistoryRule/undoDepth`` reviews (8): undoing the one
    /// before them is ignored, the last eight are taken back exactly, down to the first.
    @Test func anUndoBeyondTheRememberedWindowIsIgnored() {
        var script = EventScript()
        script.createCard(1, at: utc(2026, 3, 1))
        let graded = (0...CardHistoryRule.undoDepth).map { script.review(1, .good, seconds: 1, at: utc(2026, 3, 10, 9, $0)) }
        script.undo(graded[0], at: utc(2026, 3, 10, 10))
        #expect(stats(script.events).day(profile: script.profile, day: dayNumber(2026, 3, 10)).good == 9)
        for review in graded[1...].reversed() { script.undo(review, at: utc(2026, 3, 10, 11)) }
        let day = stats(script.events).day(profile: script.profile, day: dayNumber(2026, 3, 10))
        #expect(day.good == 1 && day.reviewTimeMs == 1000 && day.newCards == 1)
    }

    /// Every undo the store allows (a card's last ``CardHistoryRule/undoDepth`` reviews, one after
    /// another) is taken back by the vocabulary and the activity read models alike: after 1 to
    /// 8 reviews all undone, the card is new again in one and nothing was practised in the
    /// other, whether the reviews were scheduled or cram.
    @Test(arguments: [1, 4, 5, CardHistoryRule.undoDepth], [ReviewMode.scheduled, .cram])
    func undoingEveryUndoableReviewLeavesBothModelsAsBefore(reviews: Int, laterMode: ReviewMode) throws {
        var script = EventScript()
        let deck = DeckID(testUUID(0xD001))   // the deck ``EventScript/createCard(_:at:profile:)`` uses
        script.record(.deckCreated(DeckCreated(deck: deck, name: "Deck")), stream: .deck(deck), at: utc(2026, 3, 1))
        script.createCard(1, at: utc(2026, 3, 1))
        let graded = (0..<reviews).map { n in
            script.review(1, n == 0 ? .good : .again, mode: n == 0 ? .scheduled : laterMode, seconds: 3,
                          at: utc(2026, 3, 10, 9, n))
        }
        let after = eventTime(utc(2026, 3, 10, 13))
        let reviewed = fold(VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 20), script.events)
        #expect(reviewed.newCardsIntroduced(profile: script.profile, at: after) == 1)
        for review in graded.reversed() { script.undo(review, at: utc(2026, 3, 10, 12)) }

        let activity = fold(projection, script.events)
        #expect(activity.dailyStats.day(profile: script.profile, day: dayNumber(2026, 3, 10)).isEmpty)
        #expect(activity.streaks.streak(profile: script.profile, at: after).current == 0)

        let vocabulary = fold(VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 20), script.events)
        let card = try #require(vocabulary.card(testCard(1)))
        #expect(card.isNew && card.cramReviews == 0 && card.undoableReviews == 0)
        #expect(vocabulary.newCardsIntroduced(profile: script.profile, at: after) == 0)
    }
}
