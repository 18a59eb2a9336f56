/// How well a card was recalled, FSRS's four grades: 1 again, 2 hard, 3 good, 4 easy.
/// Encoded as the number 1-4 in both encodings; any other number is refused.
public enum Rating: UInt8, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case again = 1, hard = 2, good = 3, easy = 4

    /// The grade numbered `value`.
    /// - Throws: ``EventValidationError`` (`outOfRange`) unless `value` is 1, 2, 3 or 4.
    public init(validating value: Int) throws(EventValidationError) {
        guard let rating = UInt8(exactly: value).flatMap(Rating.init(rawValue:)) else {
            throw EventValidationError(.outOfRange, field: "rating",
                                       "rating \(value) is not a grade; use 1 (again), 2 (hard), 3 (good) or 4 (easy)")
        }
        self = rating
    }

    public var description: String { "\(rawValue) (\(self == .again ? "again" : self == .hard ? "hard" : self == .good ? "good" : "easy"))" }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(Int.self) { v throws(EventValidationError) in try Rating(validating: v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension Rating: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readByte() }) {
            raw throws(EventValidationError) in try Rating(validating: Int(raw))
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { write(to: &writer) }
    /// Writes the rating's byte to `sink` (its layout's one home).
    @inline(__always) package func write<Sink: BinarySink>(to sink: inout Sink) { sink.writeByte(rawValue) }
}
