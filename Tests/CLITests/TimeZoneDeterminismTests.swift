import Foundation
import Testing
import TestSupport

/// The same log gives the same read models, byte for byte, whatever the time zone of the
/// process that folds it: local days come from each event's recorded UTC offset, never from
/// the machine. Checked on the built binary, in child processes with different `TZ`.
@Suite struct TimeZoneDeterminismTests {
    let cli = BuiltProducts.executable("hindsight")
    static let zones = ["UTC", "America/Los_Angeles", "Asia/Kathmandu", "Pacific/Kiritimati", "Australia/Lord_Howe"]

    /// Opens a copy of the fixture log (no snapshots) for writing under `zone` — by importing the
    /// log's own JSON Lines export again, which adds nothing but folds every read model from the
    /// log and saves their snapshots on close — and returns the snapshot files and what `stats`
    /// (which only reads) printed under `zone`.
    func fold(in zone: String) throws -> (snapshots: [String: Data], output: String) {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let log = dir.appending("log")
        try FileManager.default.createDirectory(at: log, withIntermediateDirectories: true)
        for name in ["00000000000000000001.log", "00000000000000000001.idx"] {
            try FileManager.default.copyItem(at: Fixtures.url("audit-store/log/\(name)"), to: log.appendingPathComponent(name))
        }
        let export = dir.appending("export.jsonl").path
        let exported = try ChildProcess.run(cli, ["export", "--format", "jsonl", "--output", export, "--data-dir", dir.path])
        #expect(exported.status == 0, "export failed: \(exported.stderr)")
        let imported = try ChildProcess.run(cli, ["import", export, "--data-dir", dir.path], environment: ["TZ": zone])
        #expect(imported.status == 0, "import under TZ=\(zone) failed: \(imported.stderr)")
        let result = try ChildProcess.run(cli, ["stats", "--data-dir", dir.path, "--days", "60", "--json",
                                                "--now", "2026-03-20T12:00:00Z"],
                                          environment: ["TZ": zone])
        #expect(result.status == 0, "stats under TZ=\(zone) failed: \(result.stderr)")
        let snapshotDir = dir.appending("snapshots")
        var snapshots: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: snapshotDir.path) {
            snapshots[name] = try Data(contentsOf: snapshotDir.appendingPathComponent(name))
        }
        return (snapshots, result.stdout)
    }

    @Test func foldingUnderAnyTimeZoneGivesIdenticalSnapshots() throws {
        let reference = try fold(in: Self.zones[0])
        #expect(reference.snapshots.count >= 6, "expected every read model's snapshot, got \(reference.snapshots.keys.sorted())")
        #expect(!reference.output.isEmpty)
        for zone in Self.zones.dropFirst() {
            let other = try fold(in: zone)
            #expect(other.snapshots.keys.sorted() == reference.snapshots.keys.sorted())
            for (name, bytes) in reference.snapshots {
                #expect(other.snapshots[name] == bytes, "\(name) differs under TZ=\(zone)")
            }
            #expect(other.output == reference.output, "stats output differs under TZ=\(zone)")
        }
    }
}
