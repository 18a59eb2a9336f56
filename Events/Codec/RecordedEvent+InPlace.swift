// Building a recorded event field by field in uninitialized memory, for the in-place decode of a
// batch: the body is decoded straight into the `event` field, then the envelope is written
// around it, so no event is built in a temporary and copied (see `LogCodec`).

extension RecordedEvent {
    /// The `event` field of the recorded event at `target` (whose memory may be uninitialized).
    @inline(__always)
    static func eventField(of target: UnsafeMutablePointer<RecordedEvent>) -> UnsafeMutablePointer<DomainEvent> {
        field(\.event, of: target)
    }

    /// Initializes every field of the recorded event at `target` but its `event`, which must
    /// already be initialized (``eventField(of:)``): the event at `target` is then whole.
    @inline(__always)
    static func initializeEnvelope(of target: UnsafeMutablePointer<RecordedEvent>, position: UInt64, id: EventID,
                                   stream: StreamID, streamVersion: UInt64, profile: ProfileID, occurred: EventTime,
                                   recordedAt: Timestamp) {
        field(\.position, of: target).initialize(to: position)
        field(\.id, of: target).initialize(to: id)
        field(\.stream, of: target).initialize(to: stream)
        field(\.streamVersion, of: target).initialize(to: streamVersion)
        field(\.profile, of: target).initialize(to: profile)
        field(\.occurred, of: target).initialize(to: occurred)
        field(\.recordedAt, of: target).initialize(to: recordedAt)
    }

    /// The stored property `path` of the recorded event at `target`. Sound for uninitialized
    /// memory too: a stored property of a struct sits at a fixed offset in it (the one
    /// `MemoryLayout.offset(of:)` gives, a constant the optimizer folds), and memory bound to the
    /// struct is bound to each stored property's type at its offset.
    @inline(__always)
    private static func field<Value>(_ path: KeyPath<RecordedEvent, Value>,
                                     of target: UnsafeMutablePointer<RecordedEvent>) -> UnsafeMutablePointer<Value> {
        // Every path passed here names a stored property, so the offset always exists.
        let offset = MemoryLayout<RecordedEvent>.offset(of: path)!
        return (UnsafeMutableRawPointer(target) + offset).assumingMemoryBound(to: Value.self)
    }
}
