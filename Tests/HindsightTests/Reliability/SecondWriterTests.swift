import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// One writer per store across processes (issue 19, build item 3): while a process holds the
/// store, a second writer (the CLI's `import`, another child, or an in-process open) is refused
/// with an error that names the lock and what to do, and writes nothing.
@Suite(.serialized) struct SecondWriterTests {
    @Test func aSecondWriterProcessIsRefused() async throws {
        let directory = try TemporaryDirectory(prefix: "hindsight-second-writer")
        defer { directory.remove() }
        let store = directory.path + "/store"
        let f = try await Store.open(directory: store, options: StoreKillTests.options)
        let first = try await f.importRevlog(RevlogText.make(rows: 50, seed: 2),
                                             options: RevlogImportOptions(profile: ProfileID(UUID()), deckName: "D"), path: nil)
        try await f.close()
        let revlog = directory.appending("other.csv").path
        try RevlogText.make(rows: 60, seed: 3).write(toFile: revlog, atomically: true, encoding: .utf8)

        let holder = try RunningChild(StoreKillTests.child, ["hold", store])
        defer { holder.kill() }
        try #require(try await holder.waitForLine { $0 == "ready" }, "the holder did not start: \(holder.standardError)")
        let filesBefore = try Self.files(in: store)

        let cli = try ChildProcess.run(BuiltProducts.executable("hindsight"),
                                       ["import", revlog, "--data-dir", store, "--profile", UUID().uuidString])
        #expect(cli.status == 1)
        #expect(cli.stdout.isEmpty)
        #expect(cli.stderr.contains("another writer has the log at \(store)/log open; close it first"), "\(cli.stderr)")
        #expect(cli.stderr.contains("(it holds the lock \(store)/log/writer.lock; readers need no lock)"), "\(cli.stderr)")

        let other = try RunningChild(StoreKillTests.child, ["commands", store, "1"])
        other.waitUntilExit()
        #expect(other.status == 1)
        #expect(other.lines.isEmpty)
        #expect(other.standardError.contains("another writer has the log at \(store)/log open; close it first"), "\(other.standardError)")

        let error = await #expect(throws: StoreError.self) {
            try await Store.open(directory: store, options: StoreKillTests.options)
        }
        #expect(error?.code == .locked)

        #expect(try Self.files(in: store) == filesBefore, "a refused writer changed the store's files")
        holder.kill()
        let last = try await RecoveredStore.check(store, options: StoreKillTests.options, acknowledged: [], resend: [])
        #expect(last == UInt64(first.added))
    }

    /// Every file under `directory` (relative path) and its bytes.
    static func files(in directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        for name in try manager.subpathsOfDirectory(atPath: directory) {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + name
            if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = manager.contents(atPath: path)
            }
        }
        return files
    }
}
