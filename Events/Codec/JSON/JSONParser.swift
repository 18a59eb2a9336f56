import Foundation

/// Reads one JSON text (RFC 8259) from UTF-8 bytes into a ``JSONDocument``: one pass that checks
/// the grammar, validates every string's UTF-8 and escapes, and records each value as a node,
/// without building a `String` or a number (the document converts a value when it is asked for).
///
/// Strict where RFC 8259 is: no trailing commas, no comments, no leading zeros, no control
/// characters inside strings, no lone surrogate escapes, nothing but whitespace after the value.
/// Objects may repeat a key (the first one is read, as Foundation's decoder does). At most
/// ``maximumDepth`` levels of nesting, so hostile input cannot exhaust the stack.
///
/// Reuse one parser for many texts (JSON Lines): its node array is kept between calls.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 64

    private var nodes: [JSONDocument.Node] = []

    /// A parser with no document yet.
    package init() {}

    /// The document of `bytes`, which must stay valid and unchanged while the document is used.
    /// - Throws: ``EventDecodingError`` `.invalidJSON` saying what was expected at which byte
    ///   (`offset`), `.invalidUTF8` for a string that is not UTF-8.
    /// - Complexity: O(n) in the bytes; strings are skipped eight bytes a step.
    package mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(EventDecodingError) -> JSONDocument {
        guard bytes.count < Int(Int32.max) else {
            throw EventDecodingError(.invalidJSON, "the JSON text is longer than 2 GiB; split it into lines")
        }
        nodes.removeAll(keepingCapacity: true)
        var scanner = Scanner(bytes: bytes)
        scanner.skipWhitespace()
        try scanner.parseValue(into: &nodes, depth: 0)
        scanner.skipWhitespace()
        guard scanner.index == bytes.count else {
            throw scanner.error("unexpected text after the JSON value")
        }
        return JSONDocument(bytes: bytes, nodes: nodes)
    }
}

/// The parser's cursor over the bytes.
private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    func error(_ message: String) -> EventDecodingError {
        EventDecodingError(.invalidJSON, "not valid JSON: \(message) at byte \(index)", offset: index)
    }

    /// The byte at the cursor, or nil at the end.
    @inline(__always) var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    @inline(__always) mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index &+= 1
            default: return
            }
        }
    }

    mutating func parseValue(into nodes: inout [JSONDocument.Node], depth: Int) throws(EventDecodingError) {
        guard let byte = current else { throw error("the text ends where a value was expected") }
        switch byte {
        case 0x22: try parseString(into: &nodes)
        case 0x7B: try parseObject(into: &nodes, depth: depth)
        case 0x5B: try parseArray(into: &nodes, depth: depth)
        case 0x74: try parseLiteral("true", kind: .true, into: &nodes)
        case 0x66: try parseLiteral("false", kind: .false, into: &nodes)
        case 0x6E: try parseLiteral("null", kind: .null, into: &nodes)
        case 0x2D, 0x30...0x39: try parseNumber(into: &nodes)
        default: throw error("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func parseObject(into nodes: inout [JSONDocument.Node], depth: Int) throws(EventDecodingError) {
        guard depth < JSONParser.maximumDepth else { throw error("more than \(JSONParser.maximumDepth) levels of nesting") }
        let node = nodes.count
        nodes.append(JSONDocument.Node(kind: .object, start: Int32(index), end: 0, next: 0))
        index &+= 1
        skipWhitespace()
        var count: Int32 = 0
        if current == 0x7D {
            index &+= 1
        } else {
            while true {
                guard current == 0x22 else { throw error("expected a key in double quotes") }
                try parseString(into: &nodes)
                skipWhitespace()
                guard current == 0x3A else { throw error("expected ':' after the key") }
                index &+= 1
                skipWhitespace()
                try parseValue(into: &nodes, depth: depth + 1)
                count &+= 1
                skipWhitespace()
                if current == 0x2C {
                    index &+= 1
                    skipWhitespace()
                    continue
                }
                guard current == 0x7D else { throw error("expected ',' or '}' after a member of an object") }
                index &+= 1
                break
            }
        }
        nodes[node].end = Int32(index)
        nodes[node].count = count
        nodes[node].next = Int32(nodes.count)
    }

    private mutating func parseArray(into nodes: inout [JSONDocument.Node], depth: Int) throws(EventDecodingError) {
        guard depth < JSONParser.maximumDepth else { throw error("more than \(JSONParser.maximumDepth) levels of nesting") }
        let node = nodes.count
        nodes.append(JSONDocument.Node(kind: .array, start: Int32(index), end: 0, next: 0))
        index &+= 1
        skipWhitespace()
        var count: Int32 = 0
        if current == 0x5D {
            index &+= 1
        } else {
            while true {
                try parseValue(into: &nodes, depth: depth + 1)
                count &+= 1
                skipWhitespace()
                if current == 0x2C {
                    index &+= 1
                    skipWhitespace()
                    continue
                }
                guard current == 0x5D else { throw error("expected ',' or ']' after an element of an array") }
                index &+= 1
                break
            }
        }
        nodes[node].end = Int32(index)
        nodes[node].count = count
        nodes[node].next = Int32(nodes.count)
    }

    private mutating func parseLiteral(_ literal: StaticString, kind: JSONDocument.Kind,
                                       into nodes: inout [JSONDocument.Node]) throws(EventDecodingError) {
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeRawBufferPointer(start: literal.utf8Start, count: count)
        guard count <= bytes.count - index, memcmp(bytes.baseAddress! + index, expected.baseAddress!, count) == 0 else {
            throw error("expected a value (an object, array, string, number, true, false or null)")
        }
        nodes.append(JSONDocument.Node(kind: kind, start: Int32(index), end: Int32(index + count), next: Int32(nodes.count + 1)))
        index &+= count
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, an `integer` node when it
    /// has neither fraction nor exponent.
    private mutating func parseNumber(into nodes: inout [JSONDocument.Node]) throws(EventDecodingError) {
        let start = index
        if current == 0x2D { index &+= 1 }
        guard let first = current, first >= 0x30 && first <= 0x39 else { throw error("expected a digit in a number") }
        index &+= 1
        if first != 0x30 { skipDigits() }
        var integer = true
        if current == 0x2E {
            integer = false
            index &+= 1
            guard let digit = current, digit >= 0x30 && digit <= 0x39 else { throw error("expected a digit after the decimal point") }
            skipDigits()
        }
        if current == 0x65 || current == 0x45 {
            integer = false
            index &+= 1
            if current == 0x2B || current == 0x2D { index &+= 1 }
            guard let digit = current, digit >= 0x30 && digit <= 0x39 else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        nodes.append(JSONDocument.Node(kind: integer ? .integer : .number, start: Int32(start), end: Int32(index),
                                       next: Int32(nodes.count + 1)))
    }

    @inline(__always) private mutating func skipDigits() {
        while let byte = current, byte >= 0x30 && byte <= 0x39 { index &+= 1 }
    }

    /// A string: its node spans the bytes between the quotes; `escapedString` when it holds a
    /// backslash escape (checked here: one of `\" \\ \/ \b \f \n \r \t \uXXXX`, surrogates in pairs).
    private mutating func parseString(into nodes: inout [JSONDocument.Node]) throws(EventDecodingError) {
        index &+= 1
        let start = index
        var seen: UInt64 = 0
        var escaped = false
        while true {
            index = JSONStringScan.skipPlainWords(bytes, from: index, seen: &seen)
            guard let byte = current else { throw error("a string is not closed") }
            if byte == 0x22 { break }
            if byte == 0x5C {
                escaped = true
                try skipEscape()
                continue
            }
            guard byte >= 0x20 else { throw error("a control character must be escaped inside a string") }
            seen |= UInt64(byte)
            index &+= 1
        }
        if seen & 0x8080_8080_8080_8080 != 0 {
            guard UTF8Text.validate(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) != nil else {
                throw EventDecodingError(.invalidUTF8, "a string is not valid UTF-8 (byte \(start) on)", offset: start)
            }
        }
        nodes.append(JSONDocument.Node(kind: escaped ? .escapedString : .string, start: Int32(start), end: Int32(index),
                                       next: Int32(nodes.count + 1)))
        index &+= 1
    }

    /// Skips the escape sequence at the cursor (at its backslash), as ``JSONEscape`` reads it.
    private mutating func skipEscape() throws(EventDecodingError) {
        do throws(JSONEscape.Malformed) {
            index &+= try JSONEscape(bytes, at: index).length
        } catch {
            index = error.offset
            throw self.error(error.reason.message)
        }
    }
}
