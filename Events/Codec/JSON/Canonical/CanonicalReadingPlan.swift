/// How the canonical reader (``CanonicalBodyReader``) reads the payload of one event type, worked
/// out once from its ``JSONShape``: the shape's tree of kinds laid out flat in tables, each key
/// already in the form exports write it (``ExpectedBytes``, `"card":`, compared with a few loads)
/// and each enumeration name in its quotes. A node is a plain value (no shape or array to retain
/// when the reader switches on it), which the shape's indirect kinds are not.
///
/// The plan decides nothing of its own: it is the shape, rearranged for reading (the keys in the
/// byte order JSON lists them, as ``JSONShape/keyOrder`` gives it, and the place of each field in
/// the body, ``JSONShape/keyRank``).
final class CanonicalReadingPlan: Sendable {
    /// One value's kind: ``JSONFieldKind`` with its nested kinds replaced by indices into the
    /// plan's tables.
    enum Node: Sendable {
        case uuid, string, bool, byte, varint, signedVarint, fixedInt64, double
        /// One of ``CanonicalReadingPlan/names`` in this range; its body byte is the offset in it.
        case enumeration(Range<Int>)
        /// The node at this index, or null or left out.
        case optional(Int)
        /// Elements of the node at this index.
        case array(Int)
        /// The object at this index of ``CanonicalReadingPlan/objects``.
        case object(Int)
        /// One of ``CanonicalReadingPlan/variants`` in this range; its body tag is the offset in it.
        case oneOf(Range<Int>)
    }

    /// A member of an object: its key as exports write it and its value's node.
    struct Member: Sendable {
        /// `"key":`.
        let key: ExpectedBytes
        /// The index of the value's node in ``CanonicalReadingPlan/nodes``.
        let node: Int
        /// Whether the member may be left out (an optional, absent then).
        let isOptional: Bool
    }

    /// An object: its members in key order and where each goes in the body.
    struct Object: Sendable {
        /// Its members' range in ``CanonicalReadingPlan/members``, in the byte order of their keys.
        let members: Range<Int>
        /// Its ``JSONShape/keyRank`` (the place of each field, in body order, among the members).
        let keyRank: [Int]
        /// Whether the key order is the body order (no field moves).
        let isKeyOrdered: Bool
    }

    /// A variant of a ``Node/oneOf(_:)``: its key as exports write it, and its value's node
    /// (nil for a flag, written `true`).
    struct Variant: Sendable {
        /// `"key":`.
        let key: ExpectedBytes
        /// The index of the value's node in ``CanonicalReadingPlan/nodes``, or nil.
        let node: Int?
    }

    /// Every node.
    let nodes: [Node]
    /// The members of every object.
    let members: [Member]
    /// Every object; the payload's is ``root``.
    let objects: [Object]
    /// The names of every enumeration, in quotes.
    let names: [ExpectedBytes]
    /// The variants of every one-of.
    let variants: [Variant]

    /// The index of the payload's object in ``objects``.
    let root = 0

    /// The plan of a payload of `shape`.
    init(_ shape: JSONShape) {
        var tables = Tables()
        _ = tables.object(shape)
        nodes = tables.nodes
        members = tables.members
        objects = tables.objects
        names = tables.names
        variants = tables.variants
    }

    /// The tables while they are laid out.
    private struct Tables {
        var nodes: [Node] = []
        var members: [Member] = []
        var objects: [Object] = []
        var names: [ExpectedBytes] = []
        var variants: [Variant] = []

        /// The index of a new object of `shape` in ``objects`` (the first one laid out is at 0);
        /// its members come after those of the objects nested in it.
        mutating func object(_ shape: JSONShape) -> Int {
            let index = objects.count
            objects.append(Object(members: 0..<0, keyRank: [], isKeyOrdered: true))
            var laidOut: [Member] = []
            for fieldIndex in shape.keyOrder {
                let field = shape.fields[fieldIndex]
                laidOut.append(Member(key: ExpectedBytes(member: field.key), node: node(field.kind), isOptional: field.kind.isOptional))
            }
            let start = members.count
            members.append(contentsOf: laidOut)
            objects[index] = Object(members: start..<members.count, keyRank: shape.keyRank, isKeyOrdered: shape.isKeyOrdered)
            return index
        }

        /// The index of a new node for `kind` (after the nodes, objects, names and variants it holds).
        mutating func node(_ kind: JSONFieldKind) -> Int {
            let laidOut: Node
            switch kind {
            case .uuid, .personalDataReference: laidOut = .uuid
            case .string: laidOut = .string
            case .bool: laidOut = .bool
            case .byte: laidOut = .byte
            case .varint: laidOut = .varint
            case .signedVarint: laidOut = .signedVarint
            case .fixedInt64: laidOut = .fixedInt64
            case .double: laidOut = .double
            case .enumeration(let spelled):
                let start = names.count
                names.append(contentsOf: spelled.map { ExpectedBytes(quoted: $0) })
                laidOut = .enumeration(start..<names.count)
            case .optional(let wrapped): laidOut = .optional(node(wrapped))
            case .array(let element): laidOut = .array(node(element))
            case .object(let shape): laidOut = .object(object(shape))
            case .oneOf(let choices):
                var laidOutChoices: [Variant] = []
                for choice in choices {
                    var value: Int?
                    if let kind = choice.kind { value = node(kind) }
                    laidOutChoices.append(Variant(key: ExpectedBytes(member: choice.key), node: value))
                }
                let start = variants.count
                variants.append(contentsOf: laidOutChoices)
                laidOut = .oneOf(start..<variants.count)
            }
            nodes.append(laidOut)
            return nodes.count &- 1
        }
    }
}

extension EventKind {
    /// The reading plan of this kind's payload at its current schema version.
    @inline(__always) var canonicalReadingPlan: CanonicalReadingPlan { Self.canonicalReadingPlans[Int(rawValue)] }

    /// The plans of every kind, by raw value (built once from their shapes).
    private static let canonicalReadingPlans: [CanonicalReadingPlan] = allCases.map { CanonicalReadingPlan($0.jsonShape) }
}
