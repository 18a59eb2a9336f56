#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The OS seam of the personal-data side store: a file replaced atomically and durably
/// (temporary file, full write, fsync — `F_FULLFSYNC` on Apple platforms — rename, fsync of the
/// directory), and a file removed durably. After a crash a file is the old one or the new one.
enum AtomicFile {
    /// Replaces `path` (in `directory`) by `bytes`.
    /// - Throws: ``StoreError`` `personalData` naming the failing call, the file and the OS error.
    static func replace(_ bytes: [UInt8], to path: String, directory: String) throws(StoreError) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw failure("open", temporary) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, raw.count - written) }
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
        try syncDirectory(directory)
    }

    /// Fsyncs `directory` so that renames in it survive a crash.
    /// - Throws: ``StoreError`` `personalData`.
    static func syncDirectory(_ directory: String) throws(StoreError) {
        let dirFD = open(directory, O_RDONLY)
        guard dirFD >= 0 else { throw failure("open", directory) }
        defer { close(dirFD) }
        guard fsync(dirFD) == 0 else { throw failure("fsync", directory) }
    }

    private static func durableSync(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return fsync(fd)
    }

    private static func failure(_ call: String, _ path: String) -> StoreError {
        StoreError(.personalData, "\(call) failed: \(String(cString: strerror(errno))); check the disk and the directory's permissions",
                   path: path)
    }
}
