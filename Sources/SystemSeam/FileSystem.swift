/// How the file flags of ``FileSystem/open`` are chosen.
package enum OpenMode: Sendable, Equatable {
    /// Read only; the file must exist.
    case readOnly
    /// Read and write; the file must exist.
    case readWrite
    /// Read and write; created if missing, kept (not truncated) if present.
    case readWriteCreate
    /// Read and write; created empty, truncating any existing file.
    case createTruncate
    /// As ``createTruncate``, and a file it creates is readable and writable by its owner only
    /// (for personal data).
    case createTruncateOwnerOnly
    /// Write only; the path must exist (a device, a pipe, a link to one, or a file). With
    /// `truncate`, a regular file is emptied first.
    case writeExisting(truncate: Bool)
}

/// What a path names, seen both as the entry itself and as what it leads to.
package struct PathInspection: Sendable, Equatable {
    /// The kinds of file system object the seam tells apart.
    package enum Kind: Sendable, Equatable {
        /// A regular file.
        case regular
        /// A directory.
        case directory
        /// A symbolic link (only as ``entry``: ``target`` follows links).
        case link
        /// A device, a pipe, a socket.
        case other
    }

    /// The entry itself (`lstat`), nil when nothing has that name.
    package var entry: Kind?
    /// What the entry leads to after following links (`stat`), nil when nothing is reachable.
    package var target: Kind?

    /// An inspection with these kinds.
    package init(entry: Kind?, target: Kind?) {
        self.entry = entry
        self.target = target
    }
}

/// What a durable sync must achieve.
package enum SyncKind: Sendable {
    /// The file's data and what is needed to read it back (its size): `fdatasync` on
    /// Linux, `F_FULLFSYNC` on Apple platforms (plain `fsync` does not flush the drive's cache).
    case data
    /// Data and all metadata: `fsync` on Linux, `F_FULLFSYNC` on Apple platforms.
    case full
}

/// The one seam through which the log touches files: every open, read, write, sync,
/// rename, truncate, lock and directory listing goes through these functions.
///
/// ``posix`` is the real implementation. Tests build a copy with some functions replaced
/// to inject faults at any call (for example an `fdatasync` that fails with `EIO`).
/// Every function reports failure as a ``SystemCallError`` naming the call and path.
package struct FileSystem: Sendable {
    /// Opens `path` and returns its descriptor.
    package var open: @Sendable (_ path: String, _ mode: OpenMode) throws(SystemCallError) -> Int32
    /// Closes a descriptor (errors are ignored: nothing can be done about them).
    package var close: @Sendable (_ fd: Int32) -> Void
    /// Reads up to `buffer.count` bytes at `offset`; returns how many were read (0 at end of file).
    package var read: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64,
                                 _ path: String) throws(SystemCallError) -> Int
    /// Writes up to `bytes.count` bytes at `offset`; returns how many were written.
    package var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer, _ offset: Int64,
                                  _ path: String) throws(SystemCallError) -> Int
    /// Makes what was written to `fd` durable.
    package var sync: @Sendable (_ fd: Int32, _ kind: SyncKind, _ path: String) throws(SystemCallError) -> Void
    /// Sets the file's length.
    package var truncate: @Sendable (_ fd: Int32, _ length: Int64, _ path: String) throws(SystemCallError) -> Void
    /// The file's current length.
    package var size: @Sendable (_ fd: Int32, _ path: String) throws(SystemCallError) -> Int64
    /// Renames `from` to `to`, replacing `to`.
    package var rename: @Sendable (_ from: String, _ to: String) throws(SystemCallError) -> Void
    /// Deletes a file.
    package var remove: @Sendable (_ path: String) throws(SystemCallError) -> Void
    /// Creates a directory and its missing parents.
    package var makeDirectory: @Sendable (_ path: String) throws(SystemCallError) -> Void
    /// The names in a directory (without `.` and `..`), in no particular order.
    package var list: @Sendable (_ path: String) throws(SystemCallError) -> [String]
    /// Makes a directory's entries (created, renamed, deleted files) durable.
    package var syncDirectory: @Sendable (_ path: String) throws(SystemCallError) -> Void
    /// Takes an exclusive advisory lock without waiting; returns false when another open
    /// file description holds it (in this or another process).
    package var tryLock: @Sendable (_ fd: Int32, _ path: String) throws(SystemCallError) -> Bool
    /// Writes up to `bytes.count` bytes at the descriptor's current position (for pipes,
    /// devices and terminals, which have no offsets); returns how many were written.
    package var stream: @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer, _ path: String) throws(SystemCallError) -> Int
    /// Reads up to `buffer.count` bytes at the descriptor's current position (files, and pipes
    /// and devices, which have no offsets), moving it on; returns how many were read (0 at the
    /// end).
    package var readStream: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ path: String) throws(SystemCallError) -> Int
    /// What `path` names (never throws: a path that cannot be examined is reported as missing).
    package var inspect: @Sendable (_ path: String) -> PathInspection
    /// True when `fd` is a terminal (a person may be watching: progress lines are worth writing).
    package var isTerminal: @Sendable (_ fd: Int32) -> Bool
    /// Releases the lock ``tryLock`` took on `fd`'s open file description. Closing the
    /// descriptor alone is not enough: a process being spawned at that moment holds a copy of it
    /// until it executes its program, and the lock would outlive the close.
    package var unlock: @Sendable (_ fd: Int32) -> Void
    /// Maps `length` bytes of the file from `offset` (a multiple of the page size) read-only
    /// into memory. The mapping must not outlive the descriptor's file: a file cut shorter
    /// while mapped (which only the writer, holding the lock, ever does) faults on access.
    package var map: @Sendable (_ fd: Int32, _ offset: Int64, _ length: Int,
                                _ path: String) throws(SystemCallError) -> UnsafeRawBufferPointer
    /// Releases a mapping made by ``map`` or ``mapWhole``.
    package var unmap: @Sendable (_ mapping: UnsafeRawBufferPointer) -> Void
    /// Maps the first `length` bytes of the file read-only, lazily (pages are faulted in as
    /// they are read), for reading a sealed segment or a snapshot front to back. The mapping
    /// must not outlive the file's length: a file cut shorter while mapped faults (SIGBUS) on
    /// access, so only files that never shrink (sealed segments, snapshots: replaced by rename)
    /// may be mapped this way.
    package var mapWhole: @Sendable (_ fd: Int32, _ length: Int, _ path: String) throws(SystemCallError) -> UnsafeRawBufferPointer
    /// Drops the resident pages of a stretch of a ``map`` or ``mapWhole`` mapping (a hint that
    /// keeps the process's memory bounded; the bytes stay readable and fault back in from the
    /// page cache).
    /// The stretch must start on a page boundary.
    package var releasePages: @Sendable (_ stretch: UnsafeRawBufferPointer) -> Void
    /// Tells the system that the `length` bytes of the file from `offset` are written and will
    /// not be read back: on Linux it starts writing their dirty pages to the disk, without waiting
    /// (a later sync has less left to wait for), and drops their clean pages (those already on
    /// the disk) from the page cache; elsewhere it does nothing. A hint: it makes nothing durable,
    /// and failure changes nothing but speed.
    package var adviseWritten: @Sendable (_ fd: Int32, _ offset: Int64, _ length: Int64) -> Void

    /// A file system made of these functions (``posix``, or a simulation in tests: every
    /// function must be given, so a new one cannot be forgotten by a simulation).
    package init(open: @escaping @Sendable (_ path: String, _ mode: OpenMode) throws(SystemCallError) -> Int32,
                 close: @escaping @Sendable (_ fd: Int32) -> Void,
                 read: @escaping @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int64,
                                            _ path: String) throws(SystemCallError) -> Int,
                 write: @escaping @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer, _ offset: Int64,
                                             _ path: String) throws(SystemCallError) -> Int,
                 sync: @escaping @Sendable (_ fd: Int32, _ kind: SyncKind, _ path: String) throws(SystemCallError) -> Void,
                 truncate: @escaping @Sendable (_ fd: Int32, _ length: Int64, _ path: String) throws(SystemCallError) -> Void,
                 size: @escaping @Sendable (_ fd: Int32, _ path: String) throws(SystemCallError) -> Int64,
                 rename: @escaping @Sendable (_ from: String, _ to: String) throws(SystemCallError) -> Void,
                 remove: @escaping @Sendable (_ path: String) throws(SystemCallError) -> Void,
                 makeDirectory: @escaping @Sendable (_ path: String) throws(SystemCallError) -> Void,
                 list: @escaping @Sendable (_ path: String) throws(SystemCallError) -> [String],
                 syncDirectory: @escaping @Sendable (_ path: String) throws(SystemCallError) -> Void,
                 tryLock: @escaping @Sendable (_ fd: Int32, _ path: String) throws(SystemCallError) -> Bool,
                 unlock: @escaping @Sendable (_ fd: Int32) -> Void,
                 stream: @escaping @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer, _ path: String) throws(SystemCallError) -> Int,
                 readStream: @escaping @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer,
                                                  _ path: String) throws(SystemCallError) -> Int,
                 inspect: @escaping @Sendable (_ path: String) -> PathInspection,
                 isTerminal: @escaping @Sendable (_ fd: Int32) -> Bool,
                 map: @escaping @Sendable (_ fd: Int32, _ offset: Int64, _ length: Int,
                                           _ path: String) throws(SystemCallError) -> UnsafeRawBufferPointer,
                 unmap: @escaping @Sendable (_ mapping: UnsafeRawBufferPointer) -> Void,
                 mapWhole: @escaping @Sendable (_ fd: Int32, _ length: Int, _ path: String) throws(SystemCallError) -> UnsafeRawBufferPointer,
                 releasePages: @escaping @Sendable (_ stretch: UnsafeRawBufferPointer) -> Void,
                 adviseWritten: @escaping @Sendable (_ fd: Int32, _ offset: Int64, _ length: Int64) -> Void) {
        self.open = open
        self.close = close
        self.read = read
        self.write = write
        self.sync = sync
        self.truncate = truncate
        self.size = size
        self.rename = rename
        self.remove = remove
        self.makeDirectory = makeDirectory
        self.list = list
        self.syncDirectory = syncDirectory
        self.tryLock = tryLock
        self.unlock = unlock
        self.stream = stream
        self.readStream = readStream
        self.inspect = inspect
        self.isTerminal = isTerminal
        self.map = map
        self.unmap = unmap
        self.mapWhole = mapWhole
        self.releasePages = releasePages
        self.adviseWritten = adviseWritten
    }

    /// Writes all of `bytes` at `offset`, looping over short writes.
    /// - Throws: ``SystemCallError`` from the first failed write.
    package func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64,
                          path: String) throws(SystemCallError) {
        var done = 0
        while done < bytes.count {
            let n = try write(fd, UnsafeRawBufferPointer(rebasing: bytes[done...]), offset + Int64(done), path)
            if n <= 0 { throw SystemCallError(call: "pwrite", path: path, errno: 5) }
            done += n
        }
    }

    /// Writes all of `bytes` at the descriptor's position, looping over short writes.
    /// - Throws: ``SystemCallError`` from the first failed write.
    package func streamAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(SystemCallError) {
        var done = 0
        while done < bytes.count {
            let n = try stream(fd, UnsafeRawBufferPointer(rebasing: bytes[done...]), path)
            if n <= 0 { throw SystemCallError(call: "write", path: path, errno: 5) }
            done += n
        }
    }

    /// Writes all of `bytes` at `offset`.
    /// - Throws: ``SystemCallError`` from the first failed write.
    package func writeAll(_ fd: Int32, _ bytes: [UInt8], prefix count: Int? = nil, at offset: Int64,
                          path: String) throws(SystemCallError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SystemCallError) in
                try writeAll(fd, UnsafeRawBufferPointer(rebasing: raw[0..<(count ?? raw.count)]), at: offset, path: path)
            }
        }
        try result.get()
    }

    /// Reads until `buffer` is full or the file ends; returns the bytes read.
    /// - Throws: ``SystemCallError`` from the first failed read.
    package func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64,
                           path: String) throws(SystemCallError) -> Int {
        var done = 0
        while done < buffer.count {
            let n = try read(fd, UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), offset + Int64(done), path)
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// The whole content of a small file.
    /// - Throws: ``SystemCallError`` when it cannot be opened or read.
    package func readFile(_ path: String) throws(SystemCallError) -> [UInt8] {
        let fd = try open(path, .readOnly)
        defer { close(fd) }
        let length = Int(try size(fd, path))
        var bytes = [UInt8](repeating: 0, count: length)
        let result = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemCallError) in try readFully(fd, into: buffer, at: 0, path: path) }
        }
        return Array(bytes[..<(try result.get())])
    }
}
