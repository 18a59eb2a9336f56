/// Records laid out back to back in one buffer as their frames will be (FORMAT.md, "Record
/// frame"): each payload written by its encoder straight after room for its frame header, so
/// that a chunk of records costs one buffer rather than an array each, and staging it
/// (``LogWriter/stageRecords(_:)-(FramedRecords)``) frames the records where they lie.
///
/// Only the header's length field is set here; the writer fills in the position, the flags and
/// the checksum when it stages the records, so the bytes staged are exactly those of
/// ``LogWriter/stageRecords(_:)-([[UInt8]])`` with the same payloads.
public struct FramedRecords: Sendable {
    /// The frames: each a header holding its payload's length (its other fields zero until the
    /// records are staged), then the payload. Only ``append(encoding:)`` changes it.
    @usableFromInline package var bytes: [UInt8]
    /// How many records the buffer holds.
    public private(set) var count = 0
    /// The length of the largest payload appended (0 when none): a writer refuses the records
    /// when it exceeds the 1 GiB limit.
    package private(set) var largestPayload = 0
    /// The offset of the last record's frame (0 when none).
    package private(set) var lastFrameOffset = 0

    /// An empty buffer with room for `capacity` bytes of frames before it grows (a frame is 20
    /// bytes more than its payload).
    public init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Whether no record was appended.
    public var isEmpty: Bool { count == 0 }

    /// Appends one record whose payload `encode` appends to the buffer it is handed, which holds
    /// the frames before it and room for this record's header: `encode` must only append.
    /// - Complexity: O(payload) beyond what `encode` does.
    @inlinable @inline(__always)
    public mutating func append(encoding encode: (inout [UInt8]) -> Void) {
        let start = beginRecord()
        encode(&bytes)
        endRecord(from: start)
    }

    /// Appends one record of payload `payload`.
    public mutating func append(_ payload: UnsafeRawBufferPointer) {
        append { $0.append(contentsOf: payload) }
    }

    /// Appends one record of payload `payload`.
    public mutating func append(_ payload: [UInt8]) {
        payload.withUnsafeBytes { append($0) }
    }

    /// Appends room for a record's header; returns where its frame starts.
    @usableFromInline mutating func beginRecord() -> Int {
        let start = bytes.count
        RecordFrame.appendHeaderRoom(to: &bytes)
        return start
    }

    /// Ends the record whose frame starts at `start`: sets its header's length field.
    @usableFromInline mutating func endRecord(from start: Int) {
        precondition(bytes.count >= start + RecordFrame.headerSize, "a record's encoder removed bytes it was handed")
        let length = bytes.count - start - RecordFrame.headerSize
        largestPayload = max(largestPayload, length)
        bytes.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt32(truncatingIfNeeded: length).littleEndian, toByteOffset: start + 4, as: UInt32.self)
        }
        lastFrameOffset = start
        count += 1
    }
}
