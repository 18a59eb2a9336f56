import Events

/// What one review counted, decided once by the ledger and handed to every part of the
/// activity read model: the day it fell on, and what the daily numbers take from it.
package struct ReviewFact: Sendable, Equatable {
    /// The local day it was counted on.
    package var day: Int64
    /// The grade given.
    package var rating: Rating
    /// Scheduled or cram.
    package var mode: ReviewMode
    /// How long it took, in milliseconds.
    package var durationMs: Int64
    /// Whether it was the card's first scheduled review (it made the card a "new card").
    package var wasFirst: Bool

    /// A review counted on `day`.
    @inline(__always)
    package init(day: Int64, rating: Rating, mode: ReviewMode, durationMs: Int64, wasFirst: Bool) {
        self.day = day
        self.rating = rating
        self.mode = mode
        self.durationMs = durationMs
        self.wasFirst = wasFirst
    }
}

/// What an undo takes back: the review. (When it was the card's first scheduled review, the
/// card has none left: only the latest scheduled review can be undone.)
package struct ReviewUndo: Sendable, Equatable {
    /// The card's profile.
    package var profile: ProfileID
    /// What the undone review had counted.
    package var removed: ReviewFact
}
