import Foundation

/// A value with a positional binary form in the log encoding. Conformers write their fields in a
/// fixed order and read them back in the same order; reading validates, so a decoded value
/// obeys the same rules as one built in code.
package protocol BinaryCodable {
    /// Reads one value at the reader's offset.
    /// - Throws: ``EventDecodingError`` when the bytes are truncated, malformed or break a rule.
    init(from reader: inout BinaryReader) throws(EventDecodingError)
    /// Appends the value's bytes.
    func encode(to writer: inout BinaryWriter)
}

extension BinaryReader {
    /// Reads a value whose validating initializer may refuse it, turning the refusal into a
    /// decoding error at the value's offset.
    @inline(__always) package mutating func readValidated<Raw, Value>(
        _ raw: (inout BinaryReader) throws(EventDecodingError) -> Raw,
        _ make: (Raw) throws(EventValidationError) -> Value
    ) throws(EventDecodingError) -> Value {
        let start = offset
        let value = try raw(&self)
        do {
            return try make(value)
        } catch {
            throw EventDecodingError(.invalidValue, error.description, offset: start)
        }
    }
}

extension String: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) { self = try reader.readString() }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeString(self) }
}

extension Bool: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        switch try reader.readByte() {
        case 0: self = false
        case 1: self = true
        case let other:
            throw EventDecodingError(.invalidValue, "a boolean byte must be 0 or 1, not \(other)",
                                     offset: reader.offset - 1)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeByte(self ? 1 : 0) }
}

extension UInt32: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readVarint(as: UInt32.self, "a 32-bit count")
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeVarint(UInt64(self)) }
}

extension UInt64: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) { self = try reader.readVarint() }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeVarint(self) }
}

extension Int64: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) { self = try reader.readSignedVarint() }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeSignedVarint(self) }
}

extension Double: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) { self = try reader.readDouble() }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeDouble(self) }
}

extension UUID: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) { self = try reader.readUUID() }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeUUID(self) }
}

extension Optional: BinaryCodable where Wrapped: BinaryCodable {
    /// A presence byte (0 absent, 1 present) followed by the value when present.
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try Bool(from: &reader) ? try Wrapped(from: &reader) : nil
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) {
        writeIfPresent(to: &writer) { value, writer in value.encode(to: &writer) }
    }
}

extension Array: BinaryCodable where Element: BinaryCodable {
    /// A varint element count followed by the elements.
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try Element(from: &reader)) }
        self = elements
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) {
        writeCounted(to: &writer) { element, writer in element.encode(to: &writer) }
    }
}

// An optional's and an array's binary form, in one home: the conformances above call these; so
// does code in another module that writes many of them (a snapshot's tables), with closures of
// its concrete types. These are inlinable, so they are specialized there, where the
// conformances run generically (a witness-table call per element: half the encoding of a
// command ledger of 50k cards' histories).
extension Optional {
    /// Writes a presence byte (0 absent, 1 present), then the value with `writeValue` when present.
    @inlinable @inline(__always) package func writeIfPresent(to writer: inout BinaryWriter,
                                                            _ writeValue: (Wrapped, inout BinaryWriter) -> Void) {
        if let value = self {
            writer.writeByte(1)
            writeValue(value, &writer)
        } else {
            writer.writeByte(0)
        }
    }
}

extension Array {
    /// Writes the varint element count, then each element with `writeElement`, in order.
    @inlinable @inline(__always) package func writeCounted(to writer: inout BinaryWriter,
                                                          _ writeElement: (Element, inout BinaryWriter) -> Void) {
        writer.writeVarint(UInt64(count))
        for element in self { writeElement(element, &writer) }
    }
}
