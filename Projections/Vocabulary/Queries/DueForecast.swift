import Events
import FSRS

/// Cards due per local day for the days ahead, as a learner's forecast shows them: from the due
/// queue, with the daily limits applied day by day.
public struct DueForecast: Sendable, Equatable {
    /// One local day of the forecast.
    public struct Day: Sendable, Equatable {
        /// The local day (days since 1970-01-01 in the profile's calendar: its UTC offset at the
        /// forecast's time and its day cut-off).
        public let day: Int64
        /// Reviewed cards falling due on this day (on the first day: also every card overdue).
        public let due: Int
        /// Reviews offered on this day: the backlog carried from earlier days plus ``due``, at
        /// most the review limit.
        public let reviews: Int
        /// Reviews left over for the next day by the review limit.
        public let backlog: Int
        /// New cards offered on this day: the daily new-card limit (on the first day what it still
        /// allows), at most the new cards left.
        public let newCards: Int
    }

    /// The days, from the forecast's own day on.
    public let days: [Day]
}

extension DueForecast {
    /// The forecast of `dueDays` (each reviewed card's local due day, overdue ones at or before
    /// `firstDay`) for `dayCount` days from `firstDay`, with `newCardsLeft` new cards, a daily
    /// new-card limit of `newCardLimit` (`newCardsToday` still allowed on the first day) and a
    /// daily review limit of `reviewLimit` (nil: none; `reviewsDoneToday` already counted against
    /// it on the first day; ``DailyReviewLimit/offered(due:done:limit:)``). The cards of
    /// `learningDueDays` are in a (re)learning step: due and offered on their day, never held
    /// back. Cards due past the last day are left out.
    /// The one rule of the forecast: pure, so tests check it on hand-made days.
    public init(dueDays: [Int64], learningDueDays: [Int64] = [], firstDay: Int64, dayCount: Int, newCardsLeft: Int,
                newCardLimit: Int, newCardsToday: Int, reviewLimit: Int?, reviewsDoneToday: Int = 0) {
        let count = max(0, dayCount)
        func perDay(_ days: [Int64]) -> [Int] {
            var on = [Int](repeating: 0, count: count)
            for day in days {
                let index = max(0, day - firstDay)
                if index < Int64(count) { on[Int(index)] += 1 }
            }
            return on
        }
        let dueOn = perDay(dueDays), learningOn = perDay(learningDueDays)
        var backlog = 0, newLeft = max(0, newCardsLeft)
        var days: [Day] = []
        days.reserveCapacity(count)
        for index in 0..<count {
            let wanted = backlog + dueOn[index]
            let reviews = DailyReviewLimit.offered(due: wanted, done: index == 0 ? reviewsDoneToday : 0, limit: reviewLimit)
            backlog = wanted - reviews
            let newCards = min(newLeft, max(0, index == 0 ? newCardsToday : newCardLimit))
            newLeft -= newCards
            days.append(Day(day: firstDay + Int64(index), due: dueOn[index] + learningOn[index],
                            reviews: reviews + learningOn[index], backlog: backlog, newCards: newCards))
        }
        self.days = days
    }
}

extension VocabularyState {
    /// The forecast of `profile` (or its `deck`) for `days` local days from the day of `time`:
    /// its live cards (not suspended, not deleted) by due day, its new cards offered at its daily
    /// new-card limit, and at most `reviewLimit` reviews of cards in the review phase a day (nil:
    /// the profile's own daily review limit, ``dailyReviewLimit(of:)``, if any; the reviews
    /// counted today count against it; the rest carried over). The first day offers what the due
    /// queue offers (``dueCount(profile:deck:at:)``'s new cards; a card buried today,
    /// ``isBuried(_:at:)``, comes back the next day). Local days are those of `time`'s UTC offset
    /// and the profile's cut-off.
    /// - Complexity: O(c) for the profile's c cards.
    public func dueForecast(profile: ProfileID, deck: DeckID? = nil, at time: EventTime, days: Int,
                            reviewLimit: Int? = nil) -> DueForecast {
        let today = calendar.day(of: time, profile: profile)
        var dueDays: [Int64] = [], learningDueDays: [Int64] = [], newCards = 0
        for card in liveCards(of: profile, deck: deck) where !card.isSuspended {
            guard let schedule = card.schedule else {
                newCards += 1
                continue
            }
            let day = calendar.day(of: EventTime(instant: Timestamp(milliseconds: schedule.dueMs), utcOffset: time.utcOffset),
                                   profile: profile)
            let shown = isBuried(card.id, at: time) ? max(day, today + 1) : day
            if schedule.phase == .review { dueDays.append(shown) } else { learningDueDays.append(shown) }
        }
        return DueForecast(dueDays: dueDays, learningDueDays: learningDueDays, firstDay: today, dayCount: days,
                           newCardsLeft: newCards, newCardLimit: dailyNewCardLimit(of: profile),
                           newCardsToday: dueCount(profile: profile, deck: deck, at: time).newAvailable,
                           reviewLimit: reviewLimit ?? dailyReviewLimit(of: profile),
                           reviewsDoneToday: reviewsCounted(profile: profile, at: time))
    }
}
