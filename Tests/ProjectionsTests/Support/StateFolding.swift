@testable import Events
@testable import Projections

/// Folds `events` with `projection`, from `start` or else from the projection's initial state.
func fold<P: Projection>(_ projection: P, _ events: some Sequence<RecordedEvent>, from start: P.State? = nil) -> P.State {
    var state = start ?? projection.makeInitialState()
    for event in events { try! projection.apply(event, to: &state) }
    return state
}

/// The snapshot bytes `state` encodes to.
func encoded(_ state: some BinaryCodable) -> [UInt8] {
    var writer = BinaryWriter()
    state.encode(to: &writer)
    return writer.bytes
}

/// A `type` decoded from `bytes`, every byte consumed.
/// - Throws: ``EventDecodingError`` for malformed bytes or bytes left over.
func decoded<S: BinaryCodable>(_ type: S.Type, _ bytes: [UInt8]) throws -> S {
    try bytes.withUnsafeBytes { raw throws(EventDecodingError) -> S in
        var reader = BinaryReader(raw)
        let value = try S(from: &reader)
        try reader.expectEnd()
        return value
    }
}
