import Foundation

/// Appends the primitives of the log encoding to a byte array: LEB128 varints, zigzag for signed
/// numbers, little-endian fixed-width floats, length-prefixed UTF-8 and 16-byte UUIDs
/// (see `Events/FORMAT.md`). Writing never fails.
///
/// A writer with a ``drain`` (a snapshot being written to its file as it is encoded) hands its
/// bytes over at the encoders' drain points once they fill the drain's limit, so a large state
/// never lies whole in memory; without one (every event) all the bytes stay in ``bytes``, and
/// the appends below are exactly what they were: no drain point is on an event's path.
@usableFromInline package struct BinaryWriter: BinarySink {
    /// The bytes written so far, or, with a ``drain``, those written since it last took them.
    @usableFromInline package var bytes: [UInt8]
    /// Where the bytes go once they reach its limit (nil: they all stay in ``bytes``).
    @usableFromInline package var drain: BinaryWriterDrain?

    /// A writer appending to `bytes` (which may already hold a prefix).
    @inlinable package init(bytes: [UInt8] = []) {
        self.bytes = bytes
        drain = nil
    }

    /// A writer handing its bytes to `drain` at each drain point where they reach its limit,
    /// its buffer reserved for the limit and a part as large written before the next drain point.
    package init(draining drain: BinaryWriterDrain) {
        bytes = []
        bytes.reserveCapacity(2 * drain.limit)
        self.drain = drain
    }

    /// A drain point: with a ``drain``, hands it the bytes held once they reach its limit (an
    /// encoder calls this between records, at least every drain limit's worth of bytes it
    /// writes, so the writer's buffer stays bounded). Without one it does nothing.
    @inlinable @inline(__always) package mutating func drainIfFull() {
        if let drain, bytes.count >= drain.limit { handOver(to: drain) }
    }

    /// Hands every byte held to `drain`, keeping the buffer for the next ones.
    @usableFromInline package mutating func handOver(to drain: BinaryWriterDrain) {
        bytes.withUnsafeBytes { drain.take($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Raw bytes with no length prefix (the caller's framing says where they end), followed by
    /// a drain point. With a ``drain`` and at least its limit of them, they are handed over
    /// where they lie, after the bytes held, and never copied into the buffer.
    @inlinable package mutating func writeRaw(_ raw: UnsafeRawBufferPointer) {
        if let drain, raw.count >= drain.limit {
            handOver(to: drain)
            drain.take(raw)
            return
        }
        bytes.append(contentsOf: raw)
        drainIfFull()
    }

    /// One raw byte.
    @inlinable @inline(__always) package mutating func writeByte(_ value: UInt8) { bytes.append(value) }

    /// An unsigned LEB128 varint (``BinarySink/encodingVarint(_:_:)``).
    /// - Complexity: O(1), at most 10 bytes.
    @inlinable @inline(__always) package mutating func writeVarint(_ value: UInt64) {
        Self.encodingVarint(value) { byte in bytes.append(byte) }
    }

    /// Eight bytes, little-endian.
    @inlinable @inline(__always) package mutating func writeFixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The 64-bit words `words` holds (in host order; a whole number of words), each as
    /// ``writeFixed64(_:)`` writes it, followed by a drain point: one copy on little-endian hosts,
    /// none when a ``drain`` takes them where they lie (``writeRaw(_:)-(UnsafeRawBufferPointer)``).
    @inlinable package mutating func writeFixed64Words(_ words: UnsafeRawBufferPointer) {
        precondition(words.count % 8 == 0, "\(words.count) bytes are not a whole number of 64-bit words")
        #if _endian(little)
        writeRaw(words)
        #else
        for offset in stride(from: 0, to: words.count, by: 8) { writeFixed64(words.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        drainIfFull()
        #endif
    }

    /// A double as its 8 IEEE-754 bytes, little-endian.
    @inlinable @inline(__always) package mutating func writeDouble(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A UUID as its 16 bytes in RFC 4122 order.
    @inlinable @inline(__always) package mutating func writeUUID(_ value: UUID) {
        withUnsafeBytes(of: value.uuid) { bytes.append(contentsOf: $0) }
    }

    /// A text as the varint count of its UTF-8 bytes followed by those bytes.
    @inlinable @inline(__always) package mutating func writeString(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Raw bytes with no length prefix (the caller's framing says where they end).
    @inlinable @inline(__always) package mutating func writeRaw(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    /// Writes through `body` a run of fields of at most `maxSize` bytes in all, into memory
    /// reserved for them (on the stack when small), then appends the bytes written at once: one
    /// append for the run instead of one for each field. No drain point.
    /// - Complexity: O(`maxSize`) to reserve, plus what `body` writes.
    @inlinable @inline(__always) package mutating func write(atMost maxSize: Int, _ body: (inout BinarySpan) -> Void) {
        withUnsafeTemporaryAllocation(byteCount: maxSize, alignment: 1) { memory in
            var span = BinarySpan(memory)
            body(&span)
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: memory.baseAddress, count: span.count))
        }
    }
}
