import EventLog
import Synchronization
import SystemSeam

extension SimulatedDisk {
    /// Error numbers the simulated calls report.
    private enum Code {
        static let noEntry: Int32 = 2
        static let badDescriptor: Int32 = 9
        static let invalid: Int32 = 22
        static let illegalSeek: Int32 = 29
    }

    /// The `FileSystem` whose calls act on this disk.
    func makeFileSystem() -> FileSystem {
        FileSystem(
            open: { path, mode throws(SystemCallError) in try self.open(path, mode) },
            close: { fd in self.close(fd) },
            read: { fd, buffer, offset, path throws(SystemCallError) in
                try self.withFile(fd, "pread", path) { file in
                    let start = Int(offset)
                    guard start < file.data.count else { return 0 }
                    let count = min(buffer.count, file.data.count - start)
                    file.data.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: count) }
                    return count
                }
            },
            write: { fd, bytes, offset, path throws(SystemCallError) in
                try self.withFile(fd, "pwrite", path) { file in
                    let change = DiskState.FileChange.write(offset: Int(offset), bytes: Array(bytes))
                    DiskState.apply(change, to: &file.data)
                    file.pending.append(change)
                    return bytes.count
                }
            },
            sync: { fd, _, path throws(SystemCallError) in
                try self.withFile(fd, "fdatasync", path) { file in
                    file.durable = file.data
                    file.pending = []
                }
            },
            truncate: { fd, length, path throws(SystemCallError) in
                try self.withFile(fd, "ftruncate", path) { file in
                    let change = DiskState.FileChange.truncate(length: Int(length))
                    DiskState.apply(change, to: &file.data)
                    file.pending.append(change)
                }
            },
            size: { fd, path throws(SystemCallError) in
                try self.withFile(fd, "fstat", path) { file in Int64(file.data.count) }
            },
            rename: { from, to throws(SystemCallError) in try self.rename(from, to) },
            remove: { path throws(SystemCallError) in try self.remove(path) },
            makeDirectory: { path in self.state.withLock { $0.ensureDirectory(path) } },
            list: { path throws(SystemCallError) in
                let names = self.state.withLock { $0.directories[DiskState.normalize(path)].map { Array($0.entries.keys) } }
                guard let names else { throw SystemCallError(call: "opendir", path: path, errno: Code.noEntry) }
                return names
            },
            syncDirectory: { path throws(SystemCallError) in
                let found = self.state.withLock { state -> Bool in
                    let key = DiskState.normalize(path)
                    guard var directory = state.directories[key] else { return false }
                    directory.durable = directory.entries
                    directory.pending = []
                    state.directories[key] = directory
                    return true
                }
                if !found { throw SystemCallError(call: "open", path: path, errno: Code.noEntry) }
            },
            tryLock: { fd, path throws(SystemCallError) in
                let result = self.state.withLock { state -> Bool? in
                    guard let descriptor = state.descriptors[fd] else { return nil }
                    if let holder = state.locks[descriptor.inode], holder != fd, state.descriptors[holder] != nil { return false }
                    state.locks[descriptor.inode] = fd
                    return true
                }
                guard let result else { throw SystemCallError(call: "flock", path: path, errno: Code.badDescriptor) }
                return result
            },
            unlock: { fd in
                self.state.withLock { state in
                    if let descriptor = state.descriptors[fd], state.locks[descriptor.inode] == fd {
                        state.locks[descriptor.inode] = nil
                    }
                }
            },
            stream: { fd, bytes, path throws(SystemCallError) in
                // The simulation keeps no file positions: a stream write appends.
                try self.withFile(fd, "write", path) { file in
                    let change = DiskState.FileChange.write(offset: file.data.count, bytes: Array(bytes))
                    DiskState.apply(change, to: &file.data)
                    file.pending.append(change)
                    return bytes.count
                }
            },
            readStream: { _, _, path throws(SystemCallError) in
                // The simulation keeps no file positions, and no import file lives on it: the
                // import reads the user's file through the real file system.
                throw SystemCallError(call: "read", path: path, errno: Code.illegalSeek)
            },
            inspect: { path in
                self.state.withLock { state in
                    let key = DiskState.normalize(path)
                    if state.directories[key] != nil { return PathInspection(entry: .directory, target: .directory) }
                    let (directory, name) = DiskState.split(path)
                    let found = state.directories[directory]?.entries[name] != nil
                    return found ? PathInspection(entry: .regular, target: .regular) : PathInspection(entry: nil, target: nil)
                }
            },
            isTerminal: { _ in false },
            map: { fd, offset, length, path throws(SystemCallError) in
                try self.copy(fd, from: Int(offset), length: length, path: path)
            },
            unmap: { mapping in
                if let base = mapping.baseAddress { UnsafeMutableRawPointer(mutating: base).deallocate() }
            },
            mapWhole: { fd, length, path throws(SystemCallError) in
                try self.copy(fd, from: 0, length: length, path: path)
            },
            releasePages: { _ in },
            // A hint: a simulated file is durable only once synced, and has no cache.
            adviseWritten: { _, _, _ in }
        )
    }

    private func open(_ path: String, _ mode: OpenMode) throws(SystemCallError) -> Int32 {
        let result = state.withLock { state -> Int32? in
            let (directory, name) = DiskState.split(path)
            guard state.directories[directory] != nil else { return nil }
            var inode = state.directories[directory]?.entries[name]
            switch mode {
            case .readOnly, .readWrite, .writeExisting:
                guard inode != nil else { return nil }
                if case .writeExisting(truncate: true) = mode, let existing = inode, state.files[existing]?.data.isEmpty == false {
                    state.files[existing]?.data = []
                    state.files[existing]?.pending.append(.truncate(length: 0))
                }
            case .readWriteCreate, .createTruncate, .createTruncateOwnerOnly:
                if inode == nil {
                    let created = state.newFile()
                    state.directories[directory]?.entries[name] = created
                    state.directories[directory]?.pending.append(.link(name: name, inode: created))
                    inode = created
                } else if mode == .createTruncate || mode == .createTruncateOwnerOnly, let existing = inode, state.files[existing]?.data.isEmpty == false {
                    state.files[existing]?.data = []
                    state.files[existing]?.pending.append(.truncate(length: 0))
                }
            }
            let fd = state.nextDescriptor
            state.nextDescriptor += 1
            state.descriptors[fd] = DiskState.Descriptor(inode: inode!, path: path)
            return fd
        }
        guard let result else { throw SystemCallError(call: "open", path: path, errno: Code.noEntry) }
        return result
    }

    private func close(_ fd: Int32) {
        state.withLock { state in
            guard let descriptor = state.descriptors.removeValue(forKey: fd) else { return }
            if state.locks[descriptor.inode] == fd { state.locks[descriptor.inode] = nil }
        }
    }

    private func rename(_ from: String, _ to: String) throws(SystemCallError) {
        let done = state.withLock { state -> Bool in
            let (fromDirectory, fromName) = DiskState.split(from)
            let (toDirectory, toName) = DiskState.split(to)
            guard let inode = state.directories[fromDirectory]?.entries[fromName],
                  state.directories[toDirectory] != nil else { return false }
            if fromDirectory == toDirectory {
                let change = DiskState.EntryChange.rename(from: fromName, to: toName)
                DiskState.apply(change, to: &state.directories[fromDirectory]!.entries)
                state.directories[fromDirectory]?.pending.append(change)
            } else {
                state.directories[fromDirectory]?.entries[fromName] = nil
                state.directories[fromDirectory]?.pending.append(.unlink(name: fromName))
                state.directories[toDirectory]?.entries[toName] = inode
                state.directories[toDirectory]?.pending.append(.link(name: toName, inode: inode))
            }
            return true
        }
        if !done { throw SystemCallError(call: "rename", path: from, errno: Code.noEntry) }
    }

    private func remove(_ path: String) throws(SystemCallError) {
        let done = state.withLock { state -> Bool in
            let (directory, name) = DiskState.split(path)
            guard state.directories[directory]?.entries[name] != nil else { return false }
            state.directories[directory]?.entries[name] = nil
            state.directories[directory]?.pending.append(.unlink(name: name))
            return true
        }
        if !done { throw SystemCallError(call: "unlink", path: path, errno: Code.noEntry) }
    }

    /// Runs `body` on the file open as `fd`.
    private func withFile<T>(_ fd: Int32, _ call: String, _ path: String,
                             _ body: (inout DiskState.File) -> T) throws(SystemCallError) -> T {
        let result = state.withLock { state -> T? in
            guard let inode = state.descriptors[fd]?.inode, var file = state.files[inode] else { return nil }
            defer { state.files[inode] = file }
            return body(&file)
        }
        guard let result else { throw SystemCallError(call: call, path: path, errno: Code.badDescriptor) }
        return result
    }

    /// A private copy of `length` bytes of the file from `offset` (zeros past its end), as a
    /// mapping that `unmap` frees.
    private func copy(_ fd: Int32, from offset: Int, length: Int, path: String) throws(SystemCallError) -> UnsafeRawBufferPointer {
        guard length > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        guard offset >= 0 else { throw SystemCallError(call: "mmap", path: path, errno: Code.invalid) }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: length)
        do {
            try withFile(fd, "mmap", path) { file in
                let count = max(0, min(length, file.data.count - offset))
                if count > 0 { file.data.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress! + offset, byteCount: count) } }
            }
        } catch {
            memory.deallocate()
            throw error
        }
        return UnsafeRawBufferPointer(start: memory, count: length)
    }
}
