@testable import Events
@testable import Projections

/// Folds `events` with `projection`, from `start` or else from the projection's initial state.
func fold<P: Projection>(_ projection: P, _ events: some Sequence<RecordedEvent>, from start: P.State? = nil) -> P.State {
    var state = start ?? projection.makeInitialState()
    for event in events { try! projection.apply(event, to: &state) }
    return state
}

/// The snapshot bytes `state` encodes to.
func encoded(_ state: some ProjectionState) -> [UInt8] {
    var writer = SnapshotWriter()
    state.encode(to: &writer)
    return writer.bytes
}

/// A `type` decoded from `bytes`, every byte consumed.
/// - Throws: ``EventDecodingError`` for malformed bytes or bytes left over.
func decoded<S: ProjectionState>(_ type: S.Type, _ bytes: [UInt8]) throws -> S {
    try bytes.withUnsafeBytes { raw throws(EventDecodingError) -> S in
        var reader = SnapshotReader(BinaryReader(raw))
        let value = try S(from: &reader)
        try reader.binary.expectEnd()
        return value
    }
}

/// The bytes `value` encodes to in the log encoding (a state's part, an id, a table).
func encoded(_ value: some BinaryCodable) -> [UInt8] {
    var writer = BinaryWriter()
    value.encode(to: &writer)
    return writer.bytes
}

/// A built-in state's bytes: the two encodings above are the same bytes for it (this overload,
/// the most specific, only settles which of them is called).
func encoded(_ state: some ProjectionState & BinaryCodable) -> [UInt8] {
    var writer = BinaryWriter()
    state.encode(to: &writer)
    return writer.bytes
}

/// A `type` decoded from `bytes` in the log encoding, every byte consumed.
/// - Throws: ``EventDecodingError`` for malformed bytes or bytes left over.
func decoded<S: BinaryCodable>(_ type: S.Type, _ bytes: [UInt8]) throws -> S {
    try bytes.withUnsafeBytes { raw throws(EventDecodingError) -> S in
        var reader = BinaryReader(raw)
        let value = try S(from: &reader)
        try reader.expectEnd()
        return value
    }
}

/// A built-in state decoded from `bytes` (see ``encoded(_:)``, the same reasoning).
func decoded<S: ProjectionState & BinaryCodable>(_ type: S.Type, _ bytes: [UInt8]) throws -> S {
    try bytes.withUnsafeBytes { raw throws(EventDecodingError) -> S in
        var reader = BinaryReader(raw)
        let value = try S(from: &reader)
        try reader.expectEnd()
        return value
    }
}
