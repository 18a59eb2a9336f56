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

    /// Defect 10: a store the CLI made (it snapshots its command ledger) verified healthy but
    /// listed command-ledger.snapshot as "unknown".
    @Test func aStoreTheCLIMadeHasNoUnknownSnapshotsOrFiles() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let store = dir.appending("store").path
        #expect(FileManager.default.fileExists(atPath: store + "/snapshots/command-ledger.snapshot"))
        let result = try ChildProcess.run(cli, ["verify", "--data-dir", store])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("command-ledger.snapshot: current (at position 9)"), "\(result.stdout)")
        #expect(!result.stdout.contains("unknown"), "\(result.stdout)")
        #expect(!result.stdout.contains("note:"), "\(result.stdout)")
    }

    /// Issue item 6: verify names every file it does not recognise, and every snapshot it skips,
    /// with the reason; none of them is damage.
    @Test func namesEveryFileItDoesNotRecogniseAndEverySnapshotItSkips() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let store = dir.appending("store").path
        let manager = FileManager.default
        for junk in ["notes.txt", "log/backup.log", "log/00000000000000000001.log.tmp", "snapshots/readme",
                     "personal/names.json"] {
            #expect(manager.createFile(atPath: store + "/" + junk, contents: Data("x".utf8)))
        }
        try? manager.removeItem(atPath: store + "/log/00000000000000000001.seal")
        try manager.createDirectory(atPath: store + "/log/00000000000000000001.seal", withIntermediateDirectories: false)
        try manager.copyItem(atPath: store + "/snapshots/profiles.snapshot", toPath: store + "/snapshots/old-profiles.snapshot")
        let result = try ChildProcess.run(cli, ["verify", "--data-dir", store])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let expected = [
            "note: \(store)/log/00000000000000000001.log.tmp: left over from a write that was interrupted; the store deletes or replaces it when it next writes here",
            "note: \(store)/log/00000000000000000001.seal: is a directory where the store expects a plain file; the store cannot use it: move it away and restore the file from a backup",
            "note: \(store)/log/backup.log: the log uses only its segments (<20 digits>.log), their .idx and .seal files and writer.lock; it ignores this one",
            "note: \(store)/notes.txt: not part of a Hindsight store; the store never reads or changes it",
            "note: \(store)/personal/names.json: the personal-data store reads only <profile UUID>.json files; it ignores this one",
            "note: \(store)/snapshots/readme: the store reads only <read model>.snapshot files here; it ignores this one",
            "snapshot \(store)/snapshots/old-profiles.snapshot: unknown (skipped: it holds read model 'profiles' under another file name; the store reads that read model from profiles.snapshot only)",
        ]
        for line in expected {
            #expect(result.stdout.contains(line + "\n"), "missing: \(line)\n\(result.stdout)")
        }
        let json = try ChildProcess.run(cli, ["verify", "--data-dir", store, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require((object["report"] as? [String: Any])?["unrecognised"] as? [[String: Any]])
        #expect(files.compactMap { $0["path"] as? String } == [
            "log/00000000000000000001.log.tmp", "log/00000000000000000001.seal", "log/backup.log", "notes.txt",
            "personal/names.json", "snapshots/readme",
        ].map { store + "/" + $0 })
    }

    @Test func errorsGoToStderr() throws {
        let missing = try ChildProcess.run(cli, ["verify", "--data-dir", "/nonexistent/store"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("there is no store in /nonexistent/store: the directory does not exist"))
        let usage = try ChildProcess.run(cli, ["verify", "--frobnicate"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("unknown option --frobnicate"))
        let help = try ChildProcess.run(cli, ["verify", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("usage: hindsight verify [--data-dir DIR] [--json]"))
    }
}
