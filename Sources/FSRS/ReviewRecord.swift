/// One review of a card, as the log records it: facts only, never derived state.
public struct ReviewRecord: Sendable, Hashable {
    /// The rating given.
    public var rating: FSRSRating
    /// When it happened, in ms since the Unix epoch (UTC).
    public var timeMs: Int64
    /// The person's UTC offset at that moment, in minutes east of UTC.
    public var utcOffsetMinutes: Int
    /// Scheduled or cram.
    public var mode: Mode
    /// True when the review was undone afterwards.
    public var isUndone: Bool
    /// How long the answer took, in ms (carried to the revlog; no effect on the schedule).
    public var durationMs: Int64

    /// A review record; by default a scheduled review at UTC that was not undone.
    public init(rating: FSRSRating, timeMs: Int64, utcOffsetMinutes: Int = 0, mode: Mode = .scheduled,
                isUndone: Bool = false, durationMs: Int64 = 0) {
        self.rating = rating
        self.timeMs = timeMs
        self.utcOffsetMinutes = utcOffsetMinutes
        self.mode = mode
        self.isUndone = isUndone
        self.durationMs = durationMs
    }

    /// True when the review belongs to the history the schedule is computed from: scheduled
    /// and not undone. Cram and undone reviews are filtered out, nothing else changes.
    public var countsForSchedule: Bool { mode == .scheduled && !isUndone }

    /// Whether a review counts for the schedule.
    public enum Mode: String, Sendable, Hashable, Codable {
        /// A scheduled review: it updates the card's memory state.
        case scheduled
        /// A cram (filtered, extra-practice) review: counted in stats, ignored by the schedule.
        case cram
    }
}
