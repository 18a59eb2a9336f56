import Foundation

/// Writes `Encodable` values (the catalog's event structs and their fields) as JSON through a
/// ``JSONWriter``: their `Codable` conformances drive it, so a new event type needs no JSON code
/// of its own, and the output is what `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes` gave: compact, the members of every object in the byte order of
/// their keys, optionals left out when nil (`encodeIfPresent`), `null` for `encodeNil`, UUIDs as
/// upper-case strings.
///
/// Members are written in the order the type encodes them and, when an object ends, put in key
/// order in place (its bytes moved once through a scratch buffer), so no tree is built. Reuse one
/// encoder for many values; it is not meant to be shared across threads.
///
/// Supports what `Codable` types of the catalog use: keyed, unkeyed and single-value containers,
/// each value encoding itself in one container. A type that asks for a nested container or a
/// super-encoder stops with a precondition failure naming the problem: encode a nested value
/// type instead (the round-trip tests of every event type would show it at once).
package final class JSONValueEncoder: Encoder {
    /// The text written so far; the caller takes it out and may reset it between values.
    package var writer = JSONWriter()
    /// When set, a ``PersonalDataReference`` is written as the string this returns for it
    /// (the CSV export shows the texts of personal data in place); nil from it writes the UUID.
    package var referenceText: ((PersonalDataReference) -> String?)?

    /// One value being encoded: which container it asked for and where its members start.
    private struct Frame {
        enum Kind { case pending, object, array, single }
        var kind: Kind = .pending
        /// The index in ``members`` of its first member (objects).
        var firstMember: Int
        /// Members or elements written so far.
        var count = 0
    }

    /// One member of an object being written: the offsets of its key's opening and closing
    /// quotes and of the end of its value.
    private struct Member {
        var start: Int
        var keyEnd: Int
        var end: Int
    }

    private var frames: [Frame] = []
    private var members: [Member] = []
    private var scratch: [UInt8] = []

    /// An encoder with an empty output.
    package init() {
        frames.reserveCapacity(8)
        members.reserveCapacity(32)
    }

    /// Always empty: the paths of encoding errors are not tracked (only a non-finite double can fail).
    package var codingPath: [any CodingKey] { [] }
    /// Always empty.
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Appends the JSON of `value` to ``writer``.
    /// - Throws: `EncodingError.invalidValue` for a double that is not finite, or what the value's
    ///   `encode(to:)` throws. The output then ends in a partial value: reset it before reuse.
    package func append<T: Encodable>(_ value: T) throws {
        frames.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        try encodeValue(value)
    }

    /// Writes one value: the common types directly, any other through its `encode(to:)` in a
    /// frame of its own, closed (members sorted) when it returns.
    @inline(__always) func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == UUID.self {
            writer.write(unsafeBitCast(value, to: UUID.self))
        } else if T.self == String.self {
            writer.write(unsafeBitCast(value, to: String.self))
        } else if T.self == PersonalDataReference.self {
            let reference = unsafeBitCast(value, to: PersonalDataReference.self)
            if let text = referenceText?(reference) { writer.write(text) } else { writer.write(reference.key) }
        } else {
            try encodeComposite(value)
        }
    }

    private func encodeComposite<T: Encodable>(_ value: T) throws {
        frames.append(Frame(firstMember: members.count))
        try value.encode(to: self)
        let frame = frames.removeLast()
        switch frame.kind {
        case .pending: writer.write(raw: "{}")
        case .object:
            sortMembers(from: frame.firstMember)
            members.removeSubrange(frame.firstMember...)
            writer.write(byte: 0x7D)
        case .array: writer.write(byte: 0x5D)
        case .single: break
        }
    }

    /// Puts the members from `first` on (the current object's) in the byte order of their keys.
    private func sortMembers(from first: Int) {
        let last = members.count
        guard last - first > 1 else { return }
        var sorted = true
        for index in (first + 1)..<last where !keyPrecedes(members[index - 1], members[index]) {
            sorted = false
            break
        }
        if sorted { return }
        // Members were recorded in the order written, so the first one starts the region.
        let regionStart = members[first].start
        members[first..<last].sort(by: keyPrecedes)
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: writer.bytes[regionStart...])
        writer.bytes.removeSubrange(regionStart...)
        for index in first..<last {
            if index > first { writer.bytes.append(0x2C) }
            let member = members[index]
            writer.bytes.append(contentsOf: scratch[(member.start - regionStart)..<(member.end - regionStart)])
        }
    }

    /// Whether the key of `a` comes before that of `b` in byte order (as written, quotes excluded).
    private func keyPrecedes(_ a: Member, _ b: Member) -> Bool {
        writer.bytes.withUnsafeBytes { bytes in
            let (left, right) = (a.keyEnd - a.start - 1, b.keyEnd - b.start - 1)
            let order = memcmp(bytes.baseAddress! + a.start + 1, bytes.baseAddress! + b.start + 1, min(left, right))
            return order < 0 || (order == 0 && left < right)
        }
    }

    // MARK: What the containers call

    /// Marks the current value as an object (writing `{`) unless it already is one.
    func openObject() {
        switch frames[frames.count - 1].kind {
        case .object: return
        case .pending:
            frames[frames.count - 1].kind = .object
            writer.write(byte: 0x7B)
        case .array, .single:
            preconditionFailure("a value asked for a keyed container after another kind of container; JSON cannot hold both")
        }
    }

    /// Marks the current value as an array (writing `[`).
    func openArray() {
        guard frames[frames.count - 1].kind == .pending else {
            preconditionFailure("a value asked for a second container; encode one container per value")
        }
        frames[frames.count - 1].kind = .array
        writer.write(byte: 0x5B)
    }

    /// Marks the current value as a single value.
    func openSingle() {
        guard frames[frames.count - 1].kind == .pending else {
            preconditionFailure("a value asked for a second container; encode one container per value")
        }
        frames[frames.count - 1].kind = .single
    }

    /// Starts a member of the current object: its key and the colon.
    @inline(__always) func beginMember(_ key: some CodingKey) {
        let start = writer.bytes.count + (frames[frames.count - 1].count > 0 ? 1 : 0)
        if frames[frames.count - 1].count > 0 { writer.write(byte: 0x2C) }
        writer.write(key.stringValue)
        members.append(Member(start: start, keyEnd: writer.bytes.count - 1, end: 0))
        writer.write(byte: 0x3A)
    }

    /// Ends the member begun last.
    @inline(__always) func endMember() {
        members[members.count - 1].end = writer.bytes.count
        frames[frames.count - 1].count += 1
    }

    /// Starts an element of the current array (the comma before all but the first).
    @inline(__always) func beginElement() {
        if frames[frames.count - 1].count > 0 { writer.write(byte: 0x2C) }
        frames[frames.count - 1].count += 1
    }

    /// The number of elements of the current array.
    var elementCount: Int { frames[frames.count - 1].count }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        openObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        openArray()
        return UnkeyedContainer(encoder: self)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        openSingle()
        return SingleValueContainer(encoder: self)
    }
}
