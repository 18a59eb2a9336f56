/// The difference between a person's local clock and UTC at one moment, in seconds east of
/// UTC (UTC+02:00 is 7200). Recorded with every event so that the local day of an event is
/// recomputed identically on any device, in any time zone, forever. Limited to ±18 hours,
/// the range every time-zone database uses.
public struct UTCOffset: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The largest offset allowed either side of UTC: 18 hours.
    public static let limitSeconds: Int32 = 18 * 3600
    /// UTC itself.
    public static let zero = UTCOffset(uncheckedSeconds: 0)

    /// Seconds east of UTC, within ±``limitSeconds``.
    public let seconds: Int32

    /// An offset of `seconds` east of UTC.
    /// - Throws: ``EventValidationError`` (`outOfRange`) beyond ±18 hours.
    public init(seconds: Int) throws(EventValidationError) {
        guard seconds >= -Int(Self.limitSeconds), seconds <= Int(Self.limitSeconds) else {
            throw EventValidationError(.outOfRange, field: "utcOffset",
                                       "offset \(seconds) s is beyond ±18 h (±64800 s); pass seconds east of UTC")
        }
        self.seconds = Int32(seconds)
    }

    private init(uncheckedSeconds: Int32) { seconds = uncheckedSeconds }

    public var description: String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(Int(seconds))
        let hours = magnitude / 3600, minutes = magnitude % 3600 / 60, rest = magnitude % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "UTC\(sign)\(two(hours)):\(two(minutes))" + (rest == 0 ? "" : ":\(two(rest))")
    }

    /// Encoded in JSON as the bare integer of seconds east of UTC.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do { try self.init(seconds: try container.decode(Int.self)) } catch let error as EventValidationError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}

extension UTCOffset: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let start = reader.offset
        let raw = try reader.readSignedVarint()
        guard raw >= -Int64(Self.limitSeconds), raw <= Int64(Self.limitSeconds) else {
            throw EventDecodingError(.invalidValue, "invalid utcOffset (out-of-range): offset \(raw) s is beyond ±18 h (±64800 s)",
                                     offset: start)
        }
        seconds = Int32(truncatingIfNeeded: raw)
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { write(to: &writer) }
    /// Writes the offset's bytes to `sink` (its layout's one home).
    @inline(__always) package func write<Sink: BinarySink>(to sink: inout Sink) { sink.writeSignedVarint(Int64(seconds)) }
}
