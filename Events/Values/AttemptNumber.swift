/// Which try at a word this was, counted from 1.
/// Encoded as the bare integer in JSON and as a varint in the log.
public struct AttemptNumber: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The allowed values.
    public static let allowed: ClosedRange<Int> = 1...Int(UInt32.max)
    /// The number itself, within ``allowed``.
    public let value: Int

    /// The an attempt number `value`.
    /// - Throws: ``EventValidationError`` (`outOfRange`) outside ``allowed`` (1...2^32-1).
    public init(_ value: Int) throws(EventValidationError) {
        guard Self.allowed.contains(value) else {
            throw EventValidationError(.outOfRange, field: "attempt",
                                       "attempt \(value) is outside 1...4294967295; attempts are counted from 1")
        }
        self.value = value
    }

    public static func < (lhs: AttemptNumber, rhs: AttemptNumber) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(Int.self) { v throws(EventValidationError) in try AttemptNumber(v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension AttemptNumber: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readVarint() }) {
            raw throws(EventValidationError) in
            guard let v = Int(exactly: raw) else {
                throw EventValidationError(.outOfRange, field: "attempt", "attempt \(raw) is outside 1...4294967295")
            }
            return try AttemptNumber(v)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeVarint(UInt64(value)) }
}
