import Events

/// The `personalData` member of an exported JSON line: each personal-data field's path in the
/// payload (``PersonalDataField/Path``) and its text under the export's policy, as an object whose
/// keys are in byte order. Written from a decoded event's fields or from what a straight
/// transcode of the record met (``PersonalDataCollector``), by the one writer below.
enum PersonalDataMember {
    /// The member's key.
    static let key = "personalData"

    /// Writes the object of `members` (path text and text), its keys in byte order.
    static func write<Out: JSONOutput & ~Copyable>(_ members: [(key: String, text: String)], to out: inout Out) {
        out.write(byte: 0x7B)
        for (index, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
            if index > 0 { out.write(byte: 0x2C) }
            out.write(member.key)
            out.write(byte: 0x3A)
            out.write(member.text)
        }
        out.write(byte: 0x7D)
    }
}

/// Renders the personal-data references a straight transcode of a record meets under the
/// export's policy (``PersonalDataRenderer/render(_:)``) and keeps each one's path and text, for
/// the `personalData` member of its line.
final class PersonalDataCollector {
    /// The path text and text of each reference met, in payload order.
    private(set) var members: [(key: String, text: String)] = []
    private let renderer: PersonalDataRenderer

    /// A collector rendering under `renderer`.
    init(renderer: PersonalDataRenderer) { self.renderer = renderer }

    /// A rendering for one transcode, which adds what it meets to ``members`` (emptied first).
    func rendering() -> JSONReferenceRendering {
        members.removeAll(keepingCapacity: true)
        return JSONReferenceRendering { [self] reference, path in
            let (replacement, text) = renderer.render(reference)
            members.append((PersonalDataField.Path(path).description, text))
            return replacement
        }
    }
}

extension PersonalDataField.Path {
    /// The path a body transcode tracked (``JSONPathComponent``s).
    init(_ path: [JSONPathComponent]) {
        self.init(path.map { component in
            switch component {
            case .key(let key): .key(key.description)
            case .index(let index): .index(index)
            }
        })
    }
}
