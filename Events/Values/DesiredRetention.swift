/// The probability of recall the scheduler aims for when a card comes due, strictly between 0
/// and 1 (FSRS apps offer 0.70 to 0.99). Encoded as a JSON number and as 8 bytes in the log.
public struct DesiredRetention: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The target probability, in the open interval (0, 1).
    public let value: Double

    /// A target of `value`.
    /// - Throws: ``EventValidationError``: `notFinite` for NaN or infinity, `outOfRange` unless
    ///   0 < value < 1.
    public init(_ value: Double) throws(EventValidationError) {
        guard value.isFinite else {
            throw EventValidationError(.notFinite, field: "retention", "desired retention \(value) is not a finite number")
        }
        guard value > 0, value < 1 else {
            throw EventValidationError(.outOfRange, field: "retention",
                                       "desired retention \(value) must lie strictly between 0 and 1, e.g. 0.9")
        }
        self.value = value
    }

    public static func < (lhs: DesiredRetention, rhs: DesiredRetention) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(Double.self) { v throws(EventValidationError) in try DesiredRetention(v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension DesiredRetention: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readDouble() }) {
            raw throws(EventValidationError) in try DesiredRetention(raw)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeDouble(value) }
}
