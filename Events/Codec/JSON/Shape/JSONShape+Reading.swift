import Foundation

// Reading a payload: the JSON object transcoded by the shape to a log body, which the log's body
// decoder then reads and validates. Reads what Foundation's `JSONDecoder` read for the catalog's
// `Codable` structs: keys in any order, the first of a repeated key, unknown keys ignored, an
// optional absent or null, whole numbers in any spelling for integers.

extension JSONShape {
    /// Appends the log body of object `index` of `document` to `body`, and the body offset where
    /// each field starts to `fieldStarts` (field order), so an error of the body decoder can be
    /// traced to its key (``field(atBodyOffset:fieldStarts:)``).
    /// - Throws: ``JSONShapeMismatch`` naming the path of the value that does not have this shape.
    package func appendBody(of document: JSONDocument, at index: JSONDocument.Index, to body: inout BinaryWriter,
                            fieldStarts: inout [Int]) throws(JSONShapeMismatch) {
        var transcoder = JSONToBody(document: document)
        swap(&transcoder.body, &body)
        defer { swap(&body, &transcoder.body) }
        try transcoder.appendObject(self, at: index, fieldStarts: &fieldStarts)
    }

    /// The key of the field whose body starts at or before `offset`, the last such (given the
    /// `fieldStarts` that ``appendBody(of:at:to:fieldStarts:)`` recorded), or nil before the first.
    package func field(atBodyOffset offset: Int, fieldStarts: [Int]) -> StaticString? {
        fieldStarts.lastIndex { $0 <= offset }.map { fields[$0].key }
    }
}

/// A JSON value that does not have the shape its place asks for: where it is, and what was
/// expected and found.
package struct JSONShapeMismatch: Error {
    /// The keys and array indices from the shape's object to the value (`cards`, `[2]`, `stability`).
    package var path: [String]
    /// `invalidJSON` for the wrong kind of value or a missing key, `invalidValue` for a value of
    /// the right kind that no encoding holds (a review mode `"later"`).
    package let code: EventDecodingError.Code
    /// What was wrong, in words (`expected a UUID string, found a number`).
    package let message: String
    /// The key that is missing from the object at ``path``, when that is what is wrong.
    package var missingKey: String?

    /// The mismatch as an ``EventDecodingError`` under `prefix` (`payload`): `at payload.rating:
    /// expected …`, or `key "card" is missing at payload`.
    package func decodingError(under prefix: String) -> EventDecodingError {
        let location = path.reduce(prefix) { $1.hasPrefix("[") ? $0 + $1 : $0 + "." + $1 }
        if let missingKey { return EventDecodingError(code, "key \"\(missingKey)\" is missing at \(location)") }
        return EventDecodingError(code, "at \(location): \(message)")
    }
}

extension JSONFieldKind {
    /// Whether the value may be left out (an optional).
    var isOptional: Bool {
        if case .optional = self { true } else { false }
    }
}

/// Transcodes a JSON value to a log body.
private struct JSONToBody {
    let document: JSONDocument
    var body = BinaryWriter()

    init(document: JSONDocument) { self.document = document }

    mutating func appendObject(_ shape: JSONShape, at index: JSONDocument.Index, fieldStarts: inout [Int]) throws(JSONShapeMismatch) {
        guard document.kind(index) == .object else { throw mismatch(index, "an object") }
        for field in shape.fields {
            fieldStarts.append(body.bytes.count)
            let value = document.member(index, field.keyBytes)
            if value == nil, !field.kind.isOptional {
                throw JSONShapeMismatch(path: [], code: .invalidJSON, message: "a key is missing", missingKey: "\(field.key)")
            }
            do throws(JSONShapeMismatch) {
                if case .optional(let wrapped) = field.kind {
                    guard let value, document.kind(value) != .null else {
                        body.writeByte(0)
                        continue
                    }
                    body.writeByte(1)
                    try appendValue(wrapped, at: value)
                } else if let value {
                    try appendValue(field.kind, at: value)
                }
            } catch {
                var error = error
                error.path.insert("\(field.key)", at: 0)
                throw error
            }
        }
    }

    private mutating func appendValue(_ kind: JSONFieldKind, at index: JSONDocument.Index) throws(JSONShapeMismatch) {
        switch kind {
        case .uuid, .personalDataReference:
            guard let uuid = document.uuid(index) else { throw mismatch(index, "a UUID string") }
            body.writeUUID(uuid)
        case .string:
            switch document.kind(index) {
            case .string: appendString(document.rawBytes(index))
            case .escapedString: document.unescaped(index).withUnsafeBytes { appendString($0) }
            default: throw mismatch(index, "a string")
            }
        case .bool:
            guard let value = document.bool(index) else { throw mismatch(index, "true or false") }
            body.writeByte(value ? 1 : 0)
        case .byte:
            guard let value = document.integer(index, as: UInt8.self) else { throw mismatch(index, "a whole number from 0 to 255") }
            body.writeByte(value)
        case .varint:
            guard let value = document.uint64(index) else { throw mismatch(index, "a whole number from 0 to 2^64-1") }
            body.writeVarint(value)
        case .signedVarint:
            guard let value = document.int64(index) else { throw mismatch(index, "a whole number that fits in 64 bits") }
            body.writeSignedVarint(value)
        case .fixedInt64:
            guard let value = document.int64(index) else { throw mismatch(index, "a whole number that fits in 64 bits") }
            body.writeFixed64(UInt64(bitPattern: value))
        case .double:
            guard let value = document.double(index) else { throw mismatch(index, "a finite number") }
            body.writeDouble(value)
        case .enumeration(let names):
            guard document.kind(index) == .string || document.kind(index) == .escapedString else { throw mismatch(index, "a string") }
            let found = names.firstIndex { name in
                document.keyEquals(index, UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            }
            guard let found else {
                let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
                throw JSONShapeMismatch(path: [], code: .invalidValue,
                                        message: "\"\(document.string(index) ?? "")\" is not one of \(list)")
            }
            body.writeByte(UInt8(found))
        case .optional(let wrapped):
            if document.kind(index) == .null {
                body.writeByte(0)
            } else {
                body.writeByte(1)
                try appendValue(wrapped, at: index)
            }
        case .array(let element):
            guard document.kind(index) == .array else { throw mismatch(index, "an array") }
            body.writeVarint(UInt64(document.count(index)))
            var item = index + 1
            for position in 0..<document.count(index) {
                do throws(JSONShapeMismatch) { try appendValue(element, at: item) } catch {
                    var error = error
                    error.path.insert("[\(position)]", at: 0)
                    throw error
                }
                item = document.after(item)
            }
        case .object(let shape):
            var ignored: [Int] = []
            try appendObject(shape, at: index, fieldStarts: &ignored)
        case .oneOf(let variants):
            try appendVariant(of: variants, at: index)
        }
    }

    /// A one-member object naming one of `variants`: its tag, then its value.
    private mutating func appendVariant(of variants: [JSONVariant], at index: JSONDocument.Index) throws(JSONShapeMismatch) {
        // The list of keys is spelled only for an error.
        func keys() -> String { variants.map { "\($0.key)" }.joined(separator: ", ") }
        guard document.kind(index) == .object else { throw mismatch(index, "an object with exactly one of the keys \(keys())") }
        let tag = document.count(index) == 1 ? variants.firstIndex { variant in
            document.keyEquals(index + 1, UnsafeRawBufferPointer(start: variant.key.utf8Start, count: variant.key.utf8CodeUnitCount))
        } : nil
        guard let tag else {
            throw JSONShapeMismatch(path: [], code: .invalidJSON, message: "expected an object with exactly one of the keys \(keys())")
        }
        body.writeByte(UInt8(tag))
        let value = index + 2
        do throws(JSONShapeMismatch) {
            if let kind = variants[tag].kind {
                try appendValue(kind, at: value)
            } else if document.bool(value) != true {
                throw JSONShapeMismatch(path: [], code: .invalidValue, message: "must be true")
            }
        } catch {
            var error = error
            error.path.insert("\(variants[tag].key)", at: 0)
            throw error
        }
    }

    @inline(__always) private mutating func appendString(_ utf8: UnsafeRawBufferPointer) {
        body.writeVarint(UInt64(utf8.count))
        body.bytes.append(contentsOf: utf8)
    }

    /// The value at `index` is not `expected`.
    private func mismatch(_ index: JSONDocument.Index, _ expected: String) -> JSONShapeMismatch {
        JSONShapeMismatch(path: [], code: .invalidJSON, message: "expected \(expected), found \(RecordedEvent.describe(document, index))")
    }
}
