#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The OS seam for small files that must survive a crash whole: snapshots and the personal-data
/// side store. A file is replaced through a temporary file that is fully written and synced
/// (`F_FULLFSYNC` on Apple platforms, where plain fsync does not flush the drive's cache), then
/// renamed over the old one, and the directory is synced, so after a crash the file is either
/// the old one or the new one.
package enum DurableFile {
    /// A system call that failed: which, on what, and the OS's reason.
    package struct Failure: Error, Sendable {
        /// The call, e.g. "fsync".
        package let call: String
        /// The file or directory it was made on.
        package let path: String
        /// `strerror(errno)`.
        package let reason: String
    }

    /// Replaces `path` (a file in `directory`) by `bytes`, durably and atomically. When writing
    /// or syncing the temporary file fails (a full disk), it is removed: a half-written file
    /// would hold the space that is lacking.
    /// - Throws: ``Failure`` naming the failing call.
    package static func replace(_ bytes: [UInt8], at path: String, in directory: String,
                                permissions: mode_t = 0o644) throws(Failure) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, permissions)
        guard fd >= 0 else { throw failure("open", temporary) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, raw.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let error = failure("write", temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            written += n
        }
        guard durableSync(fd) == 0 else {
            let error = failure("fsync", temporary)
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw failure("rename", path) }
        try syncDirectory(directory)
    }

    /// Syncs `directory`, so that renames and removals in it survive a crash.
    /// - Throws: ``Failure``.
    package static func syncDirectory(_ directory: String) throws(Failure) {
        let fd = open(directory, O_RDONLY)
        guard fd >= 0 else { throw failure("open", directory) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure("fsync", directory) }
    }

    private static func durableSync(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(fd)
    }

    /// The failure of `call` on `path`, with the OS's reason for the current `errno`.
    static func failure(_ call: String, _ path: String) -> Failure {
        Failure(call: call, path: path, reason: String(cString: strerror(errno)))
    }
}
