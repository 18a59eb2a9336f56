import Foundation

/// Transcodes a payload object written as an export writes it to its log body in one pass, with
/// no document: the members in the byte order of their keys (optionals may be left out), each key
/// without escapes and at most once, no unknown keys, strings without escapes but for the texts
/// of string fields (escapes resolved as the parser resolves them), integers without fraction or
/// exponent. Anything else (which the general path reads or refuses,
/// ``JSONShape/appendBody(of:at:to:fieldStarts:)``) makes it answer false, so it decides nothing
/// the general path would decide otherwise: what it accepts, that path reads to the same body.
///
/// JSON lists the fields in key order and the body holds them in declaration order, so an
/// object's fields are written in key order and then moved into place when the two differ.
///
/// Reuse one reader for many payloads (it keeps its buffers); not meant to be shared across threads.
struct CanonicalBodyReader: ~Copyable {
    /// The log body of the last payload read.
    private(set) var body = BodyBuffer()
    /// A copy of an object's fields while they are moved into body order.
    private var scratch = BodyBuffer()
    /// For each object being read (innermost last), the body offset where each of its fields
    /// ends, in key order: the first ``fieldCount`` entries (the array only grows, so that
    /// reading a payload allocates nothing once it is long enough).
    private var fieldEnds: [Int] = []
    /// How many entries of ``fieldEnds`` are in use.
    private var fieldCount = 0

    /// An empty reader.
    init() {
        fieldEnds.reserveCapacity(32)
    }

    /// Replaces ``body`` with the log body of the object of `shape` that is the whole of `text`;
    /// false when `text` is not in the form this reader takes (then ``body`` holds no meaning).
    mutating func read(_ text: UnsafeRawBufferPointer, shape: JSONShape) -> Bool {
        var scanner = CanonicalJSONScanner(text)
        return read(from: &scanner, shape: shape) && scanner.isAtEndAfterWhitespace()
    }

    /// Replaces ``body`` with the log body of the object of `shape` at `scanner`'s cursor, and
    /// moves the cursor past it; false when the object is not in the form this reader takes
    /// (then ``body`` holds no meaning and the cursor may be anywhere).
    mutating func read(from scanner: inout CanonicalJSONScanner, shape: JSONShape) -> Bool {
        body.removeAll()
        fieldCount = 0
        return appendObject(shape, from: &scanner)
    }

    private mutating func appendObject(_ shape: JSONShape, from scanner: inout CanonicalJSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        let base = body.count
        let mark = fieldCount
        var closed = scanner.consume(0x7D)
        // The fields read in place (no copy of each field, and so no retain of its kind).
        let read = shape.fields.withUnsafeBufferPointer { fields in
            for fieldIndex in shape.keyOrder {
                let field = fields.baseAddress! + fieldIndex
                if !closed && scanner.consumeKey(field.pointee.keyBytes) {
                    guard appendValue(field.pointee.kind, from: &scanner) else { return false }
                    if !scanner.consume(0x2C) {
                        guard scanner.consume(0x7D) else { return false }
                        closed = true
                    }
                } else if field.pointee.kind.isOptional {
                    // Left out: absent.
                    body.writeByte(0)
                } else {
                    return false
                }
                if fieldCount < fieldEnds.count { fieldEnds[fieldCount] = body.count } else { fieldEnds.append(body.count) }
                fieldCount &+= 1
            }
            return true
        }
        guard read else { return false }
        // Not closed: a key follows that is unknown, repeated or out of order.
        guard closed else { return false }
        if !shape.isKeyOrdered {
            fieldEnds.withUnsafeBufferPointer { ends in
                body.reorder(from: base, ends: UnsafeBufferPointer(rebasing: ends[mark...]), order: shape.keyRank, scratch: &scratch)
            }
        }
        fieldCount = mark
        return true
    }

    private mutating func appendValue(_ kind: JSONFieldKind, from scanner: inout CanonicalJSONScanner) -> Bool {
        switch kind {
        case .uuid, .personalDataReference:
            guard let (low, high) = scanner.uuidBytes() else { return false }
            body.writeUUID(low: low, high: high)
        case .string:
            guard let text = scanner.string() else { return false }
            body.writeVarint(UInt64(text.unescapedCount))
            if text.escaped { body.appendUnescaped(text.raw) } else { body.append(text.raw) }
        case .bool:
            guard let value = scanner.bool() else { return false }
            body.writeByte(value ? 1 : 0)
        case .byte:
            guard let value = scanner.uint64(), value <= 0xFF else { return false }
            body.writeByte(UInt8(value))
        case .varint:
            guard let value = scanner.uint64() else { return false }
            body.writeVarint(value)
        case .signedVarint:
            guard let value = scanner.int64() else { return false }
            body.writeSignedVarint(value)
        case .fixedInt64:
            guard let value = scanner.int64() else { return false }
            body.writeFixed64(UInt64(bitPattern: value))
        case .double:
            guard let value = scanner.double() else { return false }
            body.writeFixed64(value.bitPattern)
        case .enumeration(let names):
            guard let text = scanner.plainString(),
                  let found = names.firstIndex(where: { $0.utf8CodeUnitCount == text.count
                                                        && memcmp($0.utf8Start, text.baseAddress!, text.count) == 0 })
            else { return false }
            body.writeByte(UInt8(found))
        case .optional(let wrapped):
            if scanner.consumeLiteral("null") {
                body.writeByte(0)
            } else {
                body.writeByte(1)
                return appendValue(wrapped, from: &scanner)
            }
        case .array(let element):
            return appendArray(of: element, from: &scanner)
        case .object(let shape):
            return appendObject(shape, from: &scanner)
        case .oneOf(let variants):
            guard scanner.consume(0x7B),
                  let tag = variants.firstIndex(where: { scanner.consumeKey(UnsafeRawBufferPointer(start: $0.key.utf8Start,
                                                                                                   count: $0.key.utf8CodeUnitCount)) })
            else { return false }
            body.writeByte(UInt8(tag))
            if let kind = variants[tag].kind {
                guard appendValue(kind, from: &scanner) else { return false }
            } else {
                guard scanner.consumeLiteral("true") else { return false }
            }
            return scanner.consume(0x7D)
        }
        return true
    }

    /// An array: its count (a varint, written once the elements are read), then its elements.
    private mutating func appendArray(of element: JSONFieldKind, from scanner: inout CanonicalJSONScanner) -> Bool {
        guard scanner.consume(0x5B) else { return false }
        let countAt = body.count
        body.writeByte(0)
        var count: UInt64 = 0
        if !scanner.consume(0x5D) {
            repeat {
                guard appendValue(element, from: &scanner) else { return false }
                count += 1
            } while scanner.consume(0x2C)
            guard scanner.consume(0x5D) else { return false }
        }
        body.replaceByte(at: countAt, withVarint: count)
        return true
    }
}
