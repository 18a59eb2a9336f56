import EventLog
import Foundation
import Testing
import TestSupport

/// Found by the power-loss simulation (issue 19): a power loss during an unsynced write of a
/// batch spanning several sectors can leave a later sector written and an earlier one not
/// (zeros). That is a torn write, not damage: the batch was never acknowledged. Open used to
/// refuse the log ("damaged record ... valid records follow it"); now it cuts the batch, readers
/// end before it, and verify reports it as what the next open cuts.
@Suite struct TornWriteTests {
    /// A log of `kept` batches, then a batch of records spanning several sectors, one of whose
    /// sectors after its first frame is zeroed. Returns the segment's bytes before the tear, and
    /// the offset where the torn batch starts.
    static func tornLog(in directory: TemporaryDirectory, zeroing sectorIndex: Int?) async throws -> (kept: [[UInt8]], start: Int) {
        let kept = LogFixtures.payloads(3, seed: 12, lengths: 50...100)
        let torn = LogFixtures.payloads(6, seed: 13, lengths: 300...400)
        let writer = try await LogWriter.open(directory: directory.path)
        for payload in kept { _ = try await writer.append(payload) }
        _ = try await writer.append(contentsOf: torn)
        try await writer.close()
        let name = LogFixtures.segmentName(1)
        var bytes = try LogFixtures.bytes(directory, name)
        let start = 32 + kept.map(LogFixtures.frameSize).reduce(0, +)
        if let sectorIndex {
            let sector = (start / 512 + sectorIndex) * 512
            for index in max(sector, start)..<min(sector + 512, bytes.count) { bytes[index] = 0 }
        }
        try LogFixtures.write(bytes, directory, name)
        try? FileManager.default.removeItem(at: directory.appending(LogFixtures.sealName(name)))
        return (kept, start)
    }

    /// Zeroing the sector the batch starts in (from its start), or a later one: a torn write.
    @Test(arguments: [0, 1, 2])
    func aZeroedSectorIsATornWrite(sectorIndex: Int) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (kept, start) = try await Self.tornLog(in: directory, zeroing: sectorIndex)
        let reader = LogReader(directory: directory.path)
        #expect(try reader.records().map(\.payload) == kept)
        let report = try LogVerifier.verify(directory: directory.path)
        #expect(report.isHealthy)
        #expect(report.records == 3 && report.lastPosition == 3)
        #expect(report.tornTail?.offset == Int64(start))
        #expect(report.tornTail?.reason.hasPrefix("a write torn by a power loss") == true)
        let writer = try await LogWriter.open(directory: directory.path)
        #expect(writer.lastPosition == 3)
        #expect(try writer.reader.records().map(\.payload) == kept)
        try await writer.close()
        #expect(try LogFixtures.bytes(directory, LogFixtures.segmentName(1)).count == start)
    }

    /// A flipped byte in the same place, with no zeroed sector, stays damage.
    @Test func aFlippedByteStaysDamage() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (_, start) = try await Self.tornLog(in: directory, zeroing: nil)
        let name = LogFixtures.segmentName(1)
        var bytes = try LogFixtures.bytes(directory, name)
        bytes[start + 30] ^= 0x20
        try LogFixtures.write(bytes, directory, name)
        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path) }
        #expect(error.code == .corruptRecord && error.offset == Int64(start) && error.position == 4)
        #expect(try LogVerifier.verify(directory: directory.path).damage.map(\.positions) == [4...4])
    }
}
