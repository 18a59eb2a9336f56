import Foundation

// Writing a payload: its log body transcoded to JSON by the shape, the members of each object in
// the byte order of their keys.

extension JSONShape {
    /// Appends the JSON object whose log body is `body` (as the type's `BinaryCodable` encoding
    /// wrote it, or as a log record holds it) to `out`. Text fields are checked to be UTF-8, so
    /// the output is always valid JSON.
    /// - Parameters:
    ///   - referenceText: when given, the text to write for a personal-data reference instead of
    ///     its UUID (the CSV export); nil from it writes the UUID.
    ///   - references: when given, writes the reference it gives for each personal-data reference, met
    ///     at the path it tracks (the JSON Lines export; `referenceText` is then not asked).
    /// - Throws: ``EventDecodingError`` when `body` does not hold this shape (a damaged record, or
    ///   a bug: the shape and the binary codec disagree) or a text that is not UTF-8,
    ///   `EncodingError` for a double that is not finite.
    @inline(__always)
    package func writeJSON<Out: JSONOutput & ~Copyable>(body: UnsafeRawBufferPointer, to out: inout Out,
                                                       referenceText: ((PersonalDataReference) -> String?)?,
                                                       references: JSONReferenceRendering? = nil) throws {
        var reader = BinaryReader(body)
        try BodyToJSON(referenceText: referenceText, references: references).writeObject(self, from: &reader, to: &out)
        try reader.expectEnd()
    }
}

/// Transcodes a log body to JSON text.
private struct BodyToJSON {
    let referenceText: ((PersonalDataReference) -> String?)?
    let references: JSONReferenceRendering?

    func writeObject<Out: JSONOutput & ~Copyable>(_ shape: JSONShape, from reader: inout BinaryReader, to out: inout Out) throws {
        out.write(byte: 0x7B)
        var first = true
        if shape.isKeyOrdered {
            for field in shape.fields { try writeMember(field, from: &reader, first: &first, to: &out) }
        } else {
            // Members go in key order, the body holds them in field order: find where each
            // field's bytes start, then write them in key order.
            let count = shape.fields.count
            let end = try withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { (starts) throws -> Int in
                for index in 0..<count {
                    starts[index] = reader.offset
                    try Self.skip(shape.fields[index].kind, in: &reader)
                }
                let end = reader.offset
                for index in shape.keyOrder {
                    reader.offset = starts[index]
                    try writeMember(shape.fields[index], from: &reader, first: &first, to: &out)
                }
                return end
            }
            reader.offset = end
        }
        out.write(byte: 0x7D)
    }

    /// Writes `field` as a member (`"key":value`, after a comma unless `first`); an absent
    /// optional writes nothing.
    @inline(__always) private func writeMember<Out: JSONOutput & ~Copyable>(_ field: JSONShape.Field, from reader: inout BinaryReader,
                                                                          first: inout Bool, to out: inout Out) throws {
        var kind = field.kind
        if case .optional(let wrapped) = kind {
            guard try reader.readByte() != 0 else { return }
            kind = wrapped
        }
        if !first { out.write(byte: 0x2C) }
        first = false
        // Keys are property names, which need no escaping (`RecordJSONTests` checks every shape's).
        out.write(byte: 0x22)
        out.write(raw: field.keyBytes)
        out.write(byte: 0x22)
        out.write(byte: 0x3A)
        references?.enter(.key(field.key))
        try writeValue(kind, from: &reader, to: &out)
        references?.leave()
    }

    private func writeValue<Out: JSONOutput & ~Copyable>(_ kind: JSONFieldKind, from reader: inout BinaryReader, to out: inout Out) throws {
        switch kind {
        case .uuid: out.write(try reader.readUUID())
        case .personalDataReference:
            let key = try reader.readUUID()
            if let references {
                out.write(references.replacement(for: PersonalDataReference(key: key)).key)
            } else if let text = referenceText?(PersonalDataReference(key: key)) {
                out.write(text)
            } else {
                out.write(key)
            }
        case .string: try JSONScalar.string.transcode(from: &reader, to: &out)
        case .bool: try JSONScalar.bool.transcode(from: &reader, to: &out)
        case .byte: try JSONScalar.byte.transcode(from: &reader, to: &out)
        case .varint: try JSONScalar.varint.transcode(from: &reader, to: &out)
        case .signedVarint: try JSONScalar.signedVarint.transcode(from: &reader, to: &out)
        case .fixedInt64: try JSONScalar.fixedInt64.transcode(from: &reader, to: &out)
        case .double: try JSONScalar.double.transcode(from: &reader, to: &out)
        case .enumeration(let names):
            let index = Int(try reader.readByte())
            guard index < names.count else { throw reader.error(.invalidValue, "enumeration byte \(index) is not 0 to \(names.count - 1)") }
            out.write(string: UnsafeRawBufferPointer(start: names[index].utf8Start, count: names[index].utf8CodeUnitCount))
        case .optional(let wrapped):
            if try reader.readByte() != 0 { try writeValue(wrapped, from: &reader, to: &out) } else { out.write(raw: "null") }
        case .array(let element):
            let count = try reader.readCount()
            out.write(byte: 0x5B)
            for index in 0..<count {
                if index > 0 { out.write(byte: 0x2C) }
                references?.enter(.index(index))
                try writeValue(element, from: &reader, to: &out)
                references?.leave()
            }
            out.write(byte: 0x5D)
        case .object(let shape): try writeObject(shape, from: &reader, to: &out)
        case .oneOf(let variants):
            let tag = Int(try reader.readByte())
            guard tag < variants.count else { throw reader.error(.invalidValue, "variant tag \(tag) is not 0 to \(variants.count - 1)") }
            let variant = variants[tag]
            out.write(byte: 0x7B)
            out.write(string: UnsafeRawBufferPointer(start: variant.key.utf8Start, count: variant.key.utf8CodeUnitCount))
            out.write(byte: 0x3A)
            if let kind = variant.kind {
                references?.enter(.key(variant.key))
                try writeValue(kind, from: &reader, to: &out)
                references?.leave()
            } else {
                out.write(true)
            }
            out.write(byte: 0x7D)
        }
    }

    /// Moves `reader` past one value of `kind`.
    static func skip(_ kind: JSONFieldKind, in reader: inout BinaryReader) throws(EventDecodingError) {
        switch kind {
        case .uuid, .personalDataReference: _ = try reader.readUUID()
        case .string: _ = try reader.readLengthPrefixed()
        case .bool, .byte, .enumeration: _ = try reader.readByte()
        case .varint: _ = try reader.readVarint()
        case .signedVarint: _ = try reader.readSignedVarint()
        case .fixedInt64: _ = try reader.readFixed64()
        case .double: _ = try reader.readDouble()
        case .optional(let wrapped): if try reader.readByte() != 0 { try skip(wrapped, in: &reader) }
        case .array(let element): for _ in 0..<(try reader.readCount()) { try skip(element, in: &reader) }
        case .object(let shape): for field in shape.fields { try skip(field.kind, in: &reader) }
        case .oneOf(let variants):
            let tag = Int(try reader.readByte())
            guard tag < variants.count else { throw reader.error(.invalidValue, "variant tag \(tag) is not 0 to \(variants.count - 1)") }
            if let kind = variants[tag].kind { try skip(kind, in: &reader) }
        }
    }
}
