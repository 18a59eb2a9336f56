/// One backslash escape inside a JSON string (RFC 8259): the one home of which escapes are valid
/// and what they stand for, for the parser (which refuses a malformed one, saying why), the
/// document (which resolves them) and the canonical reader (which resolves them in its one pass
/// and leaves a malformed one to the parser).
///
/// Valid: `\" \\ \/ \b \f \n \r \t` and `\uXXXX` (four hex digits, either case), a UTF-16
/// surrogate only as a high one followed at once by an escaped low one; so every escape stands
/// for a Unicode scalar (`\u0000` included).
struct JSONEscape {
    /// The scalar the escape stands for (a surrogate pair's combined one).
    let scalar: UInt32
    /// How many bytes the escape takes: 2 (`\n`), 6 (`\u00E9`) or 12 (a surrogate pair).
    let length: Int

    /// Why an escape is malformed, and the offset the parser reports it at.
    struct Malformed: Error {
        /// What is wrong.
        let reason: Reason
        /// The offset in the text the parser names: the backslash, or the end of the first
        /// `\uXXXX` of a surrogate that is not in a pair.
        let offset: Int
    }

    /// What can be wrong with an escape.
    enum Reason {
        /// The text ends inside the escape.
        case unclosed
        /// A letter after the backslash that names no escape.
        case unknown
        /// `\u` not followed by four hex digits.
        case notHex
        /// A low surrogate with no high one before it.
        case loneLowSurrogate
        /// A high surrogate with no escaped low one after it.
        case loneHighSurrogate

        /// The reason in words, as the parser's error says it.
        var message: String {
            switch self {
            case .unclosed: "a string is not closed"
            case .unknown: "unknown escape sequence in a string (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"
            case .notHex: "\\u must be followed by four hex digits"
            case .loneLowSurrogate: "a \\u escape is a low surrogate without a high one before it"
            case .loneHighSurrogate: "a \\u escape is a high surrogate without a low one after it"
            }
        }
    }

    /// The escape whose backslash is at `index` of `bytes`.
    /// - Throws: ``Malformed`` saying why it is no valid escape, and where.
    @inline(__always) init(_ bytes: UnsafeRawBufferPointer, at index: Int) throws(Malformed) {
        guard index &+ 1 < bytes.count else { throw Malformed(reason: .unclosed, offset: index) }
        let code = bytes[index &+ 1]
        switch code {
        case 0x22, 0x5C, 0x2F: self.init(scalar: UInt32(code), length: 2)
        case 0x62: self.init(scalar: 0x08, length: 2)
        case 0x66: self.init(scalar: 0x0C, length: 2)
        case 0x6E: self.init(scalar: 0x0A, length: 2)
        case 0x72: self.init(scalar: 0x0D, length: 2)
        case 0x74: self.init(scalar: 0x09, length: 2)
        case 0x75:
            guard let unit = JSONDocument.hexUnit(bytes, at: index &+ 2) else { throw Malformed(reason: .notHex, offset: index) }
            let after = index &+ 6
            switch unit {
            case 0xDC00...0xDFFF:
                throw Malformed(reason: .loneLowSurrogate, offset: after)
            case 0xD800...0xDBFF:
                guard after &+ 1 < bytes.count, bytes[after] == 0x5C, bytes[after &+ 1] == 0x75 else {
                    throw Malformed(reason: .loneHighSurrogate, offset: after)
                }
                guard let low = JSONDocument.hexUnit(bytes, at: after &+ 2) else { throw Malformed(reason: .notHex, offset: after) }
                guard low >= 0xDC00 && low <= 0xDFFF else { throw Malformed(reason: .loneHighSurrogate, offset: after) }
                self.init(scalar: 0x10000 &+ (UInt32(unit &- 0xD800) &<< 10) &+ UInt32(low &- 0xDC00), length: 12)
            default:
                self.init(scalar: UInt32(unit), length: 6)
            }
        default:
            throw Malformed(reason: .unknown, offset: index)
        }
    }

    private init(scalar: UInt32, length: Int) {
        self.scalar = scalar
        self.length = length
    }

    /// How many bytes the scalar takes in UTF-8 (1 to 4).
    @inline(__always) var utf8Count: Int {
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x1_0000 ? 3 : 4
    }

    /// Stores the scalar's UTF-8 bytes (``utf8Count`` of them) at `out`.
    @inline(__always) func storeUTF8(at out: UnsafeMutableRawPointer) {
        func store(_ byte: UInt32, _ offset: Int) { out.storeBytes(of: UInt8(truncatingIfNeeded: byte), toByteOffset: offset, as: UInt8.self) }
        switch utf8Count {
        case 1:
            store(scalar, 0)
        case 2:
            store(0xC0 | scalar &>> 6, 0)
            store(0x80 | scalar & 0x3F, 1)
        case 3:
            store(0xE0 | scalar &>> 12, 0)
            store(0x80 | scalar &>> 6 & 0x3F, 1)
            store(0x80 | scalar & 0x3F, 2)
        default:
            store(0xF0 | scalar &>> 18, 0)
            store(0x80 | scalar &>> 12 & 0x3F, 1)
            store(0x80 | scalar &>> 6 & 0x3F, 2)
            store(0x80 | scalar & 0x3F, 3)
        }
    }

    /// Stores the contents of a string, `raw` (the bytes between its quotes, every escape in it
    /// valid), with its escapes resolved at `out`, which has room for `raw.count` bytes (escapes
    /// only shorten a text); answers how many bytes it stored.
    /// - Complexity: O(n).
    static func unescape(_ raw: UnsafeRawBufferPointer, into out: UnsafeMutableRawPointer) -> Int {
        var offset = 0
        var written = 0
        while offset < raw.count {
            // The run up to the next backslash is copied whole.
            var end = offset
            while end < raw.count && raw[end] != 0x5C { end &+= 1 }
            if end > offset {
                (out + written).copyMemory(from: raw.baseAddress! + offset, byteCount: end &- offset)
                written &+= end &- offset
            }
            guard end < raw.count else { break }
            // The caller's string passed the same check, so this escape is valid; a malformed one
            // (a misuse) ends the text rather than be read past.
            guard let escape = try? JSONEscape(raw, at: end) else { break }
            escape.storeUTF8(at: out + written)
            written &+= escape.utf8Count
            offset = end &+ escape.length
        }
        return written
    }
}
