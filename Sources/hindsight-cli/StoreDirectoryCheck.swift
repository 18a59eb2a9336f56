#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hindsight

/// The check every command that reads an existing store makes before it opens anything: that
/// the data directory exists, is a directory, holds a `log` directory and can be read by this
/// user. Each failure is told apart by the system's error number, so a permission problem is
/// never reported as a missing store (and never as damage).
enum StoreDirectoryCheck {
    /// Checks that `dataDirectory` holds a readable store.
    /// - Throws: ``QueryError`` saying what is wrong (no such directory, a file, not a store,
    ///   permission denied) and what to do.
    static func requireStore(at dataDirectory: String) throws(QueryError) {
        let create = "pass --data-dir with the store's directory, or create one with 'import' or 'demo'"
        switch kind(of: dataDirectory) {
        case .directory: break
        case .missing: throw QueryError("there is no store in \(dataDirectory): the directory does not exist; \(create)")
        case .notDirectory: throw QueryError("there is no store in \(dataDirectory): it is a file, not a directory; \(create)")
        case .failed(let number): throw failure(number, path: dataDirectory)
        }
        let log = dataDirectory + "/log"
        switch kind(of: log) {
        case .directory: break
        case .missing: throw QueryError("there is no store in \(dataDirectory) (no 'log' directory); \(create)")
        case .notDirectory: throw QueryError("there is no store in \(dataDirectory): its 'log' is a file, not a directory; \(create)")
        case .failed(let number): throw failure(number, path: log)
        }
        guard let stream = opendir(log) else { throw failure(errno, path: log) }
        closedir(stream)
    }

    /// Checks that a command that creates or writes a store (`import`, `demo`) can use
    /// `dataDirectory`: missing (it is created) or a directory whose `log`, if any, is a directory.
    /// - Throws: ``QueryError`` when it or its `log` is a file, or cannot be looked at (permission).
    static func requireUsableForWriting(at dataDirectory: String) throws(QueryError) {
        let advice = "pass --data-dir with a directory (a missing one is created)"
        switch kind(of: dataDirectory) {
        case .directory, .missing: break
        case .notDirectory: throw QueryError("cannot keep a store in \(dataDirectory): it is a file, not a directory; \(advice)")
        case .failed(let number): throw failure(number, path: dataDirectory)
        }
        switch kind(of: dataDirectory + "/log") {
        case .directory, .missing: break
        case .notDirectory: throw QueryError("cannot keep a store in \(dataDirectory): its 'log' is a file, not a directory; \(advice)")
        case .failed(let number): throw failure(number, path: dataDirectory + "/log")
        }
    }

    private enum Kind {
        case directory, missing, notDirectory
        case failed(Int32)
    }

    private static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            switch errno {
            case ENOENT: return .missing
            case ENOTDIR: return .notDirectory
            case let number: return .failed(number)
            }
        }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .notDirectory
    }

    private static func failure(_ number: Int32, path: String) -> QueryError {
        if PermissionDenied.matches(number) { return QueryError(PermissionDenied.message(reading: path)) }
        return QueryError("cannot read \(path): \(String(cString: strerror(number))); check the disk and the path")
    }
}
