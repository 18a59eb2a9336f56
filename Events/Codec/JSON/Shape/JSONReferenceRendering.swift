/// One step of the path from a payload object down to a value: a member's key or an array
/// element's index (`pages`, `[0]`, `text` make `pages[0].text`).
package enum JSONPathComponent: Sendable {
    /// The member with this key.
    case key(StaticString)
    /// The array element at this index.
    case index(Int)
}

/// What a body transcode (``JSONShape/writeJSON(body:to:referenceText:references:)``) writes for
/// each personal-data reference it meets: the reference `replacement` gives for it and the path
/// where it was found. The JSON Lines export renders references so under its policy without
/// decoding the event. Tracks the path as the transcode walks (only when given one).
package final class JSONReferenceRendering {
    /// The path of the value being written, from the payload object down.
    package private(set) var path: [JSONPathComponent] = []
    private let replacement: (PersonalDataReference, [JSONPathComponent]) -> PersonalDataReference

    /// A rendering writing `replacement(reference, path)` for each reference.
    package init(_ replacement: @escaping (PersonalDataReference, [JSONPathComponent]) -> PersonalDataReference) {
        self.replacement = replacement
        path.reserveCapacity(8)
    }

    /// Steps down into `component`.
    @inline(__always) func enter(_ component: JSONPathComponent) { path.append(component) }

    /// Steps back up from the last component entered.
    @inline(__always) func leave() { path.removeLast() }

    /// The reference to write in place of `reference`, met at the current path.
    func replacement(for reference: PersonalDataReference) -> PersonalDataReference { replacement(reference, path) }
}
