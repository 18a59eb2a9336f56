import Foundation

/// An instant as whole milliseconds since 1970-01-01T00:00:00Z (negative before it). Integer
/// milliseconds rather than `Date` so that encoding, comparison and day arithmetic are exact and
/// fast; convert at the edges with ``init(_:)`` and ``date``.
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Milliseconds since the Unix epoch.
    public var milliseconds: Int64

    /// The instant `milliseconds` after the Unix epoch.
    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The instant of `date`, rounded down to the millisecond (clamped to the representable range).
    public init(_ date: Date) {
        let ms = (date.timeIntervalSince1970 * 1000).rounded(.down)
        if ms >= 9.2e18 { milliseconds = .max } else if ms <= -9.2e18 { milliseconds = .min } else { milliseconds = Int64(ms) }
    }

    /// The same instant as a `Date` (exact for instants within about ±285,000 years).
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public var description: String { "\(milliseconds)ms" }

    /// Encoded in JSON as the bare integer of milliseconds.
    public init(from decoder: any Decoder) throws {
        milliseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }
}

extension Timestamp: BinaryCodable {
    /// Eight bytes, little-endian two's complement: instants are always large numbers, so a
    /// varint would save two bytes at most and cost a loop on every replayed event.
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        milliseconds = Int64(bitPattern: try reader.readFixed64())
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { write(to: &writer) }
    /// Writes the instant's bytes to `sink` (its layout's one home).
    @inline(__always) package func write<Sink: BinarySink>(to sink: inout Sink) { sink.writeFixed64(UInt64(bitPattern: milliseconds)) }
}
