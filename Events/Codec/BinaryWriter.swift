import Foundation

/// Appends the primitives of the log encoding to a byte array: LEB128 varints, zigzag for signed
/// numbers, little-endian fixed-width floats, length-prefixed UTF-8 and 16-byte UUIDs
/// (see `Events/FORMAT.md`). Writing never fails.
@usableFromInline package struct BinaryWriter {
    /// The bytes written so far.
    @usableFromInline package var bytes: [UInt8]

    /// A writer appending to `bytes` (which may already hold a prefix).
    @inlinable package init(bytes: [UInt8] = []) { self.bytes = bytes }

    /// One raw byte.
    @inlinable @inline(__always) package mutating func writeByte(_ value: UInt8) { bytes.append(value) }

    /// An unsigned LEB128 varint: 7 bits a byte, low bits first, shortest form.
    /// - Complexity: O(1), at most 10 bytes.
    @inlinable @inline(__always) package mutating func writeVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    /// A signed integer, zigzag-mapped so that small magnitudes stay short, then as a varint.
    @inlinable @inline(__always) package mutating func writeSignedVarint(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Eight bytes, little-endian.
    @inlinable @inline(__always) package mutating func writeFixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The 64-bit words `words` holds (in host order; a whole number of words), each as
    /// ``writeFixed64(_:)`` writes it: one copy on little-endian hosts.
    @inlinable package mutating func writeFixed64Words(_ words: UnsafeRawBufferPointer) {
        precondition(words.count % 8 == 0, "\(words.count) bytes are not a whole number of 64-bit words")
        #if _endian(little)
        bytes.append(contentsOf: words)
        #else
        for offset in stride(from: 0, to: words.count, by: 8) { writeFixed64(words.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
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
}
