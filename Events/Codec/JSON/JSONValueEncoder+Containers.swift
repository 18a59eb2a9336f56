// The three containers of ``JSONValueEncoder``: each writes straight into the encoder's
// ``JSONWriter``; the encoder keeps the state (which object is open, where its members are).

extension JSONValueEncoder {
    /// The members of an object, written as the value encodes them and sorted when it ends.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONValueEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { member(key) { $0.write(raw: "null") } }
        mutating func encode(_ value: Bool, forKey key: Key) throws { member(key) { $0.write(value) } }
        mutating func encode(_ value: String, forKey key: Key) throws { member(key) { $0.write(value) } }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            encoder.beginMember(key)
            try encoder.writer.write(value)
            encoder.endMember()
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            encoder.beginMember(key)
            try encoder.writer.write(value)
            encoder.endMember()
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { member(key) { $0.write(Int64(value)) } }
        mutating func encode(_ value: Int8, forKey key: Key) throws { member(key) { $0.write(Int64(value)) } }
        mutating func encode(_ value: Int16, forKey key: Key) throws { member(key) { $0.write(Int64(value)) } }
        mutating func encode(_ value: Int32, forKey key: Key) throws { member(key) { $0.write(Int64(value)) } }
        mutating func encode(_ value: Int64, forKey key: Key) throws { member(key) { $0.write(value) } }
        mutating func encode(_ value: UInt, forKey key: Key) throws { member(key) { $0.write(UInt64(value)) } }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { member(key) { $0.write(UInt64(value)) } }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { member(key) { $0.write(UInt64(value)) } }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { member(key) { $0.write(UInt64(value)) } }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { member(key) { $0.write(value) } }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.beginMember(key)
            try encoder.encodeValue(value)
            encoder.endMember()
        }

        @inline(__always) private func member(_ key: Key, _ write: (inout JSONWriter) -> Void) {
            encoder.beginMember(key)
            write(&encoder.writer)
            encoder.endMember()
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("JSONValueEncoder does not support nested containers; encode a nested value type instead")
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("JSONValueEncoder does not support nested containers; encode a nested value type instead")
        }

        mutating func superEncoder() -> any Encoder {
            preconditionFailure("JSONValueEncoder does not support super-encoders; encode a nested value type instead")
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            preconditionFailure("JSONValueEncoder does not support super-encoders; encode a nested value type instead")
        }
    }

    /// The elements of an array, each after a comma but the first.
    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: JSONValueEncoder
        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.elementCount }

        mutating func encodeNil() throws { element { $0.write(raw: "null") } }
        mutating func encode(_ value: Bool) throws { element { $0.write(value) } }
        mutating func encode(_ value: String) throws { element { $0.write(value) } }
        mutating func encode(_ value: Double) throws {
            encoder.beginElement()
            try encoder.writer.write(value)
        }
        mutating func encode(_ value: Float) throws {
            encoder.beginElement()
            try encoder.writer.write(value)
        }
        mutating func encode(_ value: Int) throws { element { $0.write(Int64(value)) } }
        mutating func encode(_ value: Int8) throws { element { $0.write(Int64(value)) } }
        mutating func encode(_ value: Int16) throws { element { $0.write(Int64(value)) } }
        mutating func encode(_ value: Int32) throws { element { $0.write(Int64(value)) } }
        mutating func encode(_ value: Int64) throws { element { $0.write(value) } }
        mutating func encode(_ value: UInt) throws { element { $0.write(UInt64(value)) } }
        mutating func encode(_ value: UInt8) throws { element { $0.write(UInt64(value)) } }
        mutating func encode(_ value: UInt16) throws { element { $0.write(UInt64(value)) } }
        mutating func encode(_ value: UInt32) throws { element { $0.write(UInt64(value)) } }
        mutating func encode(_ value: UInt64) throws { element { $0.write(value) } }

        mutating func encode<T: Encodable>(_ value: T) throws {
            encoder.beginElement()
            try encoder.encodeValue(value)
        }

        @inline(__always) private func element(_ write: (inout JSONWriter) -> Void) {
            encoder.beginElement()
            write(&encoder.writer)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("JSONValueEncoder does not support nested containers; encode a nested value type instead")
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            preconditionFailure("JSONValueEncoder does not support nested containers; encode a nested value type instead")
        }

        mutating func superEncoder() -> any Encoder {
            preconditionFailure("JSONValueEncoder does not support super-encoders; encode a nested value type instead")
        }
    }

    /// One value, written where the container was asked for.
    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: JSONValueEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.writer.write(raw: "null") }
        mutating func encode(_ value: Bool) throws { encoder.writer.write(value) }
        mutating func encode(_ value: String) throws { encoder.writer.write(value) }
        mutating func encode(_ value: Double) throws { try encoder.writer.write(value) }
        mutating func encode(_ value: Float) throws { try encoder.writer.write(value) }
        mutating func encode(_ value: Int) throws { encoder.writer.write(Int64(value)) }
        mutating func encode(_ value: Int8) throws { encoder.writer.write(Int64(value)) }
        mutating func encode(_ value: Int16) throws { encoder.writer.write(Int64(value)) }
        mutating func encode(_ value: Int32) throws { encoder.writer.write(Int64(value)) }
        mutating func encode(_ value: Int64) throws { encoder.writer.write(value) }
        mutating func encode(_ value: UInt) throws { encoder.writer.write(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { encoder.writer.write(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.writer.write(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.writer.write(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.writer.write(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
    }
}
