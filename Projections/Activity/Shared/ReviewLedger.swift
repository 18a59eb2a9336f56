import Events

/// The bounded per-card memory that lets the activity projections take an undone review back
/// out of the numbers it went into.
///
/// For every card created it keeps the card's profile, whether the card has had a scheduled
/// review yet (so "new card" means its first scheduled review), and its last
/// ``ReviewLedger/reviewsRemembered`` (4) reviews, inline. Memory grows with the number of cards, never
/// with the length of the log. An undo naming a review older than that window (or one already
/// undone, or of an unknown card) is ignored: apps undo the last review, so four is plenty.
///
/// Reviews of cards never created (or deleted, or of another profile) are not remembered and are
/// ignored by the folds.
package struct ReviewLedger: Sendable, Equatable, BinaryCodable {
    /// How many of a card's most recent reviews are remembered for undo.
    package static let reviewsRemembered = ReviewWindow.capacity

    /// One card's memory.
    package struct Card: Sendable, Equatable, BinaryCodable {
        /// The profile the card was created for.
        package var profile: ProfileID
        /// Whether a scheduled review (not undone) has been counted for this card.
        package var hasScheduledReview = false
        /// The last reviews, oldest first, at most ``ReviewLedger/reviewsRemembered``.
        package var recent = ReviewWindow()

        /// A card of `profile` with no review yet.
        package init(profile: ProfileID) { self.profile = profile }

        package init(from reader: inout BinaryReader) throws(EventDecodingError) {
            profile = ProfileID(try reader.readUUID())
            hasScheduledReview = try reader.readBool()
            recent = try ReviewWindow(from: &reader)
        }

        package func encode(to writer: inout BinaryWriter) {
            profile.encode(to: &writer)
            hasScheduledReview.encode(to: &writer)
            recent.encode(to: &writer)
        }
    }

    /// What an undo took back: the review, and the review that became the card's first
    /// scheduled review in its place (when the undone one was first and a later scheduled
    /// review is remembered).
    package struct Undo: Sendable, Equatable {
        /// The card's profile.
        package var profile: ProfileID
        /// The review taken back.
        package var removed: RememberedReview
        /// The review now counted as the card's first scheduled one, if any.
        package var newFirst: RememberedReview?
    }

    /// Every known card's memory.
    package private(set) var cards: [IDKey: Card] = [:]

    /// An empty ledger.
    package init() {}

    /// Starts remembering a new card (a second creation of the same id is ignored).
    package mutating func cardCreated(_ card: CardID, profile: ProfileID) {
        let key = IDKey(card)
        if cards[key] == nil { cards[key] = Card(profile: profile) }
    }

    /// Forgets a deleted card: later reviews and undos of it are ignored.
    package mutating func cardDeleted(_ card: CardID) {
        cards[IDKey(card)] = nil
    }

    /// Remembers a review of `review.card` by `profile` counted on `day`.
    /// - Returns: what was remembered (with ``RememberedReview/wasFirst`` decided), or nil when
    ///   the card is unknown or belongs to another profile, in which case the review must be
    ///   ignored (so an undo always takes back from the profile that was counted).
    /// - Complexity: O(1) (the window is bounded).
    @inline(__always)
    package mutating func record(_ review: ReviewGraded, id: EventID, profile: ProfileID,
                                 day: Int64) -> RememberedReview? {
        // `values[index]` mutates the card in place; `cards[key]?.…` would move it out and back,
        // and reading `cards.values[index].profile` would copy the whole card (the getter).
        guard let index = cards.index(forKey: IDKey(review.card)) else { return nil }
        return cards.values[index].remember(review, id: id, day: day, ifOf: profile)
    }

    /// Takes back the review `review` of `card`.
    /// - Returns: nil when the card is unknown or the review is not remembered (then nothing
    ///   changes and the undo must be ignored).
    package mutating func undo(_ review: EventID, of card: CardID) -> Undo? {
        guard let index = cards.index(forKey: IDKey(card)) else { return nil }
        return cards.values[index].undo(review)
    }

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        cards = try [IDKey: Card](decoding: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        cards.encode(to: &writer)
    }
}

extension ReviewLedger.Card {
    /// Remembers `review` when the card belongs to `owner`; nil (and no change) otherwise.
    @inline(__always)
    mutating func remember(_ review: ReviewGraded, id: EventID, day: Int64, ifOf owner: ProfileID) -> RememberedReview? {
        guard profile == owner else { return nil }
        let first = review.mode == .scheduled && !hasScheduledReview
        if first { hasScheduledReview = true }
        let remembered = RememberedReview(id: id, day: day, rating: review.rating, mode: review.mode,
                                          durationMs: review.duration.milliseconds, wasFirst: first)
        recent.append(remembered)
        return remembered
    }

    mutating func undo(_ id: EventID) -> ReviewLedger.Undo? {
        guard let removed = recent.remove(id: id) else { return nil }
        var newFirst: RememberedReview?
        if removed.wasFirst {
            // Every review after the first is still remembered (the window keeps the newest),
            // so the earliest remaining scheduled one is exactly the new first.
            if let next = (0..<recent.count).first(where: { recent[$0].mode == .scheduled }) {
                recent[next].wasFirst = true
                newFirst = recent[next]
            } else {
                hasScheduledReview = false
            }
        }
        return ReviewLedger.Undo(profile: profile, removed: removed, newFirst: newFirst)
    }
}
