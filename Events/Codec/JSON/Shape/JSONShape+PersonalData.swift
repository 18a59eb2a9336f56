// Which event kinds hold personal data, read from their shapes: a kind holds personal data when
// its payload has a ``JSONFieldKind/personalDataReference`` anywhere (in an optional, an array,
// a nested object or a variant). The shape is the one home of this: no list is kept by hand.

extension JSONFieldKind {
    /// Whether a value of this kind holds or may hold a personal-data reference.
    var holdsPersonalData: Bool {
        switch self {
        case .personalDataReference: true
        case .uuid, .string, .bool, .byte, .varint, .signedVarint, .fixedInt64, .double, .enumeration: false
        case .optional(let wrapped), .array(let wrapped): wrapped.holdsPersonalData
        case .object(let shape): shape.holdsPersonalData
        case .oneOf(let variants): variants.contains { $0.kind?.holdsPersonalData ?? false }
        }
    }
}

extension JSONShape {
    /// Whether an object of this shape holds or may hold a personal-data reference.
    package var holdsPersonalData: Bool { fields.contains { $0.kind.holdsPersonalData } }
}

extension EventKind {
    /// Whether events of this kind (at its current schema version) hold or may hold personal-data
    /// references, which an export renders under its policy; read from ``jsonShape``.
    @inline(__always) package var holdsPersonalData: Bool { Self.personalData[Int(rawValue)] }

    /// Whether each kind's shape holds personal data, by raw value (built once from the
    /// registration table).
    private static let personalData: [Bool] = allCases.map { $0.jsonShape.holdsPersonalData }
}
