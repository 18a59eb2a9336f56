import Foundation

/// Reads the primitives of the log encoding from a byte buffer, checking every length against
/// the bytes that remain: a truncated, overlong or otherwise malformed input gives an
/// ``EventDecodingError`` carrying the byte offset, never a crash or an out-of-bounds read.
///
/// The reader borrows `buffer`; it must not outlive the `withUnsafeBytes` scope that gave it.
@usableFromInline package struct BinaryReader {
    /// The bytes being read.
    @usableFromInline package let buffer: UnsafeRawBufferPointer
    /// The offset of the next unread byte.
    @usableFromInline package internal(set) var offset: Int
    /// What keeps `buffer` alive beyond the reader's scope, when something does (a mapped
    /// snapshot file): decoders may then keep regions of it (``retaining(_:)``) instead of copying.
    @usableFromInline package let owner: (any AnyObject & Sendable)?

    /// A reader at the start of `buffer`; `owner`, when given, must keep `buffer` alive and
    /// unchanged for as long as it lives.
    @inlinable package init(_ buffer: UnsafeRawBufferPointer, owner: (any AnyObject & Sendable)? = nil) {
        self.buffer = buffer
        self.offset = 0
        self.owner = owner
    }

    /// How many bytes are left.
    package var remaining: Int { buffer.count - offset }

    /// An error at the current offset.
    @inlinable package func error(_ code: EventDecodingError.Code, _ message: String) -> EventDecodingError {
        EventDecodingError(code, message, offset: offset)
    }

    @inlinable @inline(__always) func require(_ count: Int, _ what: StaticString) throws(EventDecodingError) {
        if _slowPath(count > buffer.count - offset) {
            throw error(.truncated, "the input ends inside \(what): \(count) bytes needed, \(buffer.count - offset) left")
        }
    }

    /// One raw byte.
    @inlinable @inline(__always) package mutating func readByte() throws(EventDecodingError) -> UInt8 {
        try require(1, "a byte")
        let value = buffer[offset]
        offset &+= 1
        return value
    }

    /// An unsigned LEB128 varint in its shortest form (an overlong form is rejected so that every
    /// value has exactly one encoding and re-encoding reproduces the input).
    @inlinable @inline(__always) package mutating func readVarint() throws(EventDecodingError) -> UInt64 {
        let remaining = buffer.count &- offset
        if _fastPath(remaining > 0) {
            let first = buffer[offset]
            if first < 0x80 {
                offset &+= 1
                return UInt64(first)
            }
            // Two bytes (a UTC offset, most durations): the second ends it and is not zero
            // (a zero there would be an overlong form, refused by the general case).
            if remaining > 1 {
                let second = buffer[offset &+ 1]
                if second &- 1 < 0x7F {
                    offset &+= 2
                    return UInt64(first & 0x7F) | UInt64(second) &<< 7
                }
            }
        }
        return try readLongVarint()
    }

    /// The general case of ``readVarint()``: two bytes or more, or the end of the input.
    @usableFromInline mutating func readLongVarint() throws(EventDecodingError) -> UInt64 {
        // With 8 bytes at hand, a varint of up to 8 bytes (every timestamp, count and length
        // the log holds) is read from one load: its end is the first byte without the top bit.
        if offset &+ 8 <= buffer.count {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let ends = ~word & 0x8080_8080_8080_8080
            if ends != 0 {
                let length = ends.trailingZeroBitCount &>> 3 &+ 1
                if length > 1 && (word &>> UInt64((length &- 1) &* 8)) & 0xFF == 0 {
                    throw error(.malformedInteger, "a varint is longer than its shortest form")
                }
                // The varint's bytes without their top bits, then the 7-bit groups packed
                // together by three shift-and-merge rounds (no loop over the bytes).
                let kept = length == 8 ? ~UInt64(0) : (UInt64(1) &<< UInt64(length &* 8)) &- 1
                var result = word & kept & 0x7F7F_7F7F_7F7F_7F7F
                result = (result & 0x007F_007F_007F_007F) | ((result & 0x7F00_7F00_7F00_7F00) &>> 1)
                result = (result & 0x0000_3FFF_0000_3FFF) | ((result & 0x3FFF_0000_3FFF_0000) &>> 2)
                result = (result & 0x0000_0000_0FFF_FFFF) | ((result & 0x0FFF_FFFF_0000_0000) &>> 4)
                offset &+= length
                return result
            }
        }
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < buffer.count else {
                offset = start
                throw error(.truncated, "the input ends inside a varint")
            }
            let byte = buffer[offset]
            offset &+= 1
            if shift == 63 && byte > 1 {
                offset = start
                throw error(.malformedInteger, "a varint does not fit in 64 bits")
            }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                if byte == 0 && shift > 0 {
                    offset = start
                    throw error(.malformedInteger, "a varint is longer than its shortest form")
                }
                return result
            }
            shift += 7
        }
    }

    /// A varint that must fit in `T`.
    @inlinable @inline(__always) package mutating func readVarint<T: FixedWidthInteger & UnsignedInteger>(
        as type: T.Type, _ what: StaticString
    ) throws(EventDecodingError) -> T {
        let start = offset
        let value = try readVarint()
        guard let narrowed = T(exactly: value) else {
            offset = start
            throw error(.malformedInteger, "\(what) \(value) does not fit in \(T.bitWidth) bits")
        }
        return narrowed
    }

    /// A zigzag-mapped signed varint.
    @inlinable @inline(__always) package mutating func readSignedVarint() throws(EventDecodingError) -> Int64 {
        let raw = try readVarint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// Eight bytes as a little-endian unsigned integer.
    @inlinable @inline(__always) package mutating func readFixed64() throws(EventDecodingError) -> UInt64 {
        try require(8, "a fixed-width integer")
        let bits = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset &+= 8
        return UInt64(littleEndian: bits)
    }

    /// A little-endian IEEE-754 double.
    @inlinable @inline(__always) package mutating func readDouble() throws(EventDecodingError) -> Double {
        try require(8, "a double")
        let bits = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset &+= 8
        return Double(bitPattern: UInt64(littleEndian: bits))
    }

    /// A 16-byte UUID.
    @inlinable @inline(__always) package mutating func readUUID() throws(EventDecodingError) -> UUID {
        try require(16, "a UUID")
        let raw = buffer.loadUnaligned(fromByteOffset: offset, as: uuid_t.self)
        offset &+= 16
        return Self.uuid(raw)
    }

    /// `UUID(uuid:)` without the cross-module call: Foundation's `UUID` is exactly its 16
    /// `uuid_t` bytes on every platform, so the bytes are reinterpreted in place (a replay reads
    /// four or five UUIDs per event). Falls back to the initializer if the layout ever differs;
    /// `BinaryCodecTests` checks the two agree.
    @inlinable @inline(__always) static func uuid(_ raw: uuid_t) -> UUID {
        if MemoryLayout<UUID>.size == MemoryLayout<uuid_t>.size && MemoryLayout<UUID>.alignment == MemoryLayout<uuid_t>.alignment {
            return unsafeBitCast(raw, to: UUID.self)
        }
        return UUID(uuid: raw)
    }

    /// The bytes of a length-prefixed field, without copying.
    @inlinable @inline(__always) package mutating func readLengthPrefixed() throws(EventDecodingError) -> UnsafeRawBufferPointer {
        let count = try readVarint()
        guard count <= UInt64(buffer.count - offset) else {
            throw error(.truncated, "a field of \(count) bytes is longer than the \(buffer.count - offset) bytes left")
        }
        let slice = UnsafeRawBufferPointer(rebasing: buffer[offset ..< offset &+ Int(count)])
        offset &+= Int(count)
        return slice
    }

    /// The next `count` bytes, without copying.
    /// - Throws: ``EventDecodingError`` when fewer are left.
    @inlinable package mutating func readBytes(count: Int) throws(EventDecodingError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= buffer.count - offset else {
            throw error(.truncated, "\(count) bytes do not fit in the \(buffer.count - offset) bytes left")
        }
        let slice = UnsafeRawBufferPointer(rebasing: buffer[offset ..< offset &+ count])
        offset &+= count
        return slice
    }

    /// A length-prefixed UTF-8 text, validated.
    @inlinable @inline(__always) package mutating func readString() throws(EventDecodingError) -> String {
        let start = offset
        let bytes = try readLengthPrefixed()
        guard let text = Self.validatedString(bytes) else {
            offset = start
            throw error(.invalidUTF8, "a text field is not valid UTF-8")
        }
        return text
    }

    /// `bytes` as a `String` if they are valid UTF-8, else nil (see ``UTF8Text``).
    @inlinable @inline(__always) static func validatedString(_ bytes: UnsafeRawBufferPointer) -> String? {
        UTF8Text.string(bytes)
    }

    /// A count of elements to follow, checked against the bytes left (every element takes at
    /// least one byte), so a damaged count cannot make the decoder reserve huge memory.
    @inlinable @inline(__always) package mutating func readCount() throws(EventDecodingError) -> Int {
        let start = offset
        let count = try readVarint()
        guard count <= UInt64(buffer.count - offset) else {
            offset = start
            throw error(.truncated, "a list of \(count) elements cannot fit in the \(buffer.count - offset) bytes left")
        }
        return Int(count)
    }

    /// A count of elements that take at least `minimumSize` bytes each (a table of ids, a block
    /// of fixed-width records), checked against the bytes left: a damaged count fails here,
    /// before anything is reserved for it.
    /// - Throws: ``EventDecodingError`` `.truncated` when `count × minimumSize` bytes do not
    ///   remain, or as ``readVarint()``.
    package mutating func readCount(eachAtLeast minimumSize: Int) throws(EventDecodingError) -> Int {
        let start = offset
        let count = try readCount()
        guard count <= (buffer.count - offset) / max(1, minimumSize) else {
            offset = start
            throw error(.truncated, "a list of \(count) elements of at least \(minimumSize) bytes cannot fit in the \(buffer.count - offset) bytes left")
        }
        return count
    }

    /// All remaining bytes, copied.
    package mutating func readRest() -> [UInt8] {
        let rest = [UInt8](UnsafeRawBufferPointer(rebasing: buffer[offset...]))
        offset = buffer.count
        return rest
    }

    /// Fails unless every byte has been read.
    @inlinable @inline(__always) package func expectEnd() throws(EventDecodingError) {
        if _slowPath(offset != buffer.count) {
            throw error(.trailingBytes, "\(buffer.count - offset) bytes follow the last field of the event")
        }
    }
}
