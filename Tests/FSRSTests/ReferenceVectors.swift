import Foundation
import Testing
import TestSupport

/// The reference vectors of `Tests/Fixtures/fsrs-vectors/fsrs6_default.json`
/// (schema `fsrs-vectors/1`, computed by fsrs-rs 6.6.2; see the README beside it).
struct ReferenceVectors: Decodable {
    struct Review: Decodable {
        let review_time_ms: Int64
        let day: Int
        let rating: Int
        let delta_t: Int
        let state: Int
        let stability: Double
        let difficulty: Double
        let retrievability: Double?
        let interval_raw: [String: Double]
        let interval_days: [String: Int]
        let interval_near_tie: [String: Bool]
    }
    struct Outcome: Decodable {
        let stability: Double
        let difficulty: Double
        let interval_raw: Double
    }
    struct NextStatesEntry: Decodable {
        let days_elapsed: Int
        let again: Outcome
        let hard: Outcome
        let good: Outcome
        let easy: Outcome
    }
    struct Card: Decodable, CustomTestStringConvertible {
        let card_id: Int64
        let kind: String
        let reviews: [Review]
        let next_states: [NextStatesEntry]
        var testDescription: String { "card \(card_id) (\(kind))" }
    }

    let parameters_input: [Double]
    let parameters_effective: [Double]
    let desired_retentions: [Double]
    let maximum_interval: Int
    let cards: [Card]

    /// The fixture, decoded.
    static func load() throws -> ReferenceVectors {
        try JSONDecoder().decode(ReferenceVectors.self, from: Fixtures.data("fsrs-vectors/fsrs6_default.json"))
    }

    /// The cards, for parameterized tests (empty if the fixture cannot be read, which
    /// `fixtureHasTwentyCards` reports).
    static let cards: [Card] = (try? load())?.cards ?? []

    /// The key the JSON uses for a desired retention (`"0.8"`, `"0.9"`, `"0.95"`).
    static func key(_ retention: Double) -> String {
        var text = String(retention)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

extension ReferenceVectors.Card: Sendable {}
extension ReferenceVectors.Review: Sendable {}
extension ReferenceVectors.Outcome: Sendable {}
extension ReferenceVectors.NextStatesEntry: Sendable {}
