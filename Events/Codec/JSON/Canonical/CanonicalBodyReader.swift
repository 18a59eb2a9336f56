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
struct CanonicalBodyReader {
    /// The log body of the last payload read.
    private(set) var body = BinaryWriter()
    /// A copy of an object's fields while they are moved into body order (it only grows).
    private var scratch: [UInt8] = []
    /// For each object being read (innermost last), the body offset where each of its fields
    /// ends, in key order: the first ``fieldCount`` entries (the array only grows, so that
    /// reading a payload allocates nothing once it is long enough).
    private var fieldEnds: [Int] = []
    /// How many entries of ``fieldEnds`` are in use.
    private var fieldCount = 0

    /// An empty reader.
    init() {
        body.bytes.reserveCapacity(1024)
        scratch.reserveCapacity(1024)
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
        body.bytes.removeAll(keepingCapacity: true)
        fieldCount = 0
        return appendObject(shape, from: &scanner)
    }

    private mutating func appendObject(_ shape: JSONShape, from scanner: inout CanonicalJSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        let base = body.bytes.count
        let mark = fieldCount
        var closed = scanner.consume(0x7D)
        for fieldIndex in shape.keyOrder {
            let field = shape.fields[fieldIndex]
            if !closed && scanner.consumeKey(field.keyBytes) {
                guard appendValue(field.kind, from: &scanner) else { return false }
                if !scanner.consume(0x2C) {
                    guard scanner.consume(0x7D) else { return false }
                    closed = true
                }
            } else if field.kind.isOptional {
                // Left out: absent.
                body.writeByte(0)
            } else {
                return false
            }
            if fieldCount < fieldEnds.count { fieldEnds[fieldCount] = body.bytes.count } else { fieldEnds.append(body.bytes.count) }
            fieldCount &+= 1
        }
        // Not closed: a key follows that is unknown, repeated or out of order.
        guard closed else { return false }
        if !shape.isKeyOrdered { moveIntoBodyOrder(shape, from: base, fieldEndsAt: mark) }
        fieldCount = mark
        return true
    }

    /// Reorders the fields of the object written from `base` on (in key order, their ends at
    /// `fieldEnds[mark...]`) into the order of `shape.fields`, in place.
    private mutating func moveIntoBodyOrder(_ shape: JSONShape, from base: Int, fieldEndsAt mark: Int) {
        let count = body.bytes.count &- base
        if scratch.count < count { scratch.append(contentsOf: repeatElement(0, count: count &- scratch.count)) }
        body.bytes.withUnsafeBytes { written in
            scratch.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: written.baseAddress! + base, byteCount: count) }
        }
        let ends = fieldEnds
        scratch.withUnsafeBytes { copy in
            body.bytes.withUnsafeMutableBytes { out in
                var at = base
                for rank in shape.keyRank {
                    let start = rank == 0 ? 0 : ends[mark &+ rank &- 1] &- base
                    let length = ends[mark &+ rank] &- base &- start
                    out.baseAddress!.advanced(by: at).copyMemory(from: copy.baseAddress! + start, byteCount: length)
                    at &+= length
                }
                assert(at == base &+ count)
            }
        }
    }

    private mutating func appendValue(_ kind: JSONFieldKind, from scanner: inout CanonicalJSONScanner) -> Bool {
        switch kind {
        case .uuid, .personalDataReference:
            guard let (low, high) = scanner.uuidBytes() else { return false }
            withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { body.bytes.append(contentsOf: $0) }
        case .string:
            guard let text = scanner.string() else { return false }
            body.writeVarint(UInt64(text.unescapedCount))
            if text.escaped {
                JSONEscape.appendUnescaped(text.raw, to: &body.bytes)
            } else {
                body.bytes.append(contentsOf: text.raw)
            }
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
            body.writeDouble(value)
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
        let countAt = body.bytes.count
        body.writeByte(0)
        var count: UInt64 = 0
        if !scanner.consume(0x5D) {
            repeat {
                guard appendValue(element, from: &scanner) else { return false }
                count += 1
            } while scanner.consume(0x2C)
            guard scanner.consume(0x5D) else { return false }
        }
        if count < 0x80 {
            body.bytes[countAt] = UInt8(count)
        } else {
            var varint = BinaryWriter()
            varint.writeVarint(count)
            body.bytes.replaceSubrange(countAt...countAt, with: varint.bytes)
        }
        return true
    }
}
