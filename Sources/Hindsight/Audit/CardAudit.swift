import Events
import FSRS

/// A card's scheduling history, review by review, in two columns: as scheduled at the time
/// (the parameters then in force, from the log) and as recomputed under one configuration
/// (by default today's: the latest in force for the card's profile).
public struct CardAudit: Sendable, Equatable, Encodable {
    /// The card.
    public let card: CardID
    /// Whose card it is.
    public let profile: ProfileID
    /// When it was created.
    public let created: EventTime
    /// The `card_id` it was imported with from a revlog, when a revlog import made it.
    public var importedAs: RevlogCardID?
    /// The last log position the audit read.
    public let position: UInt64
    /// The configuration of the recomputed column.
    public let recomputedWith: ParametersInForce
    /// Every review of the card in log order: counted, cram, undone and ignored.
    public let reviews: [AuditedReview]
    /// The reschedules that set the card's schedule (``CardsRescheduled``), in log order.
    public var reschedules: [AuditedReschedule] = []
    /// The card's state after its counted reviews and reschedules as scheduled at the time
    /// (what the vocabulary read model holds); nil while no review counts.
    public var scheduledState: CardState?
    /// The card's schedule changed by hand (resets to new, due dates set), in log order: each
    /// ends what an undo can take back, and a reset starts a new FSRS history (the reviews after
    /// it are computed from a new card).
    public let changes: [AuditedChange]
    /// What the card's schedule (``scheduledState``) predicts at the moment asked for, under the
    /// configuration in force for its profile after the last event read (today's); nil unless
    /// asked for.
    public var prediction: CardPrediction?

    /// The reviews whose two columns differ.
    public var differing: [AuditedReview] { reviews.filter(\.differs) }

    enum CodingKeys: String, CodingKey { case card, profile, created, importedAs, position, recomputedWith, reviews, reschedules, changes, prediction }
}

/// A reschedule of the card in an audit: who asked and when (the event's profile and time),
/// under which parameters and retention, and the due date before and after.
public struct AuditedReschedule: Sendable, Equatable, Encodable {
    /// Its log position.
    public let position: UInt64
    /// The profile that recorded it.
    public let requestedBy: ProfileID
    /// When, with the person's UTC offset then.
    public let time: EventTime
    /// The weights the schedule was recomputed with.
    public let parameters: [Double]
    /// The desired retention it was recomputed with.
    public let desiredRetention: Double
    /// When the card was due before it.
    public let dueBefore: Timestamp?
    /// The recomputed schedule.
    public let schedule: RescheduledCard
}

/// A change by hand of a card's schedule in an audit (``CardHistoryRule``'s manual changes).
public struct AuditedChange: Sendable, Equatable, Encodable {
    /// What was changed.
    public enum Kind: String, Sendable, Encodable {
        /// Reset to new (`vocabulary.card-reset`).
        case reset
        /// A due date set (`vocabulary.card-due-set`).
        case dueSet = "due-set"
    }

    /// The change's log position.
    public let position: UInt64
    /// When it was made.
    public let time: EventTime
    /// What it did.
    public let kind: Kind
    /// For a due date set, the instant from which the card is due (nil when not recorded).
    public let due: Timestamp?
}

/// One review in an audit.
public struct AuditedReview: Sendable, Equatable, Encodable {
    /// Whether and why a review counts for the schedule.
    public enum Status: String, Sendable, Encodable {
        /// A scheduled review that was not undone.
        case counted
        /// A cram review: counted in stats, never in the schedule.
        case cram
        /// Undone afterwards: excluded from the history.
        case undone
        /// Not part of the card's history (``AuditedReview/excludedBecause`` says why): a review
        /// the store would have refused, on a log it did not write. Every read model ignores it.
        case ignored
    }

    /// Why a review is not part of its card's history (README, "What the read models promise").
    public enum Exclusion: String, Sendable, Encodable {
        /// Recorded before the card was created.
        case beforeCreation = "before-creation"
        /// Recorded once the card was gone: deleted, or its deck deleted.
        case cardGone = "card-gone"
        /// Recorded by a profile that does not own the card.
        case otherProfile = "other-profile"

        /// The reason in words.
        public var explanation: String {
            switch self {
            case .beforeCreation: "recorded before the card was created"
            case .cardGone: "recorded after the card or its deck was deleted"
            case .otherProfile: "recorded by a profile that does not own the card"
            }
        }
    }

    /// Its log position.
    public let position: UInt64
    /// Its event id.
    public let review: EventID
    /// When it happened, with the person's UTC offset then.
    public let time: EventTime
    /// The rating, 1 again … 4 easy.
    public let rating: Int
    /// Scheduled or cram, as recorded.
    public let mode: ReviewMode
    /// Whether it counts.
    public let status: Status
    /// Why it is ignored (status ``Status/ignored``); nil otherwise.
    public let excludedBecause: Exclusion?
    /// The numbers as scheduled at the time; nil unless counted.
    public let atTheTime: ReviewComputation?
    /// The numbers under the audit's configuration; nil unless counted.
    public let recomputed: ReviewComputation?

    /// True when the two columns give a different state, interval or due date.
    public var differs: Bool {
        guard let a = atTheTime, let b = recomputed else { return false }
        return a.state != b.state || a.retrievability != b.retrievability || a.intervalRaw != b.intervalRaw
    }

    enum CodingKeys: String, CodingKey {
        case position, review, time, rating, mode, status, excludedBecause, atTheTime, recomputed, differs
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(review, forKey: .review)
        try container.encode(time, forKey: .time)
        try container.encode(rating, forKey: .rating)
        try container.encode(mode, forKey: .mode)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(excludedBecause, forKey: .excludedBecause)
        try container.encodeIfPresent(atTheTime, forKey: .atTheTime)
        try container.encodeIfPresent(recomputed, forKey: .recomputed)
        try container.encode(differs, forKey: .differs)
    }
}

/// What the scheduler computed for one counted review under one configuration.
public struct ReviewComputation: Sendable, Equatable, Encodable {
    /// Elapsed local days since the previous counted review (0 for the first).
    public let elapsedDays: Int
    /// Retrievability at the moment of the review; nil for the first and same-day reviews.
    public let retrievability: Float?
    /// Stability before the review; nil for the first.
    public let stabilityBefore: Float?
    /// Difficulty before the review; nil for the first.
    public let difficultyBefore: Float?
    /// Stability after the review.
    public let stabilityAfter: Float
    /// Difficulty after the review.
    public let difficultyAfter: Float
    /// The unrounded interval I(S after, desired retention), in days.
    public let intervalRaw: Float
    /// The interval before fuzz (rounded and clamped); nil when the card went into a step.
    public let intervalBeforeFuzz: Int?
    /// The interval chosen, in days (after fuzz when fuzz is on); 0 in a step.
    public let intervalDays: Int
    /// When the card became due.
    public let due: Timestamp
    /// The parameters in force.
    public let parameters: ParametersInForce
    /// The whole card state after the review.
    public let state: CardState

    init(_ result: ScheduledReview, configuration: SchedulerConfiguration) {
        elapsedDays = result.elapsedDays
        retrievability = result.retrievability
        stabilityBefore = result.memoryBefore?.stability
        difficultyBefore = result.memoryBefore?.difficulty
        stabilityAfter = result.state.memory.stability
        difficultyAfter = result.state.memory.difficulty
        intervalRaw = result.intervalRaw
        intervalBeforeFuzz = result.state.intervalDays > 0
            ? Self.roundAndClamp(result.intervalRaw, maximumInterval: configuration.maximumInterval) : nil
        intervalDays = result.state.intervalDays
        due = Timestamp(milliseconds: result.state.dueMs)
        parameters = ParametersInForce(configuration)
        state = result.state
    }

    /// `raw` rounded half away from zero and clamped into [1, `maximumInterval`] (FSRS's unfuzzed interval).
    static func roundAndClamp(_ raw: Float, maximumInterval: Int) -> Int {
        let upper = max(1, maximumInterval)
        let rounded = raw.rounded(.toNearestOrAwayFromZero)
        guard rounded < Float(upper) else { return upper }
        return rounded < 1 ? 1 : Int(rounded)
    }

    enum CodingKeys: String, CodingKey {
        case elapsedDays, retrievability, stabilityBefore, difficultyBefore, stabilityAfter, difficultyAfter
        case intervalRaw, intervalBeforeFuzz, intervalDays, due, phase, parameters
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(elapsedDays, forKey: .elapsedDays)
        try container.encodeIfPresent(retrievability, forKey: .retrievability)
        try container.encodeIfPresent(stabilityBefore, forKey: .stabilityBefore)
        try container.encodeIfPresent(difficultyBefore, forKey: .difficultyBefore)
        try container.encode(stabilityAfter, forKey: .stabilityAfter)
        try container.encode(difficultyAfter, forKey: .difficultyAfter)
        try container.encode(intervalRaw, forKey: .intervalRaw)
        try container.encodeIfPresent(intervalBeforeFuzz, forKey: .intervalBeforeFuzz)
        try container.encode(intervalDays, forKey: .intervalDays)
        try container.encode(due, forKey: .due)
        try container.encode(String(describing: state.phase), forKey: .phase)
        try container.encode(parameters, forKey: .parameters)
    }
}

/// The scheduler settings a computation used, as an audit shows them.
public struct ParametersInForce: Sendable, Equatable, Encodable {
    /// "FSRS-6" for 21 given weights, "FSRS-5" for 19, "FSRS-4.5" for 17.
    public let version: String
    /// The fingerprint of the weights (16 hex digits).
    public let fingerprint: String
    /// The 21 effective weights.
    public let weights: [Float]
    /// The desired retention.
    public let desiredRetention: Float
    /// The day cut-off hour.
    public let dayCutoffHour: Int
    /// Whether intervals were fuzzed.
    public let fuzz: Bool

    /// The settings of `configuration`.
    public init(_ configuration: SchedulerConfiguration) {
        let parameters = configuration.parameters
        version = switch parameters.inputCount {
        case 19: "FSRS-5"
        case 17: "FSRS-4.5"
        default: "FSRS-6"
        }
        fingerprint = parameters.fingerprintHex
        weights = parameters.weights
        desiredRetention = configuration.desiredRetention
        dayCutoffHour = configuration.dayCutoffHour
        fuzz = configuration.fuzz
    }
}
