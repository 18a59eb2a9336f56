import Events
@testable import Projections

/// A small projection for testing the machinery: counts events by type name. It can be told to
/// fail at one position, and its fingerprint is whatever the test sets.
struct TypeCountProjection: Projection {
    struct State: ProjectionState, Equatable {
        var counts: [String: UInt64] = [:]
        var lastPosition: UInt64 = 0

        init() {}
        init(from reader: inout SnapshotReader) throws(EventDecodingError) {
            counts = try reader.read()
            lastPosition = try reader.read()
        }
        func encode(to writer: inout SnapshotWriter) {
            writer.write(counts)
            writer.write(lastPosition)
        }
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused on purpose" }
    }

    static let name = "type-counts"
    static let version: UInt32 = 1
    var fingerprint: UInt64 = 7
    var failAt: UInt64?

    func makeInitialState() -> State { State() }

    func apply(_ event: RecordedEvent, to state: inout State) throws {
        if event.position == failAt { throw Refused() }
        state.counts[event.typeName, default: 0] += 1
        state.lastPosition = event.position
    }
}
