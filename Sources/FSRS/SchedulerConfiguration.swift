/// Everything that, with a card's review history, determines its schedule.
public struct SchedulerConfiguration: Sendable, Hashable {
    /// The model's weights.
    public var parameters: FSRSParameters
    /// The retention the intervals aim at, in (0, 1); 0.9 by default.
    public var desiredRetention: Float
    /// The longest interval in days, 1 … `Int32.max`; 36500 by default.
    public var maximumInterval: Int
    /// The local hour (0 … 23) at which a new day starts; 4 by default (Anki's rollover).
    public var dayCutoffHour: Int
    /// Learning steps in minutes before a new card graduates to day intervals (py-fsrs:
    /// 1 and 10 minutes). Empty turns learning steps off.
    public var learningSteps: [Int]
    /// Relearning steps in minutes after a lapse (py-fsrs: 10 minutes). Empty turns them off.
    public var relearningSteps: [Int]
    /// Whether review intervals are fuzzed (deterministically, see ``IntervalFuzz``).
    public var fuzz: Bool

    /// A validated configuration; the defaults are py-fsrs's, with FSRS-6 default weights.
    /// - Throws: ``SchedulerConfigurationError`` for a retention outside (0, 1), a maximum
    ///   interval outside 1 … `Int32.max` days (intervals are kept in 32 bits), a cut-off hour
    ///   outside 0 … 23, or a step that is not positive.
    public init(parameters: FSRSParameters = .fsrs6Default, desiredRetention: Float = 0.9,
                maximumInterval: Int = 36500, dayCutoffHour: Int = 4,
                learningSteps: [Int] = [1, 10], relearningSteps: [Int] = [10],
                fuzz: Bool = true) throws(SchedulerConfigurationError) {
        guard desiredRetention > 0, desiredRetention < 1 else {
            throw .desiredRetention(Double(desiredRetention))
        }
        guard maximumInterval >= 1, maximumInterval <= Int(Int32.max) else { throw .maximumInterval(maximumInterval) }
        guard (0...23).contains(dayCutoffHour) else { throw .dayCutoffHour(dayCutoffHour) }
        for step in learningSteps + relearningSteps where step <= 0 { throw .step(step) }
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.maximumInterval = maximumInterval
        self.dayCutoffHour = dayCutoffHour
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.fuzz = fuzz
    }

    /// py-fsrs's defaults with the FSRS-6 default weights: desired retention 0.9, learning steps
    /// 1 and 10 minutes, relearning step 10 minutes, fuzz on, a 4 a.m. day cut-off.
    public static let standard: SchedulerConfiguration = try! SchedulerConfiguration()

    /// The pure memory model: no learning steps, no fuzz (what fsrs-rs computes, and what the
    /// reference vectors use).
    /// - Throws: ``SchedulerConfigurationError`` as ``init(parameters:desiredRetention:maximumInterval:dayCutoffHour:learningSteps:relearningSteps:fuzz:)``.
    public static func memoryModel(parameters: FSRSParameters = .fsrs6Default, desiredRetention: Float = 0.9,
                                   maximumInterval: Int = 36500,
                                   dayCutoffHour: Int = 4) throws(SchedulerConfigurationError) -> Self {
        try Self(parameters: parameters, desiredRetention: desiredRetention, maximumInterval: maximumInterval,
                 dayCutoffHour: dayCutoffHour, learningSteps: [], relearningSteps: [], fuzz: false)
    }
}

/// Why a scheduler configuration was rejected: a stable code and a message that says what was
/// wrong and what to do.
public struct SchedulerConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The desired retention is not strictly between 0 and 1.
        public static let desiredRetention = Code(rawValue: "fsrs.config.desired-retention")
        /// The maximum interval is below 1 day or above `Int32.max` days.
        public static let maximumInterval = Code(rawValue: "fsrs.config.maximum-interval")
        /// The cut-off hour is not 0 … 23.
        public static let dayCutoffHour = Code(rawValue: "fsrs.config.day-cutoff-hour")
        /// A learning or relearning step is not a positive number of minutes.
        public static let step = Code(rawValue: "fsrs.config.step")
    }

    /// What kind of failure this is.
    public let code: Code
    /// What was wrong and what to do.
    public let message: String

    /// An error of kind `code` saying `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// The desired retention `r` is not strictly between 0 and 1.
    package static func desiredRetention(_ r: Double) -> Self {
        Self(.desiredRetention, "desired retention \(r) is not strictly between 0 and 1; use e.g. 0.9")
    }

    /// The maximum interval `n` is not between 1 and `Int32.max` days.
    package static func maximumInterval(_ n: Int) -> Self {
        Self(.maximumInterval, "maximum interval \(n) is not between 1 and \(Int32.max) days; use a positive number of days (default 36500)")
    }

    /// The cut-off hour `h` is not an hour of the day.
    package static func dayCutoffHour(_ h: Int) -> Self {
        Self(.dayCutoffHour, "day cut-off hour \(h) is not an hour of the day; use 0 … 23 (default 4)")
    }

    /// A learning step of `m` minutes is not positive.
    package static func step(_ m: Int) -> Self {
        Self(.step, "learning step of \(m) minutes is not positive; use positive minutes, or no steps")
    }
}
