import TestSupport

/// A revlog CSV of `rows` rows drawn from `seed`: cards of 1 to 12 reviews each, every card's
/// history starting with a learning row, times rising within a card.
enum RevlogText {
    static func make(rows: Int, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var text = "card_id,review_time,review_rating,review_state,review_duration\n"
        var written = 0
        var card: Int64 = 1
        while written < rows {
            var time: Int64 = 1_704_067_200_000 + Int64(random.next() % 2_592_000) * 1000
            let reviews = min(rows - written, Int(random.next() % 12) + 1)
            for index in 0..<reviews {
                let state = index == 0 ? 0 : 2
                text += "\(card),\(time),\(random.next() % 4 + 1),\(state),\(random.next() % 30_000 + 1000)\n"
                time += Int64(random.next() % 1_000_000 + 3600) * 1000
            }
            written += reviews
            card += 1
        }
        return text
    }
}
