/// An event this build cannot read: a type it does not know, or a newer schema version of one
/// it does, written by a newer app. Kept whole: projections skip it, exports show it (payload as
/// base64), and re-encoding reproduces the original record byte for byte.
public struct UnknownEvent: Sendable, Equatable, Hashable {
    /// The type name as stored.
    public let typeName: String
    /// The schema version as stored.
    public let schemaVersion: UInt32
    /// The body bytes exactly as stored in the log encoding.
    public let payload: [UInt8]

    /// An unknown event of `typeName` at `schemaVersion` whose log-encoded body is `payload`.
    public init(typeName: String, schemaVersion: UInt32, payload: [UInt8]) {
        self.typeName = typeName
        self.schemaVersion = schemaVersion
        self.payload = payload
    }
}
