import Foundation
import Hindsight
import Testing
import TestSupport

/// Reading commands open the store read-only: no lock, no file written, correct on a read-only
/// store and while another process holds the store (issue: `stats` and `due` took the writer
/// lock and rewrote the index, the seal and every snapshot on each run, failed on a read-only
/// store, and created a store in a directory whose `log/` was empty).
@Suite struct ReadOnlyCommandTests {
    let cli = BuiltProducts.executable("hindsight")
    static let now = "2026-02-27T20:00:00+01:00"

    /// The reading commands, each with its arguments (an output file outside the store).
    static func readingCommands(output: String) -> [[String]] {
        [["stats", "--days", "3", "--now", now], ["due", "--now", now], ["verify"], ["tail", "--from", "1", "--limit", "3"],
         ["export", "--format", "jsonl", "--output", output], ["rebuild", "--parameters", "fsrs5"]]
    }

    /// Every file under `path` with its bytes and mode.
    static func tree(_ path: String) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + name)
            let data = FileManager.default.contents(atPath: path + "/" + name) ?? Data()
            files[name] = "\(attributes[.posixPermissions] ?? 0) \(attributes[.modificationDate] ?? 0) \(data.hashValue) \(data.count)"
        }
        return files
    }

    @Test func readingCommandsWriteNothing() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let store = dir.appending("store").path
        let before = try Self.tree(store)
        #expect(before.keys.contains { $0.hasPrefix("snapshots/") })
        for arguments in Self.readingCommands(output: dir.appending("out.jsonl").path) {
            let result = try SmallStore.run(cli, arguments, in: dir)
            #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
            #expect(try Self.tree(store) == before, "\(arguments[0]) changed the store's files")
        }
    }

    @Test func statsAndDueReadAStoreAnotherProcessHolds() async throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let alone = try SmallStore.run(cli, ["stats", "--days", "3", "--now", Self.now], in: dir)
        let held = try await Store.open(directory: dir.appending("store").path,
                                        options: StoreOptions(clock: { Timestamp(milliseconds: 1_772_300_000_000) }))
        for arguments in [["stats", "--days", "3", "--now", Self.now], ["due", "--now", Self.now]] {
            let result = try SmallStore.run(cli, arguments, in: dir)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            if arguments[0] == "stats" { #expect(result.stdout == alone.stdout) }
        }
        try await held.close()
    }

    @Test func readingCommandsWorkOnAReadOnlyFileSystem() throws {
        guard getuid() == 0 else {
            print("skipped: mounting a read-only file system needs root")
            return
        }
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let mount = dir.appending("ro").path
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        guard try ChildProcess.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=8m", "tmpfs", mount]).status == 0 else {
            print("skipped: tmpfs cannot be mounted here")
            return
        }
        defer { _ = try? ChildProcess.run(URL(fileURLWithPath: "/bin/umount"), [mount]) }
        try FileManager.default.copyItem(atPath: dir.appending("store").path, toPath: mount + "/store")
        let remount = try ChildProcess.run(URL(fileURLWithPath: "/bin/mount"), ["-o", "remount,ro", mount])
        #expect(remount.status == 0, "\(remount.stderr)")
        for arguments in Self.readingCommands(output: dir.appending("out.jsonl").path) {
            let writable = try SmallStore.run(cli, arguments, in: dir)
            let readOnly = try ChildProcess.run(cli, arguments + ["--data-dir", mount + "/store"], currentDirectory: dir.url)
            #expect(readOnly.status == 0, "\(arguments[0]) on a read-only store: \(readOnly.stderr)")
            if arguments[0] != "verify" && arguments[0] != "export" {
                #expect(readOnly.stdout == writable.stdout, "\(arguments[0])")
            }
        }
    }

    @Test(arguments: ["stats", "due"])
    func anEmptyLogDirectoryIsNoStoreAndStaysEmpty(command: String) throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-empty")
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.appending("store/log").path, withIntermediateDirectories: true)
        let result = try ChildProcess.run(cli, [command, "--data-dir", dir.appending("store").path, "--now", Self.now])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a Hindsight store"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appending("store").path) == ["log"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appending("store/log").path).isEmpty)
    }
}
