import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Events
@testable import Projections

/// Collects log lines written by the code under test.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

@Suite struct SnapshotStoreTests {
    func snapshot() async -> Snapshot {
        let projector = Projector(TypeCountProjection())
        await projector.apply(sampleEvents(100))
        return await projector.snapshot()
    }

    @Test func savesAtomicallyAndLoadsTheSameSnapshot() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let store = SnapshotStore(directory: dir.path + "/snapshots", log: { _ in })
        let saved = await snapshot()
        try store.save(saved)
        try store.save(saved)   // replacing is fine
        #expect(store.load("type-counts") == saved)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/snapshots")
        #expect(files == ["type-counts.snapshot"])  // no temporary file left behind
    }

    @Test func aMissingSnapshotIsNilWithoutALogLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = LogLines()
        #expect(SnapshotStore(directory: dir.path, log: lines.sink).load("type-counts") == nil)
        #expect(lines.all.isEmpty)
    }

    /// Every single-byte flip and every truncation of the file is detected and discarded.
    @Test func everyFlippedByteOrTruncationIsDiscardedAndLogged() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let lines = LogLines()
        let store = SnapshotStore(directory: dir.path, log: lines.sink)
        let bytes = await snapshot().encoded()
        let path = store.path(of: "type-counts")
        var damaged = 0
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x20
            try Data(flipped).write(to: URL(fileURLWithPath: path))
            if store.load("type-counts") == nil { damaged += 1 }
            try Data(bytes[..<index]).write(to: URL(fileURLWithPath: path))
            if store.load("type-counts") == nil { damaged += 1 }
        }
        #expect(damaged == 2 * bytes.count)
        #expect(lines.all.count == 2 * bytes.count)
        #expect(lines.all.allSatisfy { $0.contains("discarded snapshot") && $0.contains("rebuilding 'type-counts' from the log") })
    }
}
