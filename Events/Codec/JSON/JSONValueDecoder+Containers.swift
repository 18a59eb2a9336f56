// The three containers of ``JSONValueDecoder``: each reads nodes of the decoder's document and
// remembers its depth in the decoder's path (so a coding path is built only for an error).

extension JSONValueDecoder {
    /// The members of an object, found by key.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: JSONValueDecoder
        let object: JSONDocument.Index
        let depth: Int

        var codingPath: [any CodingKey] { decoder.path(depth: depth, key: nil) }

        var allKeys: [Key] {
            decoder.document.members(object).compactMap { decoder.document.string($0.key).flatMap(Key.init(stringValue:)) }
        }

        /// The value of `key`, or nil when the object has no such member.
        @inline(__always) private func find(_ key: Key) -> JSONDocument.Index? {
            var name = key.stringValue
            return name.withUTF8 { decoder.document.member(object, UnsafeRawBufferPointer($0)) }
        }

        /// The value of `key`.
        /// - Throws: `DecodingError.keyNotFound` when the object has no such member.
        @inline(__always) private func require(_ key: Key) throws -> JSONDocument.Index {
            guard let index = find(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
            }
            return index
        }

        func contains(_ key: Key) -> Bool { find(key) != nil }

        func decodeNil(forKey key: Key) throws -> Bool { decoder.document.kind(try require(key)) == .null }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try decoder.bool(at: try require(key), depth: depth, key: key)
        }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try decoder.string(at: try require(key), depth: depth, key: key)
        }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try decoder.double(at: try require(key), depth: depth, key: key)
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            Float(try decoder.double(at: try require(key), depth: depth, key: key))
        }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

        @inline(__always) private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
            try decoder.integer(T.self, at: try require(key), depth: depth, key: key)
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.value(T.self, at: try require(key), depth: depth, key: key)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let index = find(key), decoder.document.kind(index) != .null else { return nil }
            return try decoder.value(T.self, at: index, depth: depth, key: key)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder.value(NestedKeyed<NestedKey>.self, at: try require(key), depth: depth, key: key).container
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder.value(NestedUnkeyed.self, at: try require(key), depth: depth, key: key).container
        }

        func superDecoder() throws -> any Decoder {
            preconditionFailure("JSONValueDecoder does not support super-decoders; decode a nested value type instead")
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            preconditionFailure("JSONValueDecoder does not support super-decoders; decode a nested value type instead")
        }
    }

    /// The elements of an array, read in order.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: JSONValueDecoder
        let array: JSONDocument.Index
        let depth: Int
        private(set) var currentIndex = 0
        /// The node of element ``currentIndex``.
        private var element: JSONDocument.Index

        init(decoder: JSONValueDecoder, array: JSONDocument.Index, depth: Int) {
            self.decoder = decoder
            self.array = array
            self.depth = depth
            element = array + 1
        }

        var codingPath: [any CodingKey] { decoder.path(depth: depth, key: nil) }
        var count: Int? { decoder.document.count(array) }
        var isAtEnd: Bool { currentIndex >= decoder.document.count(array) }

        /// The node of the next element, then moves past it.
        /// - Throws: `DecodingError.valueNotFound` at the end of the array.
        private mutating func next(_ type: Any.Type) throws -> (index: JSONDocument.Index, key: JSONKey) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, .init(codingPath: decoder.path(depth: depth, key: JSONKey(intValue: currentIndex)),
                                                              debugDescription: "Unkeyed container is at end."))
            }
            let result = (element, JSONKey(intValue: currentIndex))
            element = decoder.document.after(element)
            currentIndex += 1
            return result
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, decoder.document.kind(element) == .null else { return false }
            _ = try next(Never.self)
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool {
            let (index, key) = try next(type)
            return try decoder.bool(at: index, depth: depth, key: key)
        }
        mutating func decode(_ type: String.Type) throws -> String {
            let (index, key) = try next(type)
            return try decoder.string(at: index, depth: depth, key: key)
        }
        mutating func decode(_ type: Double.Type) throws -> Double {
            let (index, key) = try next(type)
            return try decoder.double(at: index, depth: depth, key: key)
        }
        mutating func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

        private mutating func integer<T: FixedWidthInteger>() throws -> T {
            let (index, key) = try next(T.self)
            return try decoder.integer(T.self, at: index, depth: depth, key: key)
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (index, key) = try next(type)
            return try decoder.value(T.self, at: index, depth: depth, key: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try decode(NestedKeyed<NestedKey>.self).container
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try decode(NestedUnkeyed.self).container
        }

        mutating func superDecoder() throws -> any Decoder {
            preconditionFailure("JSONValueDecoder does not support super-decoders; decode a nested value type instead")
        }
    }

    /// The value itself.
    struct SingleValueContainer: SingleValueDecodingContainer {
        let decoder: JSONValueDecoder
        let index: JSONDocument.Index
        let depth: Int

        var codingPath: [any CodingKey] { decoder.path(depth: depth, key: nil) }

        func decodeNil() -> Bool { decoder.document.kind(index) == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(at: index, depth: depth, key: nil) }
        func decode(_ type: String.Type) throws -> String { try decoder.string(at: index, depth: depth, key: nil) }
        func decode(_ type: Double.Type) throws -> Double { try decoder.double(at: index, depth: depth, key: nil) }
        func decode(_ type: Float.Type) throws -> Float { Float(try decoder.double(at: index, depth: depth, key: nil)) }
        func decode(_ type: Int.Type) throws -> Int { try integer() }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
        func decode(_ type: UInt.Type) throws -> UInt { try integer() }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

        private func integer<T: FixedWidthInteger>() throws -> T {
            try decoder.integer(T.self, at: index, depth: depth, key: nil)
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            // The same value, so the same path: no key is added.
            try decoder.value(T.self, at: index, depth: depth, key: nil)
        }
    }

    /// A nested keyed container, made by decoding a stand-in value at the member.
    private struct NestedKeyed<NestedKey: CodingKey>: Decodable {
        let container: KeyedDecodingContainer<NestedKey>
        init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: NestedKey.self) }
    }

    /// A nested unkeyed container, made the same way.
    private struct NestedUnkeyed: Decodable {
        let container: any UnkeyedDecodingContainer
        init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
    }
}
