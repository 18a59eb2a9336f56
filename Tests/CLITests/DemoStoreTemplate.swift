import Foundation
import Testing
import TestSupport

/// One demo store made per test run (`demo --now 2026-03-01T18:30:00+01:00`), shared by the
/// tests that only read it: the read-model commands open a store read-only and write nothing.
enum DemoStore {
    /// The `--now` the store was made at.
    static let now = "2026-03-01T18:30:00+01:00"

    private struct Template: Sendable {
        let directory: TemporaryDirectory
        let demoOutput: String
    }

    private static let template: Result<Template, any Error> = Result {
        let cli = BuiltProducts.executable("hindsight")
        let dir = try TemporaryDirectory(prefix: "hindsight-demo-template")
        let result = try ChildProcess.run(cli, ["demo", "--data-dir", dir.appending("store").path, "--now", now])
        guard result.status == 0 else { throw SkipReason("the demo failed: \(result.stderr)") }
        // Removed when the test process exits (a closure without captures, so a C function).
        atexit { try? DemoStore.template.get().directory.remove() }
        return Template(directory: dir, demoOutput: result.stdout)
    }

    /// What the first `demo` run printed.
    static func demoOutput() throws -> String { try template.get().demoOutput }

    /// The demo store's directory, for commands that take no `--now` (read-only: never write to it).
    static func path() throws -> String { try template.get().directory.appending("store").path }

    /// A copy of the demo store in `directory`, for a test that writes to it; returns its path.
    static func copy(into directory: TemporaryDirectory) throws -> String {
        let target = directory.appending("store").path
        try FileManager.default.copyItem(atPath: try path(), toPath: target)
        return target
    }

    /// Runs the CLI with `arguments` on the demo store (`--data-dir` and `--now` added).
    static func run(_ arguments: [String]) throws -> ProcessOutput {
        let store = try template.get().directory.appending("store").path
        return try ChildProcess.run(BuiltProducts.executable("hindsight"), arguments + ["--data-dir", store, "--now", now])
    }
}
