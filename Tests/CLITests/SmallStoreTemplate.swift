import Foundation
import Testing
import TestSupport

/// One ``SmallStore`` made per test run and copied for each test that only needs one to read,
/// so a table of many cases costs one import, not one per case.
extension SmallStore {
    private struct Template: Sendable {
        let directory: TemporaryDirectory
        let card: String
    }

    private static let template: Result<Template, any Error> = Result {
        let cli = BuiltProducts.executable("hindsight")
        let dir = try make(cli)
        let line = try ChildProcess.run(cli, ["tail", "--from", "8", "--limit", "1", "--json", "--data-dir", dir.appending("store").path])
        let object = try JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? [String: Any]
        guard let card = object?["streamId"] as? String else { throw SkipReason("no card at position 8: \(line.stdout)") }
        // Removed when the test process exits (a closure without captures, so a C function).
        atexit { try? SmallStore.template.get().directory.remove() }
        return Template(directory: dir, card: card)
    }

    /// The id of the card created at position 8 of the template (revlog card 3).
    static var card: String { (try? template.get().card) ?? "" }

    /// A fresh temporary directory holding a copy of the template in `store`.
    static func copy(_ cli: URL) throws -> TemporaryDirectory {
        let source = try template.get().directory
        let dir = try TemporaryDirectory(prefix: "hindsight-copy")
        try FileManager.default.copyItem(atPath: source.appending("store").path, toPath: dir.appending("store").path)
        return dir
    }
}
