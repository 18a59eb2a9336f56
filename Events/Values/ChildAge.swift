/// A child's age in whole years, as given when a story is requested: 1 to 17.
/// Encoded as the bare integer in JSON and as a varint in the log.
public struct ChildAge: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The allowed values.
    public static let allowed: ClosedRange<Int> = 1...17
    /// The number itself, within ``allowed``.
    public let value: Int

    /// The an age `value`.
    /// - Throws: ``EventValidationError`` (`outOfRange`) outside ``allowed`` (1...17).
    public init(_ value: Int) throws(EventValidationError) {
        guard Self.allowed.contains(value) else {
            throw EventValidationError(.outOfRange, field: "childAge",
                                       "childAge \(value) is outside 1...17; give the child's age in years")
        }
        self.value = value
    }

    public static func < (lhs: ChildAge, rhs: ChildAge) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(Int.self) { v throws(EventValidationError) in try ChildAge(v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension ChildAge: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readVarint() }) {
            raw throws(EventValidationError) in
            guard let v = Int(exactly: raw) else {
                throw EventValidationError(.outOfRange, field: "childAge", "childAge \(raw) is outside 1...17")
            }
            return try ChildAge(v)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeVarint(UInt64(value)) }
}
