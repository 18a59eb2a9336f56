import SystemSeam

/// A file an export writes through one fixed-size buffer, so memory does not grow with the
/// output. The bytes go to `<path>.partial`; ``commit()`` syncs it and renames it over `path`,
/// so a failed or interrupted export never leaves a half-written file under the real name (nor
/// replaces an earlier complete one). When `path` already exists and is not a regular file (a
/// symbolic link such as `/dev/stdout`, a device, a pipe), the bytes are written through it
/// directly (a file it leads to is truncated first): a rename would replace the link or the
/// device node instead. Every write, the sync and the close are checked, so a full
/// disk (`/dev/full`) fails the export. Every system call goes through the ``FileSystem`` seam.
final class ExportOutputFile {
    /// The path the finished file gets.
    let path: String
    private let partialPath: String
    /// True when writing straight to `path` (a link, device or pipe): no partial file, no rename.
    private let direct: Bool
    private let files: FileSystem
    private var descriptor: Int32
    private var buffer: [UInt8]
    private let capacity: Int

    /// Creates (truncating) `<path>.partial` for writing, or opens `path` itself when it is a
    /// link, device or pipe.
    /// - Throws: ``ExportError`` `.outputFailed` naming the path and the system's reason.
    init(path: String, bufferSize: Int = 1 << 16, files: FileSystem = .posix) throws(ExportError) {
        self.path = path
        self.files = files
        partialPath = path + ".partial"
        capacity = max(bufferSize, 4096)
        buffer = []
        buffer.reserveCapacity(capacity)
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
    }

    deinit {
        if descriptor >= 0 {
            files.close(descriptor)
            if !direct { try? files.remove(partialPath) }
        }
    }

    /// Appends `bytes`.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails (disk full...).
    func write(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count >= capacity {
            try writeFully(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Appends the bytes of `collection` (an array, `Data`, a string's UTF-8...).
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func write(_ collection: some Collection<UInt8>) throws(ExportError) {
        if buffer.count + collection.count > capacity { try flush() }
        if collection.count >= capacity {
            let result = Array(collection).withUnsafeBytes { raw in
                Result { () throws(ExportError) in try writeFully(raw) }
            }
            try result.get()
        } else {
            buffer.append(contentsOf: collection)
        }
    }

    /// Appends the UTF-8 of `text`.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func write(_ text: String) throws(ExportError) {
        try write(text.utf8)
    }

    /// Appends one byte.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func write(byte: UInt8) throws(ExportError) {
        if buffer.count == capacity { try flush() }
        buffer.append(byte)
    }

    /// Writes out what is buffered.
    /// - Throws: ``ExportError`` `.outputFailed` when a write fails.
    func flush() throws(ExportError) {
        guard !buffer.isEmpty else { return }
        let result = buffer.withUnsafeBytes { raw in Result { () throws(ExportError) in try writeFully(raw) } }
        buffer.removeAll(keepingCapacity: true)
        try result.get()
    }

    /// Flushes, syncs, closes and renames the file to its real name (a device or pipe is
    /// flushed and closed only).
    /// - Throws: ``ExportError`` `.outputFailed` when the last write, the sync or the rename
    ///   fails; the partial file is then removed.
    func commit() throws(ExportError) {
        try flush()
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

    private func writeFully(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        do {
            try files.streamAll(descriptor, bytes, path: direct ? path : partialPath)
        } catch {
            throw ExportError(.outputFailed, "writing the export failed: \(Self.reason(error)); free some space or choose another place",
                              path: path)
        }
    }

    /// The system's words for a failed call, without the call and path (the error names the path).
    private static func reason(_ error: SystemCallError) -> String {
        FileSystem.describe(errno: error.errno)
    }
}
