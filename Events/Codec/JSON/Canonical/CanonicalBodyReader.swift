import Foundation

/// Transcodes a payload object written as an export writes it to its log body in one pass, with
/// no document, following the payload's reading plan (``CanonicalReadingPlan``, its shape laid out
/// for reading): the members in the byte order of their keys (optionals may be left out), each key
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
    /// ends, in key order: the first ``fieldCount`` of ``fieldCapacity`` entries (the memory only
    /// grows, so that reading a payload allocates nothing once it is large enough).
    private var fieldEnds: UnsafeMutablePointer<Int>
    /// How many entries ``fieldEnds`` has room for.
    private var fieldCapacity = 32
    /// How many entries of ``fieldEnds`` are in use.
    private var fieldCount = 0

    /// An empty reader.
    init() {
        fieldEnds = .allocate(capacity: fieldCapacity)
    }

    deinit { fieldEnds.deallocate() }

    /// Records that a field ends where the body ends now.
    @inline(__always) private mutating func endField() {
        if fieldCount == fieldCapacity { growFieldEnds() }
        fieldEnds[fieldCount] = body.count
        fieldCount &+= 1
    }

    @inline(never) private mutating func growFieldEnds() {
        let larger = UnsafeMutablePointer<Int>.allocate(capacity: fieldCapacity &* 2)
        larger.update(from: fieldEnds, count: fieldCount)
        fieldEnds.deallocate()
        fieldEnds = larger
        fieldCapacity &*= 2
    }

    /// Replaces ``body`` with the log body of the payload object of `plan` that is the whole of
    /// `text`; false when `text` is not in the form this reader takes (then ``body`` holds no meaning).
    mutating func read(_ text: UnsafeRawBufferPointer, plan: CanonicalReadingPlan) -> Bool {
        var scanner = CanonicalJSONScanner(text)
        return read(from: &scanner, plan: plan) && scanner.isAtEndAfterWhitespace()
    }

    /// Replaces ``body`` with the log body of the payload object of `plan` at `scanner`'s cursor,
    /// and moves the cursor past it; false when the object is not in the form this reader takes
    /// (then ``body`` holds no meaning and the cursor may be anywhere).
    mutating func read(from scanner: inout CanonicalJSONScanner, plan: CanonicalReadingPlan) -> Bool {
        body.removeAll()
        fieldCount = 0
        return appendObject(plan.root, of: plan, from: &scanner)
    }

    private mutating func appendObject(_ object: Int, of plan: CanonicalReadingPlan, from scanner: inout CanonicalJSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        let base = body.count
        let mark = fieldCount
        var closed = scanner.consume(0x7D)
        let members = plan.objects[object].members
        // The members read in place (no copy of each, and so no retain of its key's bytes).
        let read = plan.members.withUnsafeBufferPointer { laidOut in
            for index in members {
                let member = laidOut.baseAddress! + index
                if !closed && scanner.consumeMember(member.pointee.key) {
                    guard appendValue(member.pointee.node, of: plan, from: &scanner) else { return false }
                    if !scanner.consume(0x2C) {
                        guard scanner.consume(0x7D) else { return false }
                        closed = true
                    }
                } else if member.pointee.isOptional {
                    // Left out: absent.
                    body.writeByte(0)
                } else {
                    return false
                }
                endField()
            }
            return true
        }
        guard read else { return false }
        // Not closed: a key follows that is unknown, repeated or out of order.
        guard closed else { return false }
        if !plan.objects[object].isKeyOrdered {
            body.reorder(from: base, ends: UnsafeBufferPointer(start: fieldEnds + mark, count: fieldCount &- mark),
                         order: plan.objects[object].keyRank, scratch: &scratch)
        }
        fieldCount = mark
        return true
    }

    private mutating func appendValue(_ node: Int, of plan: CanonicalReadingPlan, from scanner: inout CanonicalJSONScanner) -> Bool {
        switch plan.nodes[node] {
        case .uuid:
            guard let (low, high) = scanner.uuidBytes() else { return false }
            body.writeUUID(low: low, high: high)
        case .string:
            // Bytes outside ASCII are left for the body decoder to check, which checks the UTF-8
            // of every text field (a string with escapes is checked here, where they are resolved).
            guard let text = scanner.string(checkingPlainUTF8: false) else { return false }
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
            guard let found = scanner.consumeOne(of: plan.names, in: names) else { return false }
            body.writeByte(UInt8(found &- names.lowerBound))
        case .optional(let wrapped):
            if scanner.consumeLiteral("null") {
                body.writeByte(0)
            } else {
                body.writeByte(1)
                return appendValue(wrapped, of: plan, from: &scanner)
            }
        case .array(let element):
            return appendArray(of: element, plan, from: &scanner)
        case .object(let object):
            return appendObject(object, of: plan, from: &scanner)
        case .oneOf(let variants):
            guard scanner.consume(0x7B),
                  let tag = variants.first(where: { scanner.consumeMember(plan.variants[$0].key) })
            else { return false }
            body.writeByte(UInt8(tag &- variants.lowerBound))
            if let value = plan.variants[tag].node {
                guard appendValue(value, of: plan, from: &scanner) else { return false }
            } else {
                guard scanner.consumeLiteral("true") else { return false }
            }
            return scanner.consume(0x7D)
        }
        return true
    }

    /// An array: its count (a varint, written once the elements are read), then its elements.
    private mutating func appendArray(of element: Int, _ plan: CanonicalReadingPlan, from scanner: inout CanonicalJSONScanner) -> Bool {
        guard scanner.consume(0x5B) else { return false }
        let countAt = body.count
        body.writeByte(0)
        var count: UInt64 = 0
        if !scanner.consume(0x5D) {
            repeat {
                guard appendValue(element, of: plan, from: &scanner) else { return false }
                count += 1
            } while scanner.consume(0x2C)
            guard scanner.consume(0x5D) else { return false }
        }
        body.replaceByte(at: countAt, withVarint: count)
        return true
    }
}
