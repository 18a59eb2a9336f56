import Foundation

/// One JSON text as read by ``JSONParser``: the bytes and a flat array of nodes, one per value in
/// document order (an object's members are its key and value nodes in turn). Values are converted
/// only when asked for, straight from the bytes.
///
/// A document borrows the bytes it was parsed from: use it only while they are valid.
package struct JSONDocument {
    /// The kind of a value.
    package enum Kind: UInt8 {
        case null, `false`, `true`
        /// A number without fraction or exponent.
        case integer
        /// A number with a fraction or an exponent.
        case number
        /// A string without escapes.
        case string
        /// A string with at least one backslash escape.
        case escapedString
        case array, object
    }

    /// One value: its kind, its bytes (a string's between the quotes; a container's from bracket
    /// to bracket) and where its subtree ends.
    package struct Node {
        package var kind: Kind
        /// The offset of its first byte (a string's first byte after the quote).
        package var start: Int32
        /// The offset after its last byte (a string's closing quote).
        package var end: Int32
        /// The index of the first node after this value and everything inside it.
        package var next: Int32
        /// Containers: the number of elements or members.
        package var count: Int32 = 0
    }

    /// The index of a value's node.
    package typealias Index = Int

    /// The text.
    package let bytes: UnsafeRawBufferPointer
    /// The values, the whole text's first.
    package let nodes: [Node]

    /// The top-level value.
    package var root: Index { 0 }

    /// The document of the text `{}`: an object with no members.
    static func emptyObject() -> JSONDocument {
        let text: StaticString = "{}"
        return JSONDocument(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount),
                            nodes: [Node(kind: .object, start: 0, end: 2, next: 1, count: 0)])
    }

    /// The kind of value `index`.
    @inline(__always) package func kind(_ index: Index) -> Kind { nodes[index].kind }

    /// The raw bytes of scalar `index` (a string's without its quotes).
    @inline(__always) package func rawBytes(_ index: Index) -> UnsafeRawBufferPointer {
        let node = nodes[index]
        return UnsafeRawBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
    }

    /// The JSON text of value `index`, as written in the document (a string with its quotes).
    package func text(_ index: Index) -> UnsafeRawBufferPointer {
        let node = nodes[index]
        let quoted = node.kind == .string || node.kind == .escapedString
        return UnsafeRawBufferPointer(rebasing: bytes[Int(node.start) - (quoted ? 1 : 0)..<Int(node.end) + (quoted ? 1 : 0)])
    }

    /// The index of the value after value `index` and its contents (its next sibling, if any).
    @inline(__always) package func after(_ index: Index) -> Index { Int(nodes[index].next) }

    /// The number of elements of array `index` or members of object `index`.
    @inline(__always) package func count(_ index: Index) -> Int { Int(nodes[index].count) }

    /// The value of the first member of object `object` whose key is `key` (UTF-8), or nil.
    /// - Complexity: O(members).
    package func member(_ object: Index, _ key: UnsafeRawBufferPointer) -> Index? {
        var keyIndex = object + 1
        for _ in 0..<count(object) {
            if keyEquals(keyIndex, key) { return keyIndex + 1 }
            keyIndex = after(keyIndex + 1)
        }
        return nil
    }

    /// The value of member `key` of object `object`, or nil.
    package func member(_ object: Index, _ key: String) -> Index? {
        var key = key
        return key.withUTF8 { member(object, UnsafeRawBufferPointer($0)) }
    }

    /// The key and value indices of the members of object `object`, in document order.
    package func members(_ object: Index) -> [(key: Index, value: Index)] {
        var result: [(key: Index, value: Index)] = []
        var keyIndex = object + 1
        for _ in 0..<count(object) {
            result.append((keyIndex, keyIndex + 1))
            keyIndex = after(keyIndex + 1)
        }
        return result
    }

    /// The indices of the elements of array `array`, in order.
    package func elements(_ array: Index) -> [Index] {
        var result: [Index] = []
        var element = array + 1
        for _ in 0..<count(array) {
            result.append(element)
            element = after(element)
        }
        return result
    }

    /// Whether string `index` (a key) spells `key`.
    @inline(__always) package func keyEquals(_ index: Index, _ key: UnsafeRawBufferPointer) -> Bool {
        let node = nodes[index]
        if node.kind == .string {
            return Int(node.end - node.start) == key.count
                && memcmp(bytes.baseAddress! + Int(node.start), key.baseAddress!, key.count) == 0
        }
        return unescaped(index).withUnsafeBytes { $0.elementsEqual(key) }
    }

    // MARK: Values

    /// String `index` as a `String` (escapes resolved), or nil when it is not a string.
    package func string(_ index: Index) -> String? {
        switch kind(index) {
        case .string: String(decoding: rawBytes(index), as: UTF8.self)
        case .escapedString: String(decoding: unescaped(index), as: UTF8.self)
        default: nil
        }
    }

    /// The UTF-8 bytes of string `index` with its escapes resolved (the parser checked them).
    package func unescaped(_ index: Index) -> [UInt8] {
        let raw = rawBytes(index)
        return [UInt8](unsafeUninitializedCapacity: raw.count) { out, count in
            count = out.baseAddress.map { JSONEscape.unescape(raw, into: UnsafeMutableRawPointer($0)) } ?? 0
        }
    }

    /// The UTF-16 code unit spelled by the four hex digits at `offset` of `bytes`, or nil.
    static func hexUnit(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        var unit: UInt16 = 0
        for position in offset..<(offset + 4) {
            let digit = hexValue(bytes[position])
            guard digit < 16 else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// String `index` as a UUID (`8-4-4-4-12` hex digits, either case, as Foundation's
    /// `UUID(uuidString:)` reads), or nil.
    package func uuid(_ index: Index) -> UUID? {
        switch kind(index) {
        case .string: Self.uuid(rawBytes(index))
        case .escapedString: unescaped(index).withUnsafeBytes { Self.uuid($0) }
        default: nil
        }
    }

    /// The UUID spelled by `text` (`8-4-4-4-12` hex digits, either case, no quotes), or nil.
    @inline(__always) static func uuid(_ text: UnsafeRawBufferPointer) -> UUID? {
        guard text.count == 36, let (low, high) = HexWord.uuid(text.baseAddress!) else { return nil }
        return HexWord.uuid(low: low, high: high)
    }

    /// The value of hex digit `byte` (either case), or 0xFF when it is not one.
    @inline(__always) private static func hexValue(_ byte: UInt8) -> UInt8 {
        let digit = byte &- 0x30
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- 0x61
        return letter < 6 ? letter &+ 10 : 0xFF
    }

    /// Boolean `index`, or nil when it is not `true` or `false`.
    package func bool(_ index: Index) -> Bool? {
        switch kind(index) {
        case .true: true
        case .false: false
        default: nil
        }
    }
}
