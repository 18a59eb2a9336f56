import Foundation

/// An opaque key into the personal-data side store that lives beside the log. Names (a
/// profile's name, a child's name in a story) and free text that may hold them never enter the
/// immutable log in the clear: the event carries this reference, the store holds the value, and
/// forgetting a profile erases the value while the log stays intact.
/// Encoded as 16 bytes in the log and as a UUID string in JSON.
public struct PersonalDataReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The side-store key.
    public let key: UUID

    /// A reference to the side-store entry `key` (created by the store, not read from `UUID()` here).
    public init(key: UUID) { self.key = key }

    public var description: String { "personal-data:\(key.uuidString)" }

    public init(from decoder: any Decoder) throws { key = try decoder.singleValueContainer().decode(UUID.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }
}

extension PersonalDataReference: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) { key = try reader.readUUID() }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeUUID(key) }
}
