import Events
import FSRS

extension LogExporter {
    /// Every card's counted reviews (scheduled, part of its history, not undone; the same
    /// reviews the revlog export writes) for the cards of `profile` (the profile that recorded
    /// their reviews), in the order of each card's first counted review, each card's reviews in
    /// log order, with the UTC offset recorded with each; a card reset to new keeps only the
    /// reviews after its latest reset (its current FSRS history). What the optimizer trains on.
    /// - Throws: ``ExportError`` for a damaged log or an undecodable record.
    /// - Complexity: two passes over the log; memory O(reviews of the profile).
    public func reviewHistories(profile: ProfileID) throws(ExportError) -> [(card: CardID, reviews: [ReviewRecord])] {
        let last = try lastPosition()
        defer { progress?.finish() }
        var order: [CardID] = []
        var reviews: [CardID: [ReviewRecord]] = [:]
        try scanCountedReviews(through: last) { (event, card, entry) throws(ExportError) in
            guard event.profile == profile else { return }
            switch entry {
            case .change:
                if case .cardReset = event.event, reviews[card] != nil { reviews[card] = [] }
            case .scheduled(let record):
                if reviews[card] == nil { order.append(card) }
                reviews[card, default: []].append(record)
            case .cram:
                return
            }
        }
        return order.compactMap { card in reviews[card].flatMap { $0.isEmpty ? nil : (card, $0) } }
    }
}
