import EventLog
import SystemSeam

/// Small files that must survive a crash whole: snapshots and the personal-data side store,
/// written through the log's ``FileSystem`` seam (the one owner of syscalls). A file is replaced
/// through a temporary file that is fully written and synced (`F_FULLFSYNC` on Apple platforms,
/// where plain fsync does not flush the drive's cache), then renamed over the old one, and the
/// directory is synced, so after a crash the file is either the old one or the new one.
enum DurableFile {
    /// Replaces `path` (a file in `directory`) by `bytes`, durably and atomically; a file it
    /// creates is readable by its owner only when `ownerOnly` is true. On failure the temporary
    /// file is removed (best effort) and the old file is left as it was.
    /// - Throws: ``SystemCallError`` naming the failing call.
    static func replace(_ bytes: [UInt8], at path: String, in directory: String, ownerOnly: Bool = false,
                        fileSystem fs: FileSystem) throws(SystemCallError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SystemCallError) in
                try replace(parts: [raw], at: path, in: directory, ownerOnly: ownerOnly, fileSystem: fs)
            }
        }
        try result.get()
    }

    /// Replaces `path` (a file in `directory`) by the concatenation of `parts`, written one after
    /// another (so a file made of pieces is never joined in memory), durably and atomically as
    /// ``replace(_:at:in:ownerOnly:fileSystem:)``.
    /// - Throws: ``SystemCallError`` naming the failing call.
    static func replace(parts: [UnsafeRawBufferPointer], at path: String, in directory: String, ownerOnly: Bool = false,
                        fileSystem fs: FileSystem) throws(SystemCallError) {
        let file = try Replacement.begin(path, in: directory, ownerOnly: ownerOnly, fileSystem: fs)
        do {
            var offset: Int64 = 0
            for part in parts {
                try file.write(part, at: offset)
                offset += Int64(part.count)
            }
        } catch {
            file.abandon()
            throw error
        }
        try file.commit()
    }

    /// The whole file at `path`, mapped read-only, or nil when there is no such file. Mapped
    /// lazily (``FileSystem/mapWhole``), not populated: a snapshot's reader lets go of the pages
    /// it has read as it goes, which a mapping that faults every page in up front would defeat.
    /// - Throws: ``SystemCallError`` when the file exists but cannot be opened, sized or mapped.
    static func map(_ path: String, fileSystem fs: FileSystem) throws(SystemCallError) -> MappedFile? {
        let fd: Int32
        do { fd = try fs.open(path, .readOnly) } catch {
            if error.errno == MappedFile.noSuchFile { return nil }
            throw error
        }
        defer { fs.close(fd) }
        let size = try fs.size(fd, path)
        return MappedFile(bytes: try fs.mapWhole(fd, Int(size), path), fileSystem: fs)
    }
}
