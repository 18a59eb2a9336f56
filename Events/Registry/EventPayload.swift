/// What every event type of the catalog is: an immutable value with a stable type name and a
/// schema version, `Codable` for JSON (with validation on decoding) and positional binary for
/// the log. Conformers are the structs in `Events/Catalog/`.
public protocol EventPayload: Codable, Sendable, Equatable {
    /// The stable name of the type in every encoding, e.g. `vocabulary.review-graded`. Never
    /// changes once released.
    static var typeName: String { get }
    /// The schema version of this struct's shape. A change of fields is a new version, with an
    /// upcaster from the previous one.
    static var schemaVersion: UInt32 { get }
}
