/// The JSON form of a registered event type's payload, as data: its fields in the order the log
/// body holds them (declaration order), each with its JSON key and its kind. The JSON codec is
/// driven by it and by the binary codec (`BinaryCodable`), with no `Codable` on the hot path:
/// writing encodes the body in the log encoding and transcodes it to JSON
/// (``writeJSON(body:to:referenceText:references:)``); reading transcodes the JSON object to a log body
/// (``appendBody(of:at:to:fieldStarts:)``), which the log's body decoder then reads and
/// validates. So the binary codec stays the one home of each event's field order and rules, and
/// the shape adds only the key names.
///
/// The JSON is the one the catalog's `Codable` conformances gave (`Events/FORMAT.md`, "JSON
/// envelope"): property names as keys, the members of every object in the byte order of their
/// keys, optionals left out when nil; `EventJSONFoundationTests` holds the two to the same bytes.
package struct JSONShape: Sendable {
    /// One field: its key and its kind.
    package struct Field: Sendable {
        /// The JSON key (the property's name), without quotes.
        package let key: StaticString
        /// How the field is encoded in both forms.
        package let kind: JSONFieldKind

        /// The field `key` holding a value of type `Value`: the key path names the property, so
        /// the compiler checks that it exists with that type, and the type gives the kind.
        package init<Root, Value: JSONShaped>(_ key: StaticString, _ path: KeyPath<Root, Value>) {
            self.key = key
            kind = Value.jsonKind
        }

        /// A field of a nested value whose kind is given directly.
        package init(_ key: StaticString, kind: JSONFieldKind) {
            self.key = key
            self.kind = kind
        }

        /// The key's UTF-8 bytes.
        @inline(__always) var keyBytes: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        }
    }

    /// The fields in log-body order.
    package let fields: [Field]
    /// The indices of ``fields`` in the byte order of their keys (the order JSON lists them).
    let keyOrder: [Int]
    /// Whether ``keyOrder`` is the identity (the fields can be written as they are read).
    let isKeyOrdered: Bool
    /// The place of each field (by index in ``fields``) in ``keyOrder``: the inverse permutation.
    let keyRank: [Int]

    /// The shape of an object with `fields`, in the order its log body holds them.
    package init(_ fields: [Field]) {
        self.fields = fields
        keyOrder = fields.indices.sorted { fields[$0].keyBytes.lexicographicallyPrecedes(fields[$1].keyBytes) }
        isKeyOrdered = keyOrder == Array(fields.indices)
        var keyRank = [Int](repeating: 0, count: fields.count)
        for (rank, field) in keyOrder.enumerated() { keyRank[field] = rank }
        self.keyRank = keyRank
    }
}

/// How one value is encoded: its log-body primitive and its JSON spelling.
package indirect enum JSONFieldKind: Sendable {
    /// `uuid` in the body; an upper-case UUID string in JSON.
    case uuid
    /// `uuid` in the body; in JSON a UUID string, or the text the CSV export shows for the
    /// personal-data reference.
    case personalDataReference
    /// `string`; a JSON string.
    case string
    /// `bool`; `true` or `false`.
    case bool
    /// `u8`; a JSON integer.
    case byte
    /// `varint`; a JSON integer ≥ 0.
    case varint
    /// `svarint`; a JSON integer.
    case signedVarint
    /// `i64`; a JSON integer.
    case fixedInt64
    /// `f64`; a JSON number.
    case double
    /// `u8` index into `names`; a JSON string, one of `names`.
    case enumeration([StaticString])
    /// `T?`: `u8` presence then the value; in JSON the member is left out when absent (and null
    /// or absent reads as absent).
    case optional(JSONFieldKind)
    /// `[T]`: `varint` count then the elements; a JSON array.
    case array(JSONFieldKind)
    /// The fields in order; a JSON object.
    case object(JSONShape)
    /// `u8` tag, then the value of that variant; a JSON object with exactly one member, the
    /// variant's key. A variant without a kind has no body and is `true` in JSON.
    case oneOf([JSONVariant])
}

/// One variant of ``JSONFieldKind/oneOf(_:)``: its key and the kind of its value (nil: `true`, no body).
package struct JSONVariant: Sendable {
    /// The key of the one member.
    package let key: StaticString
    /// The value's kind; nil for a flag with no body (written `true`).
    package let kind: JSONFieldKind?

    /// The variant `key` holding `kind`.
    package init(_ key: StaticString, _ kind: JSONFieldKind?) {
        self.key = key
        self.kind = kind
    }
}

/// A value type an event field may hold: it says how it is encoded (``JSONFieldKind``), which
/// must agree with its `BinaryCodable` conformance.
package protocol JSONShaped {
    /// The value's encoding in the log body and in JSON.
    static var jsonKind: JSONFieldKind { get }
}

extension String: JSONShaped { package static var jsonKind: JSONFieldKind { .string } }
extension Bool: JSONShaped { package static var jsonKind: JSONFieldKind { .bool } }
extension UInt32: JSONShaped { package static var jsonKind: JSONFieldKind { .varint } }
extension Int64: JSONShaped { package static var jsonKind: JSONFieldKind { .signedVarint } }
extension Double: JSONShaped { package static var jsonKind: JSONFieldKind { .double } }
extension Optional: JSONShaped where Wrapped: JSONShaped { package static var jsonKind: JSONFieldKind { .optional(Wrapped.jsonKind) } }
extension Array: JSONShaped where Element: JSONShaped { package static var jsonKind: JSONFieldKind { .array(Element.jsonKind) } }
