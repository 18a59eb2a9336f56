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

    /// Writes the frame of `payload` at `destination` (which must hold ``size(payload:)`` bytes).
    package static func encode(position: UInt64, flags: UInt32, payload: UnsafeRawBufferPointer,
                               into destination: UnsafeMutableRawPointer) {
        destination.storeBytes(of: UInt32(payload.count).littleEndian, toByteOffset: 4, as: UInt32.self)
        destination.storeBytes(of: position.littleEndian, toByteOffset: 8, as: UInt64.self)
        destination.storeBytes(of: flags.littleEndian, toByteOffset: 16, as: UInt32.self)
        if let base = payload.baseAddress, payload.count > 0 {
            (destination + headerSize).copyMemory(from: base, byteCount: payload.count)
        }
        let crc = CRC32C.extend(0, UnsafeRawBufferPointer(start: destination + 4, count: headerSize - 4 + payload.count))
        destination.storeBytes(of: crc.littleEndian, toByteOffset: 0, as: UInt32.self)
    }

    /// Appends the frame of `payload` to `buffer`.
    package static func append(position: UInt64, flags: UInt32, payload: UnsafeRawBufferPointer,
                               to buffer: inout [UInt8]) {
        let start = buffer.count
        let total = size(payload: payload.count)
        buffer.append(contentsOf: repeatElement(0, count: total))
        buffer.withUnsafeMutableBytes { raw in
            encode(position: position, flags: flags, payload: payload, into: raw.baseAddress! + start)
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
        let computed = CRC32C.extend(0, UnsafeRawBufferPointer(start: base + 4, count: headerSize - 4 + length))
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
