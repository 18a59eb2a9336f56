/// One card's schedule after a reschedule: its memory state and due date recomputed from its
/// whole history under new parameters. Stability and difficulty are the FSRS memory state
/// (stability in days, finite and positive; difficulty 1-10); `intervalDays` is the interval
/// the recomputation chose at the card's last review (0 while in a step); `dueMs` is when the
/// card is next due (ms since the epoch, UTC). Log: `uuid, f64, f64, varint, svarint`.
public struct RescheduledCard: Hashable, Sendable, Codable {
    /// The card.
    public let card: CardID
    /// The recomputed stability, in days.
    public let stability: Double
    /// The recomputed difficulty, 1 to 10.
    public let difficulty: Double
    /// The recomputed interval, in days.
    public let intervalDays: UInt32
    /// The recomputed due instant, ms since 1970-01-01T00:00Z.
    public let dueMs: Int64

    /// A card's recomputed schedule.
    /// - Throws: ``EventValidationError``: `notFinite` for a NaN or infinite stability or
    ///   difficulty, `outOfRange` for a stability not above 0 or a difficulty outside 1-10.
    public init(card: CardID, stability: Double, difficulty: Double, intervalDays: UInt32,
                dueMs: Int64) throws(EventValidationError) {
        guard stability.isFinite, difficulty.isFinite else {
            throw EventValidationError(.notFinite, field: "cards",
                                       "card \(card): stability \(stability) and difficulty \(difficulty) must be finite numbers")
        }
        guard stability > 0 else {
            throw EventValidationError(.outOfRange, field: "cards", "card \(card): stability \(stability) must be above 0 days")
        }
        guard (1...10).contains(difficulty) else {
            throw EventValidationError(.outOfRange, field: "cards", "card \(card): difficulty \(difficulty) must lie in 1...10")
        }
        self.card = card
        self.stability = stability
        self.difficulty = difficulty
        self.intervalDays = intervalDays
        self.dueMs = dueMs
    }

    private enum CodingKeys: String, CodingKey { case card, stability, difficulty, intervalDays, dueMs }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let card = try container.decode(CardID.self, forKey: .card)
        do {
            try self.init(card: card, stability: container.decode(Double.self, forKey: .stability),
                          difficulty: container.decode(Double.self, forKey: .difficulty),
                          intervalDays: container.decode(UInt32.self, forKey: .intervalDays),
                          dueMs: container.decode(Int64.self, forKey: .dueMs))
        } catch let error as EventValidationError {
            throw DecodingError.dataCorruptedError(forKey: .stability, in: container, debugDescription: error.description)
        }
    }
}

extension RescheduledCard: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let start = reader.offset
        let card = try CardID(from: &reader)
        let stability = try Double(from: &reader), difficulty = try Double(from: &reader)
        let interval = try UInt32(from: &reader), due = try Int64(from: &reader)
        do {
            try self.init(card: card, stability: stability, difficulty: difficulty, intervalDays: interval, dueMs: due)
        } catch {
            throw EventDecodingError(.invalidValue, error.description, offset: start)
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        stability.encode(to: &writer)
        difficulty.encode(to: &writer)
        intervalDays.encode(to: &writer)
        dueMs.encode(to: &writer)
    }
}
