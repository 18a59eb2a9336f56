import Foundation

/// Reads `Decodable` values (the catalog's event structs and their fields) from a parsed
/// ``JSONDocument``: their `Codable` conformances drive it, with the validation they carry (a
/// rating of 7 is refused by `Rating`'s own decoder), so a new event type needs no JSON code of
/// its own. It reads what Foundation's `JSONDecoder` read for these types: keys in any order,
/// unknown keys ignored, the first of repeated keys, whole numbers in any spelling for integers.
///
/// Errors are the `DecodingError`s `JSONDecoder` throws, with the coding path of the value
/// (`payload.rating`), so callers describe them the same way.
///
/// Reuse one decoder for many values; it is not meant to be shared across threads.
package final class JSONValueDecoder: Decoder {
    /// The document being read; set by ``decode(_:from:at:under:)``.
    private(set) var document: JSONDocument
    /// The value the next container request is for.
    private var current: JSONDocument.Index = 0
    /// The keys from the root to ``current``; containers remember how much of it is theirs.
    private(set) var path: [any CodingKey] = []

    /// A decoder with no document yet.
    package init() {
        document = JSONDocument(bytes: UnsafeRawBufferPointer(start: nil, count: 0), nodes: [])
        path.reserveCapacity(8)
    }

    /// The keys from the root to the value being decoded.
    package var codingPath: [any CodingKey] { path }
    /// Always empty.
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Value `index` of `document` as a `T`, reported in errors under `key` (the root when nil).
    /// - Throws: `DecodingError` when the JSON does not have the shape `T` reads, or what `T`'s
    ///   initializer throws (its validation).
    package func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument, at index: JSONDocument.Index,
                                      under key: (any CodingKey)? = nil) throws -> T {
        self.document = document
        path.removeAll(keepingCapacity: true)
        defer { self.document = JSONDocument(bytes: UnsafeRawBufferPointer(start: nil, count: 0), nodes: []) }
        return try value(T.self, at: index, depth: 0, key: key)
    }

    // MARK: What the containers call

    /// The path of a value at `depth` under `key`, for an error.
    func path(depth: Int, key: (any CodingKey)?) -> [any CodingKey] {
        var result = Array(path.prefix(depth))
        if let key { result.append(key) }
        return result
    }

    /// Value `index` as a `T`: UUIDs and strings read directly, anything else through its
    /// `init(from:)` with the path extended by `key`.
    @inline(__always) func value<T: Decodable>(_ type: T.Type, at index: JSONDocument.Index, depth: Int,
                                               key: (any CodingKey)?) throws -> T {
        if T.self == UUID.self {
            guard let uuid = document.uuid(index) else {
                throw mismatch(UUID.self, at: index, depth: depth, key: key,
                               corrupted: "Attempted to decode UUID from invalid UUID string.")
            }
            return unsafeBitCast(uuid, to: T.self)
        }
        if T.self == String.self { return unsafeBitCast(try string(at: index, depth: depth, key: key), to: T.self) }
        if path.count > depth { path.removeSubrange(depth...) }
        if let key { path.append(key) }
        defer { if key != nil { path.removeLast() } }
        let saved = current
        current = index
        defer { current = saved }
        return try T(from: self)
    }

    /// String value `index`.
    func string(at index: JSONDocument.Index, depth: Int, key: (any CodingKey)?) throws -> String {
        guard let text = document.string(index) else { throw mismatch(String.self, at: index, depth: depth, key: key) }
        return text
    }

    /// Boolean value `index`.
    func bool(at index: JSONDocument.Index, depth: Int, key: (any CodingKey)?) throws -> Bool {
        guard let value = document.bool(index) else { throw mismatch(Bool.self, at: index, depth: depth, key: key) }
        return value
    }

    /// Number value `index` as a `Double`.
    func double(at index: JSONDocument.Index, depth: Int, key: (any CodingKey)?) throws -> Double {
        guard let value = document.double(index) else {
            throw mismatch(Double.self, at: index, depth: depth, key: key,
                           corrupted: "Parsed JSON number <\(String(decoding: document.text(index), as: UTF8.self))> does not fit in Double.")
        }
        return value
    }

    /// Number value `index` as an integer of type `T`.
    func integer<T: FixedWidthInteger>(_ type: T.Type, at index: JSONDocument.Index, depth: Int,
                                       key: (any CodingKey)?) throws -> T {
        guard let value = document.integer(index, as: T.self) else {
            throw mismatch(T.self, at: index, depth: depth, key: key,
                           corrupted: "Parsed JSON number <\(String(decoding: document.text(index), as: UTF8.self))> does not fit in \(T.self).")
        }
        return value
    }

    /// The error for value `index` not being a `type`: `valueNotFound` for null, `typeMismatch`
    /// for another kind of value, `dataCorrupted` with `corrupted` when it is the right kind but
    /// cannot be read as one (a number out of range, a string that is no UUID).
    func mismatch(_ type: Any.Type, at index: JSONDocument.Index, depth: Int, key: (any CodingKey)?,
                  corrupted: String? = nil) -> DecodingError {
        let path = path(depth: depth, key: key)
        let kind = document.kind(index)
        if kind == .null {
            return .valueNotFound(type, .init(codingPath: path, debugDescription: "Expected \(type) value but found null instead."))
        }
        let found: String
        switch kind {
        case .null: found = "null"
        case .false, .true: found = "bool"
        case .integer, .number: found = "number"
        case .string, .escapedString: found = "a string"
        case .array: found = "an array"
        case .object: found = "a dictionary"
        }
        let isString = kind == .string || kind == .escapedString
        let isNumber = kind == .integer || kind == .number
        let expectsNumber = type == Double.self || type is any FixedWidthInteger.Type
        if let corrupted, (isString && type == UUID.self) || (isNumber && expectsNumber) {
            return .dataCorrupted(.init(codingPath: path, debugDescription: corrupted))
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    // MARK: Decoder

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard document.kind(current) == .object else {
            throw mismatch([String: Any].self, at: current, depth: path.count, key: nil)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, object: current, depth: path.count))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard document.kind(current) == .array else {
            throw mismatch([Any].self, at: current, depth: path.count, key: nil)
        }
        return UnkeyedContainer(decoder: self, array: current, depth: path.count)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self, index: current, depth: path.count)
    }
}

/// A coding key made at run time: an array index, or a key of a hand-written envelope.
package struct JSONKey: CodingKey {
    package let stringValue: String
    package let intValue: Int?

    /// The key spelled `stringValue`.
    package init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// The key of array element `intValue`.
    package init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
