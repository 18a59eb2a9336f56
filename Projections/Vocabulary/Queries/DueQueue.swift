/// What a profile (or one of its decks) has to study at one moment.
public struct DueQueue: Sendable, Equatable {
    /// Reviewed cards due at the moment and offered (the daily review limit's held-back cards
    /// left out), in due order (tie-break: card id), at most the limit asked for.
    public let reviews: [CardSummary]
    /// New cards offered today, in creation order, at most the limit asked for.
    public let newCards: [CardSummary]
    /// The exact counts, whatever the limit.
    public let counts: DueCounts
}

/// The numbers behind a due queue.
public struct DueCounts: Sendable, Equatable {
    /// Reviewed cards due at the moment and offered (learning and relearning ones included; those
    /// the daily review limit holds back, ``reviewsHeldBack``, left out).
    public let due: Int
    /// Of ``due``, the cards in a learning or relearning step.
    public let learning: Int
    /// New cards offered today: the profile's daily limit less the new cards already
    /// introduced today, capped by the new cards there are.
    public let newAvailable: Int
    /// Cards of the profile whose first counted review fell on the moment's local day.
    public let newIntroducedToday: Int
    /// Cards in the review phase due at the moment that the profile's daily review limit holds
    /// back (``DailyReviewLimit``); 0 without a limit.
    public let reviewsHeldBack: Int

    /// The counts as given.
    public init(due: Int, learning: Int, newAvailable: Int, newIntroducedToday: Int, reviewsHeldBack: Int = 0) {
        self.due = due
        self.learning = learning
        self.newAvailable = newAvailable
        self.newIntroducedToday = newIntroducedToday
        self.reviewsHeldBack = reviewsHeldBack
    }
}
