import EventLog
import Foundation
import Testing
import TestSupport

/// `hindsight verify` on the built binary: healthy, a flipped log byte, a damaged snapshot.
@Suite struct VerifyCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    func flipByte(in path: String, at fraction: Double) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[Int(Double(bytes.count) * fraction)] ^= 0x5A
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func aHealthyStoreExitsZero() throws {
        let dir = try AuditCommandTests.storeCopy()
        defer { dir.remove() }
        let result = try ChildProcess.run(cli, ["verify", "--data-dir", dir.appending("store").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("329 record(s)"))
        #expect(result.stdout.contains("ok: nothing is damaged"))
        #expect(!result.stdout.contains("DAMAGED"))
    }

    @Test func aFlippedByteExitsThreeNamingSegmentOffsetAndPosition() throws {
        let dir = try AuditCommandTests.storeCopy()
        defer { dir.remove() }
        let store = dir.appending("store").path
        try flipByte(in: store + "/log/00000000000000000001.log", at: 0.5)
        let result = try ChildProcess.run(cli, ["verify", "--data-dir", store])
        #expect(result.status == 3)
        #expect(result.stdout.contains("DAMAGED: segment 00000000000000000001.log, offset "))
        #expect(result.stdout.contains("positions "))
        let json = try ChildProcess.run(cli, ["verify", "--data-dir", store, "--json"])
        #expect(json.status == 3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["healthy"] as? Bool == false)
        let damage = try #require(((object["report"] as? [String: Any])?["log"] as? [String: Any])?["damage"] as? [[String: Any]])
        #expect(damage.first?["segment"] as? String == "00000000000000000001.log")
        #expect((damage.first?["firstPosition"] as? NSNumber)?.intValue ?? 0 >= 1)
    }

    /// Issue 19: a batch that was never completed (an import killed mid-write) is not counted as
    /// healthy records; verify says what the next open cuts and why, and exits 0 (not damage).
    @Test func anIncompleteFinalBatchIsReportedAsWhatTheNextOpenCuts() throws {
        let dir = try AuditCommandTests.storeCopy()
        defer { dir.remove() }
        let store = dir.appending("store").path
        let segment = URL(fileURLWithPath: store + "/log/00000000000000000001.log")
        var bytes = [UInt8](try Data(contentsOf: segment))
        let healthyEnd = bytes.count
        var frames: [UInt8] = []
        for position in UInt64(330)...332 {
            [UInt8](repeating: 7, count: 40).withUnsafeBytes { RecordFrame.append(position: position, flags: 0, payload: $0, to: &frames) }
        }
        bytes += frames + [UInt8](repeating: 0, count: 100)
        try Data(bytes).write(to: segment)

        let result = try ChildProcess.run(cli, ["verify", "--data-dir", store])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("329 record(s), last position 329"))
        #expect(result.stdout.contains("note: the next open cuts 3 record(s), positions 330...332, and \(frames.count + 100) byte(s) at the end of segment 00000000000000000001.log (offset \(healthyEnd)): a batch that was never completed: the writer stopped mid-append; its records were never acknowledged. This is not damage"), "\(result.stdout)")
        #expect(result.stdout.contains("ok: nothing is damaged"))

        let json = try ChildProcess.run(cli, ["verify", "--data-dir", store, "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["healthy"] as? Bool == true)
        let log = try #require((object["report"] as? [String: Any])?["log"] as? [String: Any])
        #expect((log["records"] as? NSNumber)?.intValue == 329)
        #expect((log["lastPosition"] as? NSNumber)?.intValue == 329)
        let cut = try #require(log["nextOpenCuts"] as? [String: Any])
        #expect((cut["records"] as? NSNumber)?.intValue == 3)
        #expect((cut["firstPosition"] as? NSNumber)?.intValue == 330)
        #expect((cut["lastPosition"] as? NSNumber)?.intValue == 332)
        #expect((cut["offset"] as? NSNumber)?.intValue == healthyEnd)
        #expect((cut["bytes"] as? NSNumber)?.intValue == frames.count + 100)
        #expect((cut["reason"] as? String)?.hasPrefix("a batch that was never completed") == true)
        #expect(cut["segment"] as? String == "00000000000000000001.log")
        #expect(log["tornTail"] as? String == "00000000000000000001.log at offset \(healthyEnd)")
    }

    @Test func aDamagedSnapshotExitsThree() throws {
        let dir = try AuditCommandTests.storeCopy()
        defer { dir.remove() }
        let store = dir.appending("store").path
        try flipByte(in: store + "/snapshots/activity.snapshot", at: 0.4)
        let result = try ChildProcess.run(cli, ["verify", "--data-dir", store])
        #expect(result.status == 3)
        #expect(result.stdout.contains("activity.snapshot: damaged"))
    }

    @Test func errorsGoToStderr() throws {
        let missing = try ChildProcess.run(cli, ["verify", "--data-dir", "/nonexistent/store"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("there is no log in /nonexistent/store"))
        let usage = try ChildProcess.run(cli, ["verify", "--frobnicate"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("unexpected argument"))
        let help = try ChildProcess.run(cli, ["verify", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: hindsight verify [--data-dir DIR] [--json]"))
    }
}
