/// One training item (fsrs-rs `FSRSItem`): a review with elapsed days > 0, predicted from the
/// card's reviews before it. It names the card and the review's position in that card.
public struct TrainingItem: Sendable, Hashable {
    /// The index of the card in ``TrainingSet/cards``.
    public var card: Int32
    /// The position of the predicted review in the card's reviews (≥ 1).
    public var position: Int32

    /// An item.
    public init(card: Int32, position: Int32) {
        self.card = card
        self.position = position
    }
}

/// The cards and the training items drawn from them, in the order fsrs-rs expects (by time):
/// every review after a card's first with elapsed days > 0 is one item, and items are ordered
/// by the time of that review, then by card, then by position. Same-day reviews are no items
/// but stay in the histories (they move the state by the short-term formula).
public struct TrainingSet: Sendable {
    /// The cards, as given.
    public let cards: [TrainingCard]
    /// The items, in time order.
    public let items: [TrainingItem]

    /// The items of `cards`.
    /// - Complexity: O(n log n) for n reviews.
    public init(cards: [TrainingCard]) {
        var keyed: [(timeMs: Int64, item: TrainingItem)] = []
        for (cardIndex, card) in cards.enumerated() {
            for (position, review) in card.reviews.enumerated() where position > 0 && review.elapsedDays > 0 {
                keyed.append((review.timeMs, TrainingItem(card: Int32(cardIndex), position: Int32(position))))
            }
        }
        keyed.sort { ($0.timeMs, $0.item.card, $0.item.position) < ($1.timeMs, $1.item.card, $1.item.position) }
        self.cards = cards
        self.items = keyed.map(\.item)
    }

    /// The reviews of `item`'s card.
    func reviews(_ item: TrainingItem) -> [TrainingCard.Review] { cards[Int(item.card)].reviews }

    /// The predicted review of `item`.
    func current(_ item: TrainingItem) -> TrainingCard.Review { reviews(item)[Int(item.position)] }

    /// How many reviews of the item's prefix (its history and itself) have elapsed days > 0
    /// (fsrs-rs `long_term_review_cnt`).
    func longTermCount(_ item: TrainingItem) -> Int {
        reviews(item)[...Int(item.position)].reduce(0) { $0 + ($1.elapsedDays > 0 ? 1 : 0) }
    }

    /// The elapsed days of the card's first review with elapsed days > 0.
    func firstLongTermElapsedDays(_ item: TrainingItem) -> Int32 {
        reviews(item).first { $0.elapsedDays > 0 }?.elapsedDays ?? 0
    }

    /// The card's first rating.
    func firstRating(_ item: TrainingItem) -> UInt8 { reviews(item)[0].rating }

    /// The number of reviews fsrs-rs counts for the item (history and the predicted one).
    func length(_ item: TrainingItem) -> Int { Int(item.position) + 1 }

    /// The share of items recalled (rating > 1), as fsrs-rs's `calculate_average_recall` (in `Float`).
    static func averageRecall(_ items: [TrainingItem], in set: TrainingSet) -> Float {
        guard !items.isEmpty else { return 0 }
        let recalled = items.reduce(0) { $0 + (set.current($1).rating > 1 ? 1 : 0) }
        return Float(recalled) / Float(items.count)
    }
}
