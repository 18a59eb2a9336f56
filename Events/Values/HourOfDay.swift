/// An hour of the day on a 24-hour clock, 0 to 23: where the learner's day starts (the day cut-off).
/// Encoded as the bare integer in JSON and as a varint in the log.
public struct HourOfDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The allowed values.
    public static let allowed: ClosedRange<Int> = 0...23
    /// The number itself, within ``allowed``.
    public let value: Int

    /// The an hour `value`.
    /// - Throws: ``EventValidationError`` (`outOfRange`) outside ``allowed`` (0...23).
    public init(_ value: Int) throws(EventValidationError) {
        guard Self.allowed.contains(value) else {
            throw EventValidationError(.outOfRange, field: "hour",
                                       "hour \(value) is outside 0...23; use an hour from 0 to 23")
        }
        self.value = value
    }

    public static func < (lhs: HourOfDay, rhs: HourOfDay) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(Int.self) { v throws(EventValidationError) in try HourOfDay(v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension HourOfDay: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readVarint() }) {
            raw throws(EventValidationError) in
            guard let v = Int(exactly: raw) else {
                throw EventValidationError(.outOfRange, field: "hour", "hour \(raw) is outside 0...23")
            }
            return try HourOfDay(v)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeVarint(UInt64(value)) }
}
