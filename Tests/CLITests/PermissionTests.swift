import Foundation
import Testing
import TestSupport

/// Defect 7: a store this user may not read is a permission problem, said so with what to do;
/// never "no store", never damage, never advice to delete anything. The tests run as root, so the
/// CLI runs as user 65534 (nobody) on a store root made.
@Suite struct PermissionTests {
    let cli = BuiltProducts.executable("hindsight")

    enum Lockout: String, CaseIterable, CustomStringConvertible {
        /// Every file root-owned with mode 0600 (directories stay 0755).
        case filesPrivate = "files 0600"
        /// The store's directory at mode 000.
        case directoryClosed = "directory 000"
        var description: String { rawValue }
    }

    static let commands: [[String]] = [
        ["stats", "--now", "2026-02-27T20:00:00+01:00"],
        ["due", "--now", "2026-02-27T20:00:00+01:00"],
        ["tail", "--limit", "1"],
        ["export", "--format", "jsonl", "--output", "OUT/all.jsonl"],
        ["verify"],
        ["audit", "card", "00000000-0000-0000-0000-000000000001"],
    ]

    @Test(arguments: Lockout.allCases, commands)
    func aStoreThisUserCannotReadIsAPermissionProblem(lockout: Lockout, arguments: [String]) throws {
        let prefix: [String]
        switch CLIProcess.unprivileged {
        case .success(let value): prefix = value
        case .failure(let reason):
            print("skipped: \(reason)")
            return
        }
        let dir = try SmallStore.make(cli)
        defer {
            _ = chmod(dir.appending("store").path, 0o755)
            dir.remove()
        }
        let out = dir.appending("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        #expect(chmod(out.path, 0o777) == 0)
        let store = dir.appending("store").path
        switch lockout {
        case .filesPrivate:
            let files = FileManager.default.enumerator(atPath: store)!.compactMap { $0 as? String }
            for file in files where !isDirectory(store + "/" + file) {
                #expect(chmod(store + "/" + file, 0o600) == 0)
            }
        case .directoryClosed:
            #expect(chmod(store, 0) == 0)
        }
        let before = try DirectoryTree.snapshot(dir.url)
        let words = arguments.map { $0.replacingOccurrences(of: "OUT", with: out.path) } + ["--data-dir", store]
        let result = try CLIProcess.runUnprivileged(prefix, words)
        let message = result.stderr.lowercased()
        #expect(result.status == 1 && !result.signalled, "\(result.stderr)")
        #expect(message.contains("permission denied"), "\(result.stderr)")
        #expect(message.contains("run as the store's owner or fix its permissions"), "\(result.stderr)")
        for misleading in ["remove it", "delete", "no store", "does not decode", "damaged", "restore", "hindsight verify"] {
            #expect(!message.contains(misleading), "says '\(misleading)': \(result.stderr)")
        }
        #expect(try DirectoryTree.snapshot(dir.url) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    private func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}
