import Events
import SystemSeam

/// A file an export writes through fixed-size buffers, so memory does not grow with the
/// output. The bytes go to `<path>.partial`; ``commit()`` syncs it and renames it over `path`,
/// so a failed or interrupted export never leaves a half-written file under the real name (nor
/// replaces an earlier complete one). When `path` already exists and is not a regular file (a
/// symbolic link such as `/dev/stdout`, a device, a pipe), the bytes are written through it
/// directly (a file it leads to is truncated first): a rename would replace the link or the
/// device node instead. Every write, the sync and the close are checked, so a full
/// disk (`/dev/full`) fails the export. Every system call goes through the ``FileSystem`` seam.
///
/// Full buffers are written behind, on a thread of their own (``ExportWriteBehind``), while the
/// exporter fills the next: a failed write fails the next write or the commit.
final class ExportOutputFile {
    /// The path the finished file gets.
    let path: String
    private let partialPath: String
    /// True when writing straight to `path` (a link, device or pipe): no partial file, no rename.
    private let direct: Bool
    private let files: FileSystem
    private var descriptor: Int32
    /// The bytes written and not yet handed over.
    private var buffer: JSONByteBuffer
    private let capacity: Int
    private let behind: ExportWriteBehind

    /// Creates (truncating) `<path>.partial` for writing, or opens `path` itself when it is a
    /// link, device or pipe.
    /// - Throws: ``ExportError`` `.outputFailed` naming the path and the system's reason.
    init(path: String, bufferSize: Int = 1 << 20, files: FileSystem = .posix) throws(ExportError) {
        self.path = path
        self.files = files
        partialPath = path + ".partial"
        capacity = max(bufferSize, 4096)
        buffer = JSONByteBuffer(capacity: capacity)
        let found = files.inspect(path)
        if found.target == .directory {
            throw ExportError(.outputFailed, "the export file is a directory; choose a file name", path: path)
        }
        // A link (e.g. /dev/stdout), device or pipe is written in place: a rename would replace
        // the link or the device node instead of writing where it leads.
        direct = found.entry != nil && found.entry != .regular
        do {
            descriptor = direct ? try files.open(path, .writeExisting(truncate: found.target == .regular))
                                : try files.open(partialPath, .createTruncate)
        } catch {
            throw ExportError(.outputFailed, "cannot create the export file: \(Self.reason(error)); check that its directory exists and is writable",
                              path: path)
        }
        behind = ExportWriteBehind(descriptor: descriptor, path: direct ? path : partialPath, files: files, advises: !direct)
    }

    deinit {
        if descriptor >= 0 {
            // No write may be left in flight on the descriptor closed.
            try? behind.finish()
            files.close(descriptor)
            if !direct { try? files.remove(partialPath) }
        }
    }

    /// Appends `bytes`.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails (disk full...).
    func write(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        buffer.write(raw: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Appends the bytes gathered in `bytes` and leaves it empty, without copying them: its
    /// memory is handed over to be written behind, and `bytes` gets an empty buffer in exchange.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func write(taking bytes: inout JSONByteBuffer) throws(ExportError) {
        try flush()
        guard bytes.count > 0 else { return }
        try handOver(&bytes)
    }

    /// Appends the bytes of `collection` (an array, `Data`, a string's UTF-8...).
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func write(_ collection: some Collection<UInt8>) throws(ExportError) {
        let count = collection.count
        buffer.append(upTo: count) { start in
            _ = UnsafeMutableBufferPointer(start: start, count: count).initialize(from: collection)
            return count
        }
        if buffer.count >= capacity { try flush() }
    }

    /// Appends the UTF-8 of `text`.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func write(_ text: String) throws(ExportError) {
        try write(text.utf8)
    }

    /// Appends one byte.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func write(byte: UInt8) throws(ExportError) {
        buffer.write(byte: byte)
        if buffer.count >= capacity { try flush() }
    }

    /// Hands what is buffered over to be written.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func flush() throws(ExportError) {
        guard buffer.count > 0 else { return }
        try handOver(&buffer)
    }

    /// Flushes, syncs, closes and renames the file to its real name (a device or pipe is
    /// flushed and closed only).
    /// - Throws: ``ExportError`` `.outputFailed` when the last write, the sync or the rename
    ///   fails; the partial file is then removed.
    func commit() throws(ExportError) {
        try flush()
        do {
            try behind.finish()
        } catch {
            throw Self.writeFailed(error, path: path)
        }
        let fd = descriptor
        descriptor = -1
        defer { files.close(fd) }
        if direct { return }
        do {
            try files.sync(fd, .full, partialPath)
        } catch {
            try? files.remove(partialPath)
            throw ExportError(.outputFailed, "saving the export file to disk failed: \(Self.reason(error)); check the disk", path: path)
        }
        do {
            try files.rename(partialPath, path)
        } catch {
            try? files.remove(partialPath)
            throw ExportError(.outputFailed, "cannot move the finished export into place: \(Self.reason(error))", path: path)
        }
    }

    private func handOver(_ bytes: inout JSONByteBuffer) throws(ExportError) {
        do {
            try behind.write(taking: &bytes)
        } catch {
            throw Self.writeFailed(error, path: path)
        }
    }

    private static func writeFailed(_ error: SystemCallError, path: String) -> ExportError {
        ExportError(.outputFailed, "writing the export failed: \(reason(error)); free some space or choose another place", path: path)
    }

    /// The system's words for a failed call, without the call and path (the error names the path).
    private static func reason(_ error: SystemCallError) -> String {
        FileSystem.describe(errno: error.errno)
    }
}
