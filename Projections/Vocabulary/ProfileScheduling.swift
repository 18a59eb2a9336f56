import FSRS

/// A profile's scheduler: the configuration in force (the projection's default, overridden by
/// the profile's settings events) and the scheduler built from it, kept so that a review does
/// not rebuild it.
struct ProfileScheduling: Sendable {
    private(set) var configuration: SchedulerConfiguration
    private(set) var scheduler: Scheduler

    init(_ configuration: SchedulerConfiguration) {
        self.configuration = configuration
        scheduler = Scheduler(configuration: configuration)
    }

    /// The card state after `record`, from `previous`, for the card seeded `seed`.
    ///
    /// `mutating` only so that a scheduling stored in a dictionary is used in place: read
    /// through the dictionary's getter, the whole scheduling (configuration and scheduler, with
    /// their arrays) would be copied, and retained and released, on every review.
    @inline(__always)
    mutating func nextState(after record: ReviewRecord, from previous: CardState?, seed: Int64) -> CardState {
        scheduler.nextState(after: record, from: previous, fuzzSeed: seed)
    }

    /// The same scheduling with `change` applied, or nil when the result is not a valid
    /// configuration (the caller then keeps the old one).
    func changed(_ change: (inout SchedulerConfiguration) -> Void) -> ProfileScheduling? {
        var next = configuration
        change(&next)
        guard let valid = try? SchedulerConfiguration(
            parameters: next.parameters, desiredRetention: next.desiredRetention,
            maximumInterval: next.maximumInterval, dayCutoffHour: next.dayCutoffHour,
            learningSteps: next.learningSteps, relearningSteps: next.relearningSteps, fuzz: next.fuzz)
        else { return nil }
        return ProfileScheduling(valid)
    }
}

extension ProfileScheduling: Equatable {
    /// Equal when the configurations are (the scheduler follows from it).
    static func == (lhs: ProfileScheduling, rhs: ProfileScheduling) -> Bool { lhs.configuration == rhs.configuration }
}
