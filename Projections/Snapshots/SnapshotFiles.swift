#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The OS seam of snapshot writing: full writes, fsync (F_FULLFSYNC on Apple platforms, where
/// plain fsync does not flush the drive's cache), rename, and fsync of the directory.
enum SnapshotFiles {
    /// Writes `bytes` to `path` so that after a crash the file is either the old one or the new
    /// one, whole: temporary file, fsync, rename, fsync of `directory`.
    /// - Throws: ``SnapshotError`` (`writeFailed`) with the failing call and `errno`'s text.
    static func writeAtomically(_ bytes: [UInt8], to path: String, directory: String) throws(SnapshotError) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw failure("open", temporary) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                write(fd, raw.baseAddress! + written, raw.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                let error = failure("write", temporary)
                close(fd)
                throw error
            }
            written += n
        }
        guard durableSync(fd) == 0 else {
            let error = failure("fsync", temporary)
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw failure("rename", path) }
        let dirFD = open(directory, O_RDONLY)
        guard dirFD >= 0 else { throw failure("open", directory) }
        defer { close(dirFD) }
        guard fsync(dirFD) == 0 else { throw failure("fsync", directory) }
    }

    private static func durableSync(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        return fsync(fd)
        #else
        return fsync(fd)
        #endif
    }

    private static func failure(_ call: String, _ path: String) -> SnapshotError {
        SnapshotError(.writeFailed, "\(call) failed: \(String(cString: strerror(errno)))", path: path)
    }
}
