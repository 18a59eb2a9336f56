/// How long something took, in whole milliseconds, never negative. Encoded as the integer of
/// milliseconds in both encodings.
public struct ElapsedTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The length in milliseconds.
    public let milliseconds: Int64

    /// A length of `milliseconds`.
    /// - Throws: ``EventValidationError`` (`outOfRange`) when negative.
    public init(milliseconds: Int64) throws(EventValidationError) {
        guard milliseconds >= 0 else {
            throw EventValidationError(.outOfRange, field: "duration",
                                       "duration \(milliseconds) ms is negative; pass a length of zero or more")
        }
        self.milliseconds = milliseconds
    }

    /// The longest length a command or an import may record: one day. Nothing a learner does in
    /// one answer, one word or one dictation takes longer; a longer value is a unit mistake
    /// (seconds taken for milliseconds) or damage, and the store refuses it with this limit named.
    public static let maximum = ElapsedTime(nonNegativeMilliseconds: 86_400_000)

    /// A length of `milliseconds` given as input (a command, an import line): zero to ``maximum``.
    /// - Throws: ``EventValidationError`` (`outOfRange`) when negative or longer than a day.
    public init(input milliseconds: Int64) throws(EventValidationError) {
        guard milliseconds <= Self.maximum.milliseconds else {
            throw EventValidationError(.outOfRange, field: "duration",
                                       "duration \(milliseconds) ms is longer than a day (\(Self.maximum.milliseconds) ms); "
                                       + "pass milliseconds, at most a day")
        }
        try self.init(milliseconds: milliseconds)
    }

    /// A length of `duration` given as input (a command): its whole milliseconds, zero to
    /// ``maximum``. A length of zero or more is rounded to the nearest millisecond (halves up);
    /// a negative one, however short, to the millisecond below it, so it is refused as negative.
    /// - Throws: ``EventValidationError`` (`outOfRange`) when negative or longer than a day, as
    ///   ``init(input:)-(Int64)``.
    public init(input duration: Duration) throws(EventValidationError) {
        let perMillisecond: Int128 = 1_000_000_000_000_000
        let attoseconds = duration.attoseconds
        let milliseconds = attoseconds >= 0 ? (attoseconds + perMillisecond / 2) / perMillisecond
                                            : (attoseconds - perMillisecond + 1) / perMillisecond
        // Beyond 2^63 ms either way saturates, which the check refuses as longer than a day or negative.
        try self.init(input: Int64(clamping: milliseconds))
    }

    /// The length the read models count: the recorded length, at most ``maximum``. A log written
    /// by another tool may hold longer lengths; counted as a day each, sums of them never
    /// overflow and a review taken back subtracts exactly what it added.
    public var countedMilliseconds: Int64 { min(milliseconds, Self.maximum.milliseconds) }

    /// A length of `milliseconds`, already known to be zero or more.
    @inline(__always) init(nonNegativeMilliseconds milliseconds: Int64) { self.milliseconds = milliseconds }

    /// A length of `seconds`, rounded to the nearest millisecond.
    /// - Throws: ``EventValidationError``: `notFinite` for NaN or infinity, `outOfRange` when
    ///   negative or beyond 2^63 ms.
    public init(seconds: Double) throws(EventValidationError) {
        guard seconds.isFinite else {
            throw EventValidationError(.notFinite, field: "duration", "duration \(seconds) s is not a finite number")
        }
        let ms = (seconds * 1000).rounded()
        guard ms >= 0, ms < 9.2e18 else {
            throw EventValidationError(.outOfRange, field: "duration",
                                       "duration \(seconds) s must be zero or more and below 2^63 ms")
        }
        try self.init(milliseconds: Int64(ms))
    }

    /// The length in seconds.
    public var seconds: Double { Double(milliseconds) / 1000 }

    public static func < (lhs: ElapsedTime, rhs: ElapsedTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public var description: String { "\(milliseconds)ms" }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(Int64.self) { v throws(EventValidationError) in
            try ElapsedTime(milliseconds: v)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }
}

extension ElapsedTime: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readVarint() }) {
            raw throws(EventValidationError) in
            guard let ms = Int64(exactly: raw) else {
                throw EventValidationError(.outOfRange, field: "duration", "duration \(raw) ms is beyond 2^63 ms")
            }
            // Never negative: it came from an unsigned varint within Int64's range.
            return ElapsedTime(nonNegativeMilliseconds: ms)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { write(to: &writer) }
    /// Writes the duration's bytes to `sink` (its layout's one home).
    @inline(__always) package func write<Sink: BinarySink>(to sink: inout Sink) { sink.writeVarint(UInt64(milliseconds)) }
}
