/// What an import added: how many events were appended and where, and how many of the file's
/// events were already in the store (a repeated import adds nothing and skips them all). A revlog
/// import derives its events from the file; the profile, deck and cards it finds in the store are
/// not derived again, so on a repeat only the reviews count as already present.
public struct ImportResult: Sendable, Equatable {
    /// Events appended by this import.
    public let added: Int
    /// Events of the file (or derived from it) already in the store (same event id), left as they were.
    public let alreadyPresent: Int
    /// The positions of the appended events (one atomic batch); nil when nothing was added.
    public let positions: ClosedRange<UInt64>?
    /// Revlog imports: the cards of the file (0 for JSON Lines).
    public let cards: Int
    /// Revlog imports: the file's answers, each a review (scheduled, or cram for a filtered-deck
    /// answer or one outside a card's FSRS history); 0 for JSON Lines.
    public let reviews: Int

    /// A result from its parts.
    public init(added: Int, alreadyPresent: Int, positions: ClosedRange<UInt64>?, cards: Int = 0, reviews: Int = 0) {
        self.added = added
        self.alreadyPresent = alreadyPresent
        self.positions = positions
        self.cards = cards
        self.reviews = reviews
    }
}
