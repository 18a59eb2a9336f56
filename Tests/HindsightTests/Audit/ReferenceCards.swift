import Foundation
import TestSupport

/// The FSRS reference vectors of `Tests/Fixtures/fsrs-vectors/fsrs6_default.json` (the fields
/// an audit checks).
struct ReferenceCards: Decodable {
    struct Review: Decodable, Sendable {
        let review_time_ms: Int64
        let rating: Int
        let delta_t: Int
        let stability: Double
        let difficulty: Double
        let retrievability: Double?
        let interval_days: [String: Int]
        let interval_near_tie: [String: Bool]
    }
    struct Card: Decodable, Sendable, CustomTestStringConvertible {
        let card_id: Int64
        let kind: String
        let reviews: [Review]
        var testDescription: String { "card \(card_id) (\(kind))" }
    }
    let cards: [Card]

    static let all: [Card] = (try? JSONDecoder().decode(ReferenceCards.self,
                                                        from: Fixtures.data("fsrs-vectors/fsrs6_default.json")))?.cards ?? []
}

import Testing
