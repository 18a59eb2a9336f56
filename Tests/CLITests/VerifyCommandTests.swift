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
