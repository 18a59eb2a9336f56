/// One card's history as the optimizer reads it: each counted review's rating and the local
/// days elapsed since the review before it (0 for the first and for same-day reviews).
///
/// This is fsrs-rs's `FSRSItem` for the card's whole history; a training item is a prefix of
/// it (``TrainingItem``).
public struct TrainingCard: Sendable, Hashable {
    /// One review: a rating 1 … 4, the elapsed local days and when it happened.
    public struct Review: Sendable, Hashable {
        /// The rating, 1 (Again) … 4 (Easy).
        public var rating: UInt8
        /// Local days since the previous review; 0 for the first review and same-day reviews.
        public var elapsedDays: Int32
        /// When it happened, in ms since the Unix epoch (orders the training items).
        public var timeMs: Int64

        /// A review.
        public init(rating: UInt8, elapsedDays: Int32, timeMs: Int64) {
            self.rating = rating
            self.elapsedDays = elapsedDays
            self.timeMs = timeMs
        }
    }

    /// The card.
    public var cardID: Int64
    /// Its reviews in time order.
    public var reviews: [Review]

    /// A card with the given reviews (the first review's elapsed days should be 0).
    public init(cardID: Int64, reviews: [Review]) {
        self.cardID = cardID
        self.reviews = reviews
    }

    /// The card's history from its review records: the reviews that count for the schedule
    /// (``ReviewRecord/countsForSchedule``), with elapsed days the differences of their local
    /// day numbers (``LocalDay``; each review at its own UTC offset, days starting at
    /// `dayStartHour`). The records must be in time order, as a card's history is.
    public init(cardID: Int64, history: [ReviewRecord], dayStartHour: Int) {
        var reviews: [Review] = []
        reviews.reserveCapacity(history.count)
        var previousDay: Int64?
        for record in history where record.countsForSchedule {
            let day = LocalDay.number(timeMs: record.timeMs, utcOffsetMinutes: record.utcOffsetMinutes,
                                      cutoffHour: dayStartHour)
            let elapsed = previousDay.map { Int32(clamping: max(0, day - $0)) } ?? 0
            reviews.append(Review(rating: UInt8(record.rating.rawValue), elapsedDays: elapsed, timeMs: record.timeMs))
            previousDay = day
        }
        self.init(cardID: cardID, reviews: reviews)
    }

    /// The cards of a revlog's histories (``RevlogHistory/histories(from:utcOffsetMinutes:)``).
    public static func cards(from histories: [RevlogHistory], dayStartHour: Int) -> [TrainingCard] {
        histories.map { TrainingCard(cardID: $0.cardID, history: $0.reviews, dayStartHour: dayStartHour) }
    }
}
