/// Where a store keeps its parts inside its data directory: the log in `log/`, the read
/// models' snapshots in `snapshots/`, personal data in `personal/`.
public struct DataDirectoryLayout: Sendable, Equatable {
    /// The data directory.
    public let path: String

    /// The layout of the data directory at `path`.
    public init(path: String) { self.path = path }

    /// The log's directory.
    public var log: String { path + "/log" }
    /// The snapshots' directory.
    public var snapshots: String { path + "/snapshots" }
    /// The personal-data side store's directory.
    public var personal: String { path + "/personal" }
}
