/// The training items packed into mini-batches of whole cards, as fsrs-rs packs them when it
/// knows the card ids: a card's items share one pass over its history (the prediction for each
/// item is read at its position), and a batch holds whole cards up to `batchSize` items.
///
/// Cards are ordered by card id, then (stably) by the length of their longest item; batches are
/// filled greedily in that order. Each position of a card's history carries its rating, its
/// elapsed days and, where an item predicts it, the item's label (recalled or not) and weight.
struct TrainingBatches {
    /// Per position, in card order: the rating (1 … 4).
    var ratings: [Float] = []
    /// Per position: the elapsed days.
    var elapsedDays: [Float] = []
    /// Per position: 1 when the review was recalled (rating > 1), else 0.
    var labels: [Float] = []
    /// Per position: the item's recency weight, or 0 where no item predicts the review.
    var weights: [Float] = []
    /// Where each card's positions start in the arrays above; one more entry at the end.
    var cardStarts: [Int] = [0]
    /// Each batch: its range of cards and how many items it holds.
    var batches: [(cards: Range<Int>, items: Int)] = []
    /// The number of items over all batches.
    var itemCount = 0
    /// The most positions any card has.
    var longestCard = 0

    /// Packs `items` (in time order) of `set`, weighting each by its recency among all of
    /// them and leaving out items longer than `maxSequenceLength` reviews.
    init(items: [TrainingItem], in set: TrainingSet, batchSize: Int, maxSequenceLength: Int) {
        // card index → (position, weight) of its items
        var byCard: [Int32: [(position: Int32, weight: Float)]] = [:]
        for (index, item) in items.enumerated() {
            let weight = recencyWeight(index: index, count: items.count)
            guard set.length(item) <= maxSequenceLength else { continue }
            byCard[item.card, default: []].append((item.position, weight))
            itemCount += 1
        }
        var cards = byCard.map { (card: $0.key, items: $0.value.sorted { $0.position < $1.position }) }
        cards.sort { (set.cards[Int($0.card)].cardID, $0.card) < (set.cards[Int($1.card)].cardID, $1.card) }
        // Stable sort by the longest item: order by (length, rank in the card-id order).
        cards = cards.enumerated()
            .sorted { ($0.element.items.last!.position, $0.offset) < ($1.element.items.last!.position, $1.offset) }
            .map(\.element)

        var batchStart = 0
        var batchItems = 0
        for (index, card) in cards.enumerated() {
            if batchItems > 0 && batchItems + card.items.count > batchSize {
                batches.append((batchStart..<index, batchItems))
                batchStart = index
                batchItems = 0
            }
            batchItems += card.items.count
            append(card: set.cards[Int(card.card)], items: card.items)
        }
        if batchItems > 0 { batches.append((batchStart..<cards.count, batchItems)) }
    }

    private mutating func append(card: TrainingCard, items: [(position: Int32, weight: Float)]) {
        let length = Int(items.last!.position) + 1
        let start = ratings.count
        for review in card.reviews[..<length] {
            ratings.append(Float(review.rating))
            elapsedDays.append(Float(review.elapsedDays))
            labels.append(review.rating > 1 ? 1 : 0)
            weights.append(0)
        }
        for item in items { weights[start + Int(item.position)] = item.weight }
        cardStarts.append(ratings.count)
        longestCard = max(longestCard, length)
    }
}
