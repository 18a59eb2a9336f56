/// What a snapshot says about the state it holds, besides the bytes and the log anchor: which
/// projection, at which version and fingerprint, folded through which log position. A projector
/// hands it, with a way to encode its state, to whoever writes the snapshot
/// (``RunnableProjector/encodeSnapshot(_:)``).
package struct SnapshotDescriptor: Sendable, Equatable {
    /// The projection's stable name.
    package var projection: String
    /// The projection version that writes the state.
    package var version: UInt32
    /// The fingerprint of the configuration the state was folded with.
    package var fingerprint: UInt64
    /// The last log position folded into the state.
    package var position: UInt64

    /// A descriptor of these fields.
    package init(projection: String, version: UInt32, fingerprint: UInt64, position: UInt64) {
        self.projection = projection
        self.version = version
        self.fingerprint = fingerprint
        self.position = position
    }
}
