import Foundation

/// Where the primitives of the log encoding are written (see `Events/FORMAT.md`): a growable
/// byte array (``BinaryWriter``) or memory reserved up front (``BinarySpan``). A value written
/// through both (the envelope's) lays out its bytes once, generically, and each primitive's
/// layout has its one home here.
@usableFromInline package protocol BinarySink {
    /// One raw byte.
    mutating func writeByte(_ value: UInt8)
    /// The bytes of `value` as ``BinarySink/encodingVarint(_:_:)`` gives them.
    mutating func writeVarint(_ value: UInt64)
    /// Eight bytes, little-endian.
    mutating func writeFixed64(_ value: UInt64)
    /// A UUID as its 16 bytes in RFC 4122 order.
    mutating func writeUUID(_ value: UUID)
    /// A text as the varint count of its UTF-8 bytes followed by those bytes.
    mutating func writeString(_ value: String)
}

extension BinarySink {
    /// Hands `emit` the bytes of `value` as an unsigned LEB128 varint: 7 bits a byte, low bits
    /// first, shortest form (at most 10 bytes). The varint rule's one home.
    @inlinable @inline(__always) package static func encodingVarint(_ value: UInt64, _ emit: (UInt8) -> Void) {
        var v = value
        while v >= 0x80 {
            emit(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        emit(UInt8(truncatingIfNeeded: v))
    }

    /// A signed integer, zigzag-mapped so that small magnitudes stay short, then as a varint.
    @inlinable @inline(__always) package mutating func writeSignedVarint(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }
}

/// Writes the primitives of the log encoding into memory reserved up front for them
/// (``BinaryWriter/write(atMost:_:)``), so that a run of small fields costs one append to the
/// writer's array instead of one each. Every write checks that it fits (a failed check stops
/// the process: the reservation was computed wrong).
@usableFromInline package struct BinarySpan: BinarySink {
    @usableFromInline let base: UnsafeMutableRawPointer
    @usableFromInline let capacity: Int
    /// How many bytes were written.
    @usableFromInline package private(set) var count = 0

    /// A span writing from the start of `memory`.
    @inlinable init(_ memory: UnsafeMutableRawBufferPointer) {
        // A reservation of 0 bytes may have no base address; nothing can then be written.
        base = memory.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1)!
        capacity = memory.count
    }

    /// Makes sure `size` more bytes fit.
    @inlinable @inline(__always) mutating func claim(_ size: Int) -> UnsafeMutableRawPointer {
        precondition(size <= capacity &- count, "a BinarySpan write runs past the bytes reserved")
        defer { count &+= size }
        return base + count
    }

    @inlinable @inline(__always) package mutating func writeByte(_ value: UInt8) {
        claim(1).storeBytes(of: value, as: UInt8.self)
    }

    @inlinable @inline(__always) package mutating func writeVarint(_ value: UInt64) {
        Self.encodingVarint(value) { byte in writeByte(byte) }
    }

    @inlinable @inline(__always) package mutating func writeFixed64(_ value: UInt64) {
        claim(8).storeBytes(of: value.littleEndian, as: UInt64.self)
    }

    @inlinable @inline(__always) package mutating func writeUUID(_ value: UUID) {
        // As two words: storing the `uuid_t` tuple took sixteen byte-sized loads and stores.
        let words = withUnsafeBytes(of: value.uuid) { raw in
            (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        let target = claim(16)
        target.storeBytes(of: words.0, as: UInt64.self)
        target.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
    }

    @inlinable @inline(__always) package mutating func writeString(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            writeRaw(UnsafeRawBufferPointer(utf8))
        }
    }

    /// Bytes laid out beforehand in the log encoding, copied as they are.
    @inlinable @inline(__always) package mutating func writeRaw(_ raw: UnsafeRawBufferPointer) {
        if let source = raw.baseAddress, raw.count > 0 {
            claim(raw.count).copyMemory(from: source, byteCount: raw.count)
        }
    }

    /// The most bytes ``writeString(_:)`` writes for `value`.
    @inlinable @inline(__always) package static func maxSize(of value: String) -> Int { 10 + value.utf8.count }
}
