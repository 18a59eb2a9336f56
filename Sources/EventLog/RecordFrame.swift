/// The framing of one record on disk (format version 1, see FORMAT.md):
///
/// ```
/// offset 0  u32 crc32c   over bytes 4 ..< 20 + length
/// offset 4  u32 length   payload bytes
/// offset 8  u64 position global, from 1
/// offset 16 u32 flags    bit 0: last record of its batch
/// offset 20 payload
/// ```
/// All integers little-endian. Pure functions over bytes, so they can be tested without files.
package enum RecordFrame {
    /// Bytes before the payload.
    package static let headerSize = 20
    /// Flag bit: this record ends its batch (a batch is durable only with its last record).
    package static let endOfBatch: UInt32 = 1
    /// The largest payload accepted (1 GiB).
    package static let maxPayload = 1 << 30

    /// The frame's total size for a payload of `length` bytes.
    @inline(__always)
    package static func size(payload length: Int) -> Int { headerSize + length }

    /// Writes the header fields of a frame but its checksum (length, position, flags) at `frame`.
    @inline(__always)
    private static func writeHeader(position: UInt64, flags: UInt32, payloadLength: Int, at frame: UnsafeMutableRawPointer) {
        frame.storeBytes(of: UInt32(payloadLength).littleEndian, toByteOffset: 4, as: UInt32.self)
        frame.storeBytes(of: position.littleEndian, toByteOffset: 8, as: UInt64.self)
        frame.storeBytes(of: flags.littleEndian, toByteOffset: 16, as: UInt32.self)
    }

    /// Writes a frame's checksum (of its ``checkedBytes(at:payloadLength:)``) at `frame`.
    @inline(__always)
    private static func writeChecksum(_ crc: UInt32, at frame: UnsafeMutableRawPointer) {
        frame.storeBytes(of: crc.littleEndian, toByteOffset: 0, as: UInt32.self)
    }

    /// The bytes of the frame at `frame` its checksum covers: from offset 4 to the payload's end.
    @inline(__always)
    private static func checkedBytes(at frame: UnsafeRawPointer, payloadLength: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: frame + 4, count: headerSize - 4 + payloadLength)
    }

    /// Frames in place the `count` frames laid out back to back from the start of `frames`, each
    /// a header whose length field holds its payload's length, then that payload (the layout of
    /// ``FramedRecords``): writes each header's position (from `firstPosition`, one more each),
    /// `flags` and checksum, computing the checksums four frames at a time
    /// (``CRC32C/checksums(_:lengths:into:count:)``). Calls `note` with each frame's position and
    /// offset in `frames`, in order. The bytes end as ``append(position:flags:payload:to:)``
    /// would have written them.
    /// - Returns: the offset after the last frame.
    /// - Complexity: O(bytes of the frames).
    package static func frameInPlace(_ frames: UnsafeMutableRawBufferPointer, count: Int, firstPosition: UInt64, flags: UInt32,
                                     note: (_ position: UInt64, _ offset: Int) -> Void) -> Int {
        guard count > 0, let base = frames.baseAddress else { return 0 }
        var group = FrameGroup()
        var offsets: (Int, Int, Int, Int) = (0, 0, 0, 0)
        var offset = 0, index = 0
        while index < count {
            let inGroup = min(FrameGroup.capacity, count - index)
            for slot in 0..<inGroup {
                precondition(frames.count - offset >= headerSize, "a frame runs past the end of its buffer")
                let frame = base + offset
                let length = Int(UInt32(littleEndian: frame.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
                precondition(offset + size(payload: length) <= frames.count, "a frame runs past the end of its buffer")
                let position = firstPosition + UInt64(index + slot)
                writeHeader(position: position, flags: flags, payloadLength: length, at: frame)
                note(position, offset)
                group.set(slot, frame: UnsafeRawPointer(frame), payloadLength: length)
                withUnsafeMutableBytes(of: &offsets) { $0.storeBytes(of: offset, toByteOffset: slot * 8, as: Int.self) }
                offset += size(payload: length)
            }
            group.computeChecksums(count: inGroup)
            for slot in 0..<inGroup {
                let frameOffset = withUnsafeBytes(of: offsets) { $0.load(fromByteOffset: slot * 8, as: Int.self) }
                writeChecksum(group.checksum(slot), at: base + frameOffset)
            }
            index += inGroup
        }
        return offset
    }

    /// Appends the frame of `payload` to `buffer`: room for the header and the payload appended
    /// at memory speed (not a byte at a time), then the header written in place.
    package static func append(position: UInt64, flags: UInt32, payload: UnsafeRawBufferPointer,
                               to buffer: inout [UInt8]) {
        let start = buffer.count
        appendHeaderRoom(to: &buffer)
        buffer.append(contentsOf: payload)
        buffer.withUnsafeMutableBytes { raw in
            let frame = raw.baseAddress! + start
            writeHeader(position: position, flags: flags, payloadLength: payload.count, at: frame)
            writeChecksum(CRC32C.extend(0, checkedBytes(at: UnsafeRawPointer(frame), payloadLength: payload.count)), at: frame)
        }
    }

    /// Appends ``headerSize`` zero bytes to `buffer`: the room of a frame's header, filled in
    /// once its payload follows.
    @inline(__always)
    package static func appendHeaderRoom(to buffer: inout [UInt8]) {
        // The tuple is exactly `headerSize` (20) bytes; a `prefix` of it cost a call per frame.
        withUnsafeBytes(of: (UInt64(0), UInt64(0), UInt32(0))) { zeros in
            buffer.append(contentsOf: UnsafeRawBufferPointer(start: zeros.baseAddress, count: headerSize))
        }
    }

    /// What the bytes at some offset hold.
    package enum Decoded: Equatable {
        /// A whole, valid frame.
        case record(position: UInt64, flags: UInt32, payloadLength: Int)
        /// Too few bytes for the frame the header announces (or for a header).
        case needMore
        /// Not a valid frame: the reason, for error messages.
        case invalid(String)
    }

    /// Decodes the frame at the start of `bytes`, expecting `position`.
    /// Zero-filled (preallocated) space decodes as invalid (position 0).
    @inline(__always)
    package static func decode(_ bytes: UnsafeRawBufferPointer, expecting position: UInt64) -> Decoded {
        guard bytes.count >= headerSize, let base = bytes.baseAddress else { return .needMore }
        let length = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        let found = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if found != position {
            return .invalid(found == 0 && length == 0 ? "no record (zero-filled space)"
                                                      : "position \(found) where \(position) was expected")
        }
        if length > maxPayload { return .invalid("length \(length) exceeds the maximum \(maxPayload)") }
        guard bytes.count >= headerSize + length else { return .needMore }
        let stored = UInt32(littleEndian: base.loadUnaligned(as: UInt32.self))
        let computed = CRC32C.extend(0, checkedBytes(at: base, payloadLength: length))
        if stored != computed { return .invalid("checksum mismatch (stored \(hex(stored)), computed \(hex(computed)))") }
        let flags = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        return .record(position: found, flags: flags, payloadLength: length)
    }

    /// True when the bytes start with a whole valid frame of any position in `positions`
    /// (used to tell damage, which valid records follow, from a torn tail, which none follow).
    package static func isValidFrame(_ bytes: UnsafeRawBufferPointer, positions: ClosedRange<UInt64>) -> Bool {
        guard bytes.count >= headerSize, let base = bytes.baseAddress else { return false }
        let found = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        guard positions.contains(found) else { return false }
        if case .record = decode(bytes, expecting: found) { return true }
        return false
    }

    private static func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }
}
