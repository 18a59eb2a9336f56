import Foundation

/// Locates the fixtures kept in the repository under `Tests/Fixtures`, from this source
/// file's own path, so any test target can read them without depending on the working
/// directory (and never from outside the repository).
public enum Fixtures {
    /// The `Tests/Fixtures` directory.
    public static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()   // Tests/TestSupport
            .deletingLastPathComponent()   // Tests
            .appendingPathComponent("Fixtures", isDirectory: true)
    }

    /// The URL of `relativePath` inside `Tests/Fixtures`, e.g. `"fsrs-vectors/revlog.csv"`.
    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }

    /// The bytes of the fixture at `relativePath`.
    /// - Throws: the file system's error when the fixture is missing or unreadable.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }
}
