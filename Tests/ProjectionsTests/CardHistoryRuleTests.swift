import Events
import FSRS
import Testing
@testable import Projections

/// The card-history rule's decisions, on plain values.
@Suite struct CardHistoryRuleTests {
    static func key(_ n: UInt64) -> IDKey { IDKey(high: 0, low: n) }

    /// Which review an undo takes back among reviews 1... with the given kinds (true: scheduled).
    static func takenBack(_ review: UInt64, from scheduled: [Bool]) -> Int? {
        CardHistoryRule.reviewTakenBack(key(review), count: scheduled.count, id: { key(UInt64($0 + 1)) },
                                        isScheduled: { scheduled[$0] })
    }

    @Test func anUndoTakesBackTheLatestScheduledReviewOrAnyCramReviewAfterIt() {
        // Reviews 1 (scheduled), 2 (cram), 3 (scheduled), 4 (cram).
        let kinds = [true, false, true, false]
        #expect(Self.takenBack(4, from: kinds) == 3)
        #expect(Self.takenBack(3, from: kinds) == 2)
        #expect(Self.takenBack(2, from: kinds) == 1)
        // A scheduled review followed by a later scheduled one stays.
        #expect(Self.takenBack(1, from: kinds) == nil)
        // Not remembered.
        #expect(Self.takenBack(9, from: kinds) == nil)
        #expect(Self.takenBack(1, from: []) == nil)
    }

    @Test func onlyTheOwnersReviewsOfALiveCreatedCardCount() {
        #expect(CardHistoryRule.exclusion(created: true, isGone: false, recordedByOwner: true) == nil)
        #expect(CardHistoryRule.exclusion(created: false, isGone: false, recordedByOwner: false) == .beforeCreation)
        #expect(CardHistoryRule.exclusion(created: true, isGone: true, recordedByOwner: true) == .cardGone)
        #expect(CardHistoryRule.exclusion(created: true, isGone: false, recordedByOwner: false) == .otherProfile)
        for gone in [false, true] {
            for owner in [false, true] {
                #expect(CardHistoryRule.counts(isGone: gone, recordedByOwner: owner)
                        == (CardHistoryRule.exclusion(created: true, isGone: gone, recordedByOwner: owner) == nil))
            }
        }
    }

    @Test func aCardIsCreatedOnceAndGoneForGood() {
        #expect(CardHistoryRule.createsCard(idKnown: false))
        #expect(!CardHistoryRule.createsCard(idKnown: true))
        #expect(CardHistoryRule.isGone(deleted: false, deckDeleted: true))
        #expect(CardHistoryRule.isGone(deleted: true, deckDeleted: false))
        #expect(!CardHistoryRule.isGone(deleted: false, deckDeleted: false))
        #expect(!CardHistoryRule.moves(created: true, isGone: true))
        #expect(!CardHistoryRule.moves(created: false, isGone: false))
        #expect(CardHistoryRule.moves(created: true, isGone: false))
    }

    @Test func aCardRemembersItsLastReviewsAndItsFirstScheduledOne() {
        #expect(!CardHistoryRule.forgetsOldest(remembered: CardHistoryRule.undoDepth - 1))
        #expect(CardHistoryRule.forgetsOldest(remembered: CardHistoryRule.undoDepth))
        #expect(CardHistoryRule.isFirstScheduled(isScheduled: true, hasScheduledReview: false))
        #expect(!CardHistoryRule.isFirstScheduled(isScheduled: false, hasScheduledReview: false))
        #expect(!CardHistoryRule.isFirstScheduled(isScheduled: true, hasScheduledReview: true))
        #expect(!CardHistoryRule.hasScheduledReview(afterUndo: true, had: true))
        #expect(CardHistoryRule.hasScheduledReview(afterUndo: false, had: true))
        #expect(CardHistoryRule.reviewToUndo(count: 0) == nil)
        #expect(CardHistoryRule.reviewToUndo(count: 3) == 2)
    }

    @Test func anEventsLocalDayIsTheProfileCalendarsAndLocalDaysArithmetic() throws {
        // 2026-03-01 02:30 UTC at UTC+02:00 is 04:30 local: after a 04:00 cut-off, before a 05:00 one.
        let time = EventTime(instant: Timestamp(milliseconds: 1_772_332_200_000), utcOffset: try UTCOffset(seconds: 7_200))
        #expect(time.utcOffsetMinutes == 120)
        let day = LocalDay.number(of: time, cutoffHour: 4)
        #expect(LocalDay.number(of: time, cutoffHour: 5) == day - 1)
        #expect(LocalDay.start(ofDay: day, offsetOf: time, cutoffHour: 4) == 1_772_332_200_000 - 30 * 60_000)
        #expect(ProfileCalendar(defaultCutoffHour: 4).day(of: time, profile: testProfile(0)) == day)
        #expect(DayRun.dayLimit == LocalDay.largestDay)
    }
}
