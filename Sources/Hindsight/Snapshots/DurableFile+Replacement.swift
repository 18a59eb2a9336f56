import SystemSeam

extension DurableFile {
    /// A durable replacement of a file under way: its temporary file (`<path>.tmp`), open for
    /// reading and writing, which takes the file's place only at ``commit()``. Until then the
    /// old file is untouched; ``abandon()`` gives the replacement up. One of the two ends every
    /// replacement (each closes the descriptor).
    struct Replacement: Sendable {
        /// The file replaced.
        let path: String
        /// The directory holding it (synced once the temporary file is renamed).
        let directory: String
        /// The temporary file written.
        let temporary: String
        /// The temporary file's descriptor.
        private let fd: Int32
        /// The seam every call goes through.
        private let fileSystem: FileSystem

        private init(path: String, directory: String, temporary: String, fd: Int32, fileSystem: FileSystem) {
            self.path = path
            self.directory = directory
            self.temporary = temporary
            self.fd = fd
            self.fileSystem = fileSystem
        }

        /// Starts replacing `path` (a file in `directory`): creates its temporary file, empty
        /// (readable by its owner only when `ownerOnly` is true and it is created).
        /// - Throws: ``SystemCallError`` when the temporary file cannot be created.
        static func begin(_ path: String, in directory: String, ownerOnly: Bool,
                          fileSystem fs: FileSystem) throws(SystemCallError) -> Replacement {
            let temporary = path + ".tmp"
            let fd = try fs.open(temporary, ownerOnly ? .createTruncateOwnerOnly : .createTruncate)
            return Replacement(path: path, directory: directory, temporary: temporary, fd: fd, fileSystem: fs)
        }

        /// Writes all of `bytes` at `offset` of the temporary file.
        /// - Throws: ``SystemCallError`` from the first failed write.
        func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(SystemCallError) {
            try fileSystem.writeAll(fd, bytes, at: offset, path: temporary)
        }

        /// Writes all of `bytes` at `offset` of the temporary file.
        /// - Throws: ``SystemCallError`` from the first failed write.
        func write(_ bytes: [UInt8], at offset: Int64) throws(SystemCallError) {
            try fileSystem.writeAll(fd, bytes, at: offset, path: temporary)
        }

        /// Starts the system's writeback of the `length` bytes written from `offset`, so that
        /// ``commit()``'s sync has less left to wait for (``FileSystem/adviseWritten``: a hint that
        /// makes nothing durable and changes no byte).
        func startWriteback(from offset: Int64, length: Int64) {
            fileSystem.adviseWritten(fd, offset, length)
        }

        /// Fills `buffer` with the temporary file's bytes from `offset`.
        /// - Throws: ``SystemCallError`` when the read fails or the file ends first.
        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemCallError) {
            let count = try fileSystem.readFully(fd, into: buffer, at: offset, path: temporary)
            guard count == buffer.count else {
                throw SystemCallError(call: "pread", path: temporary, errno: Self.inputOutputError)
            }
        }

        /// Cuts the temporary file to `length` bytes.
        /// - Throws: ``SystemCallError`` when it cannot be cut.
        func truncate(to length: Int64) throws(SystemCallError) {
            try fileSystem.truncate(fd, length, temporary)
        }

        /// Puts the temporary file in the file's place, durably and atomically: syncs it, closes
        /// it, renames it over the file and syncs the directory. When the sync or the rename
        /// fails the temporary file is removed (best effort) and the old file is left as it was.
        /// - Throws: ``SystemCallError`` naming the failing call.
        func commit() throws(SystemCallError) {
            do { try fileSystem.sync(fd, .full, temporary) } catch {
                abandon()
                throw error
            }
            fileSystem.close(fd)
            do { try fileSystem.rename(temporary, path) } catch {
                try? fileSystem.remove(temporary)
                throw error
            }
            try fileSystem.syncDirectory(directory)
        }

        /// Gives the replacement up: closes and removes the temporary file (best effort); the
        /// old file is left as it was.
        func abandon() {
            fileSystem.close(fd)
            try? fileSystem.remove(temporary)
        }

        /// `EIO`: a temporary file that ends before bytes written to it.
        private static let inputOutputError: Int32 = 5
    }
}
