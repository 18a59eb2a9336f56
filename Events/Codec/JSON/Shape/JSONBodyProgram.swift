// A payload's shape compiled once into flat tables of plain values, for the JSON Lines export's
// hot path: the transcode reads them through pointers, so it retains, releases and copies
// nothing per event (walking ``JSONShape`` itself copies its arrays and indirect enum cases at
// every field), and each key is written as one run of pre-rendered bytes (`,"card":`).

/// The compiled form of one ``JSONShape``: its values as ``Node``s, its objects' members and key
/// orders, and the bytes written for keys, enumeration names and variants, in tables built once
/// and never freed (one program per event kind, for the life of the process). Read only after it
/// is built, so it may be shared across threads. ``JSONBodyProgram+Writing.swift`` runs it.
struct JSONBodyProgram: @unchecked Sendable {
    /// What a node is: the cases of ``JSONFieldKind``, without their payloads.
    enum Code: UInt8 {
        case uuid, personalDataReference, string, bool, byte, varint, signedVarint, fixedInt64, double
        case enumeration, optional, array, object, oneOf
    }

    /// One value of the shape. What `first` and `count` index depends on the code: an optional's
    /// or an array's element node (`first`); an object's members and key order (`first` ..<
    /// `first + count` in ``members`` and ``keyOrder``, the start of each member's body and the
    /// object's end in the runner's scratch at `scratch`); an enumeration's names or a variant set's variants
    /// (`first` ..< `first + count` in ``texts`` or ``variants``).
    struct Node {
        var code: Code
        /// Whether an object's members are in key order in the body (written as they are read).
        var keyOrdered = false
        var first: Int32 = 0
        var count: Int32 = 0
        var scratch: Int32 = 0
        /// The number of bytes every value of the node takes in a body, or -1 when it varies.
        var fixedSize: Int32 = -1
    }

    /// One member of an object, in body order.
    struct Member {
        /// `,"key":` (the comma is left off for the first member written).
        var key: UnsafeRawBufferPointer
        /// The member's value node (an optional field's node is `.optional`: left out when absent).
        var node: Int32
        /// Where the member's bytes start from the object's start when every member before it
        /// has a fixed size, else -1.
        var fixedOffset: Int32 = -1
    }

    /// One variant of a ``JSONFieldKind/oneOf(_:)``.
    struct Variant {
        /// `{"key":`.
        var opening: UnsafeRawBufferPointer
        /// The value's node; -1 for a flag with no body (written `true`).
        var node: Int32
    }

    /// Every node; node 0 is the payload object.
    let nodes: UnsafeBufferPointer<Node>
    /// The members of every object, each object's in body order.
    let members: UnsafeBufferPointer<Member>
    /// For each object, the body index (0-based within the object) of its member of each key
    /// rank: `keyOrder[first + rank]`.
    let keyOrder: UnsafeBufferPointer<Int32>
    /// Enumeration names, quoted (`"scheduled"`).
    let texts: UnsafeBufferPointer<UnsafeRawBufferPointer>
    /// The variants of every variant set.
    let variants: UnsafeBufferPointer<Variant>
    /// How many body offsets the runner keeps (the members of every object and its end, each
    /// object its own range).
    let scratchCount: Int

    /// Compiles `shape` (the payload object).
    init(_ shape: JSONShape) {
        var builder = Builder()
        _ = builder.add(.object(shape))
        nodes = Self.freeze(builder.nodes)
        members = Self.freeze(builder.members)
        keyOrder = Self.freeze(builder.keyOrder)
        texts = Self.freeze(builder.texts)
        variants = Self.freeze(builder.variants)
        scratchCount = builder.scratchCount
    }

    /// `values` copied into memory that is never freed.
    private static func freeze<Value>(_ values: [Value]) -> UnsafeBufferPointer<Value> {
        let memory = UnsafeMutableBufferPointer<Value>.allocate(capacity: max(values.count, 1))
        _ = memory.initialize(from: values)
        return UnsafeBufferPointer(rebasing: memory[..<values.count])
    }

    /// `text` as bytes in memory that is never freed.
    private static func freeze(text: [UInt8]) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(freeze(text))
    }

    /// Gathers the tables while the shape is walked once.
    private struct Builder {
        var nodes: [Node] = []
        var members: [Member] = []
        var keyOrder: [Int32] = []
        var texts: [UnsafeRawBufferPointer] = []
        var variants: [Variant] = []
        var scratchCount = 0

        /// Adds the node of `kind` (and those below it) and returns its index.
        mutating func add(_ kind: JSONFieldKind) -> Int32 {
            let index = Int32(nodes.count)
            nodes.append(Node(code: .uuid))
            var node: Node
            switch kind {
            case .uuid: node = Node(code: .uuid, fixedSize: 16)
            case .personalDataReference: node = Node(code: .personalDataReference, fixedSize: 16)
            case .string: node = Node(code: .string)
            case .bool: node = Node(code: .bool, fixedSize: 1)
            case .byte: node = Node(code: .byte, fixedSize: 1)
            case .varint: node = Node(code: .varint)
            case .signedVarint: node = Node(code: .signedVarint)
            case .fixedInt64: node = Node(code: .fixedInt64, fixedSize: 8)
            case .double: node = Node(code: .double, fixedSize: 8)
            case .enumeration(let names):
                node = Node(code: .enumeration, first: Int32(texts.count), count: Int32(names.count), fixedSize: 1)
                texts += names.map { JSONBodyProgram.freeze(text: [0x22] + Self.bytes($0) + [0x22]) }
            case .optional(let wrapped): node = Node(code: .optional, first: add(wrapped))
            case .array(let element): node = Node(code: .array, first: add(element))
            case .object(let shape): node = addObject(shape)
            case .oneOf(let cases):
                // The variants' nodes come first, so that this set's variants are contiguous.
                let bodies = cases.map { $0.kind.map { add($0) } ?? -1 }
                node = Node(code: .oneOf, first: Int32(variants.count), count: Int32(cases.count))
                for (variant, body) in zip(cases, bodies) {
                    variants.append(Variant(opening: JSONBodyProgram.freeze(text: [0x7B, 0x22] + Self.bytes(variant.key) + [0x22, 0x3A]),
                                            node: body))
                }
            }
            nodes[Int(index)] = node
            return index
        }

        private mutating func addObject(_ shape: JSONShape) -> Node {
            let scratch = Int32(scratchCount)
            scratchCount += shape.fields.count + 1
            // The members' value nodes come first, so that this object's members are contiguous.
            let values = shape.fields.map { add($0.kind) }
            let first = Int32(members.count)
            // The offset of each member while every one before it has a fixed size.
            var offset: Int32 = 0
            for (field, value) in zip(shape.fields, values) {
                members.append(Member(key: JSONBodyProgram.freeze(text: [0x2C, 0x22] + Self.bytes(field.key) + [0x22, 0x3A]), node: value,
                                      fixedOffset: offset))
                let size = nodes[Int(value)].fixedSize
                offset = offset >= 0 && size >= 0 ? offset + size : -1
            }
            keyOrder += shape.keyOrder.map { Int32($0) }
            return Node(code: .object, keyOrdered: shape.isKeyOrdered, first: first, count: Int32(shape.fields.count), scratch: scratch,
                        fixedSize: offset)
        }

        private static func bytes(_ text: StaticString) -> [UInt8] {
            Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }
}

extension EventKind {
    /// The compiled JSON shape of this kind's payload at its current schema version.
    @inline(__always) var jsonBodyProgram: JSONBodyProgram { Self.jsonBodyPrograms[Int(rawValue)] }

    /// The programs of every kind, by raw value (compiled once from ``jsonShape``).
    private static let jsonBodyPrograms: [JSONBodyProgram] = allCases.map { JSONBodyProgram($0.jsonShape) }

    /// The most body offsets any kind's program keeps.
    static let jsonBodyScratchCount: Int = jsonBodyPrograms.map(\.scratchCount).max() ?? 0
}
