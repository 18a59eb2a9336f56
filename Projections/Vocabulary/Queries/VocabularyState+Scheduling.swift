import Events
import FSRS

extension VocabularyState {
    /// The scheduler configuration in force for `profile`: the model's default changed by the
    /// profile's parameter, retention and day cut-off events so far.
    /// - Complexity: O(1).
    public func schedulerConfiguration(of profile: ProfileID) -> SchedulerConfiguration {
        scheduling(of: profile).configuration
    }

    /// The cards of `profile` that are not gone and have a schedule (reviewed at least once),
    /// suspended ones included, in deck then creation order: what a reschedule recomputes.
    /// - Complexity: O(c) for all c cards.
    public func scheduledCards(of profile: ProfileID) -> [CardSummary] {
        liveCards(of: profile, deck: nil).filter { $0.schedule != nil }
    }
}

extension VocabularyState {
    /// The local day of `time` for `profile`: its day cut-off in force so far applied.
    /// - Complexity: O(1).
    public func localDay(of time: EventTime, profile: ProfileID) -> Int64 {
        calendar.day(of: time, profile: profile)
    }
}
