import EventLog
import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Verification of real data directories: healthy, with a flipped byte in the log, with
/// damaged and outdated snapshots.
@Suite struct StoreVerifierTests {
    /// A store with a history and current snapshots of every read model.
    func store(in dir: TemporaryDirectory, configuration: ReadModelConfiguration = ReadModelConfiguration()) async throws -> HistoryBuilder {
        let (builder, _) = ScheduleRebuildTests.history(seed: 11)
        try await builder.write(to: dir.path)
        let models = try await HistoryBuilder.fold(builder.events, configuration: configuration)
        try await models.save(to: SnapshotStore(directory: dir.path + "/snapshots", log: { _ in }),
                               anchoringIn: LogReader(directory: dir.path + "/log"))
        return builder
    }

    func flipByte(at fraction: Double, in path: String) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let index = Int(Double(bytes.count) * fraction)
        bytes[index] ^= 0x5A
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func findsNothingOnAHealthyStore() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let builder = try await store(in: dir)
        let report = try await StoreVerifier.verify(dataDirectory: dir.path, configuration: ReadModelConfiguration())
        #expect(report.isHealthy)
        #expect(report.log.records == builder.events.count)
        #expect(report.log.lastPosition == UInt64(builder.events.count))
        #expect(report.undecodable.isEmpty)
        #expect(report.snapshots.count == StoreFixture.builtInReadModels)
        #expect(report.snapshots.allSatisfy { $0.status == .current })
    }

    @Test(arguments: [0.3, 0.5, 0.9])
    func findsAFlippedByteNamingSegmentOffsetAndPosition(fraction: Double) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        _ = try await store(in: dir)
        let segment = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/log")
            .sorted().first { $0.hasSuffix(".log") })
        try flipByte(at: fraction, in: dir.path + "/log/" + segment)
        let report = try await StoreVerifier.verify(dataDirectory: dir.path, configuration: ReadModelConfiguration())
        #expect(!report.isHealthy)
        let damage = try #require(report.log.damage.first)
        #expect(damage.segment == segment)
        #expect(damage.offset > 0)
        #expect(damage.firstPosition >= 1 && damage.firstPosition <= damage.lastPosition)
    }

    @Test func reportsDamagedAndOutdatedSnapshots() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        _ = try await store(in: dir)
        try flipByte(at: 0.5, in: dir.path + "/snapshots/vocabulary.snapshot")
        let report = try await StoreVerifier.verify(dataDirectory: dir.path, configuration: ReadModelConfiguration())
        #expect(!report.isHealthy)
        #expect(report.log.damage.isEmpty)
        let vocabulary = try #require(report.snapshots.first { $0.path.hasSuffix("/vocabulary.snapshot") })
        #expect(vocabulary.status == .damaged)
        #expect(vocabulary.detail.contains("checksum"))

        // Snapshots of another configuration are outdated, which is not damage.
        let other = try TemporaryDirectory()
        defer { other.remove() }
        _ = try await store(in: other, configuration: ReadModelConfiguration(dailyNewCardLimit: 5))
        let outdated = try await StoreVerifier.verify(dataDirectory: other.path, configuration: ReadModelConfiguration())
        #expect(outdated.isHealthy)
        #expect(outdated.snapshots.first { $0.path.hasSuffix("/vocabulary.snapshot") }?.status == .outdated)
    }

    @Test("a snapshot whose checksum holds but whose state does not decode is damaged, naming the reason",
          arguments: ["card-content", "vocabulary", "command-ledger"])
    func undecodableStateIsDamaged(name: String) async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        _ = try await store(in: dir)
        if name == "command-ledger" {
            // `store(in:)` writes the read models' snapshots; the ledger's comes from a store's close.
            let store = try await Store.open(directory: dir.path, options: StoreFixture.options())
            try await store.close()
        }
        let path = dir.path + "/snapshots/\(name).snapshot"
        let snapshot = try Snapshot(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        // The same header, a state cut short by one byte, and a fresh checksum.
        let cut = Snapshot(projection: snapshot.projection, version: snapshot.version, fingerprint: snapshot.fingerprint,
                           position: snapshot.position, logAnchor: snapshot.logAnchor, state: Array(snapshot.state.dropLast()))
        try Data(cut.encoded()).write(to: URL(fileURLWithPath: path))
        let report = try await StoreVerifier.verify(dataDirectory: dir.path, configuration: ReadModelConfiguration())
        #expect(!report.isHealthy)
        let check = try #require(report.snapshots.first { $0.path.hasSuffix("/\(name).snapshot") })
        #expect(check.status == .damaged)
        #expect(check.detail.contains("does not decode"), "\(check.detail)")
        #expect(report.snapshots.filter { $0.status == .damaged }.count == 1)
    }

    @Test func aMissingLogIsAnError() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let error = try await #require(throws: HistoryError.self) {
            try await StoreVerifier.verify(dataDirectory: dir.path + "/nothing", configuration: ReadModelConfiguration())
        }
        #expect(error.code == .missingLog)
    }
}
