import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
/// Tests use real files in these (never mocks of the file system).
public struct TemporaryDirectory: Sendable {
    /// The directory's URL.
    public let url: URL
    /// The directory's path.
    public var path: String { url.path }

    /// Creates a new, empty directory whose name starts with `prefix`.
    /// - Throws: the file system's error if the directory cannot be created.
    public init(prefix: String = "hindsight-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The URL of `name` inside the directory.
    public func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
