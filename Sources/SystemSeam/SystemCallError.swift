/// A failed system call, as the file-system seam reports it: which call, on which path,
/// and the `errno` it left.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call's name, e.g. `"fdatasync"`.
    public var call: String
    /// The file or directory the call was about.
    public var path: String
    /// The C `errno` value.
    public var errno: Int32

    /// A failure of `call` on `path` with `errno`.
    package init(call: String, path: String, errno: Int32) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    /// `"fdatasync(/dir/…log): Input/output error (errno 5)"`.
    public var description: String {
        "\(call)(\(path)): \(FileSystem.describe(errno: errno)) (errno \(errno))"
    }
}
