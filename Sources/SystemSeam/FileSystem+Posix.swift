#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// The real file system: POSIX calls, with `F_FULLFSYNC` for durable syncs on Apple
    /// platforms and `fdatasync` for data syncs on Linux.
    package static let posix = FileSystem(
        open: { path, mode throws(SystemCallError) in
            let flags: Int32
            var permissions: mode_t = 0o644
            switch mode {
            case .readOnly: flags = O_RDONLY
            case .readWrite: flags = O_RDWR
            case .readWriteCreate: flags = O_RDWR | O_CREAT
            case .createTruncate: flags = O_RDWR | O_CREAT | O_TRUNC
            case .createTruncateOwnerOnly:
                flags = O_RDWR | O_CREAT | O_TRUNC
                permissions = 0o600
            case .writeExisting(let truncate):
                flags = truncate ? O_WRONLY | O_TRUNC : O_WRONLY
            }
            let fd = retryingInterrupts { systemOpen(path, flags | O_CLOEXEC, permissions) }
            if fd < 0 { throw SystemCallError(call: "open", path: path, errno: errno) }
            return fd
        },
        close: { fd in _ = closeDescriptor(fd) },
        read: { fd, buffer, offset, path throws(SystemCallError) in
            let n = retryingInterrupts { pread(fd, buffer.baseAddress, buffer.count, off_t(offset)) }
            if n < 0 { throw SystemCallError(call: "pread", path: path, errno: errno) }
            return n
        },
        write: { fd, bytes, offset, path throws(SystemCallError) in
            let n = retryingInterrupts { pwrite(fd, bytes.baseAddress, bytes.count, off_t(offset)) }
            if n < 0 { throw SystemCallError(call: "pwrite", path: path, errno: errno) }
            return n
        },
        sync: { fd, kind, path throws(SystemCallError) in
            #if canImport(Darwin)
            if fcntl(fd, F_FULLFSYNC) != 0 { throw SystemCallError(call: "fcntl(F_FULLFSYNC)", path: path, errno: errno) }
            #else
            switch kind {
            case .data:
                if fdatasync(fd) != 0 { throw SystemCallError(call: "fdatasync", path: path, errno: errno) }
            case .full:
                if fsync(fd) != 0 { throw SystemCallError(call: "fsync", path: path, errno: errno) }
            }
            #endif
        },
        truncate: { fd, length, path throws(SystemCallError) in
            if retryingInterrupts({ ftruncate(fd, off_t(length)) }) != 0 {
                throw SystemCallError(call: "ftruncate", path: path, errno: errno)
            }
        },
        size: { fd, path throws(SystemCallError) in
            var info = stat()
            if fstat(fd, &info) != 0 { throw SystemCallError(call: "fstat", path: path, errno: errno) }
            return Int64(info.st_size)
        },
        rename: { from, to throws(SystemCallError) in
            if systemRename(from, to) != 0 { throw SystemCallError(call: "rename", path: from, errno: errno) }
        },
        remove: { path throws(SystemCallError) in
            if unlink(path) != 0 { throw SystemCallError(call: "unlink", path: path, errno: errno) }
        },
        makeDirectory: { path throws(SystemCallError) in
            var prefix = path.hasPrefix("/") ? "" : "."
            for component in path.split(separator: "/") {
                prefix += "/" + component
                if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                    throw SystemCallError(call: "mkdir", path: prefix, errno: errno)
                }
            }
        },
        list: { path throws(SystemCallError) in
            guard let dir = opendir(path) else { throw SystemCallError(call: "opendir", path: path, errno: errno) }
            defer { closedir(dir) }
            var names: [String] = []
            while let entry = readdir(dir) {
                // Read the name in place: a `dirent` may be shorter than its declared size (its
                // name is allocated to fit), so copying the whole `d_name` field can read past the
                // end of the directory buffer, and crashed on a page boundary with many entries.
                let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                    pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                        String(cString: $0)
                    }
                }
                if name != "." && name != ".." { names.append(name) }
            }
            return names
        },
        syncDirectory: { path throws(SystemCallError) in
            let fd = systemOpen(path, O_RDONLY | O_CLOEXEC, 0)
            if fd < 0 { throw SystemCallError(call: "open", path: path, errno: errno) }
            defer { _ = closeDescriptor(fd) }
            if fsync(fd) != 0 { throw SystemCallError(call: "fsync(directory)", path: path, errno: errno) }
        },
        tryLock: { fd, path throws(SystemCallError) in
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
            if errno == EWOULDBLOCK { return false }
            throw SystemCallError(call: "flock", path: path, errno: errno)
        },
        unlock: { fd in _ = flock(fd, LOCK_UN) },
        stream: { fd, bytes, path throws(SystemCallError) in
            let n = retryingInterrupts { systemWrite(fd, bytes.baseAddress, bytes.count) }
            if n < 0 { throw SystemCallError(call: "write", path: path, errno: errno) }
            return n
        },
        readStream: { fd, buffer, path throws(SystemCallError) in
            let n = retryingInterrupts { systemRead(fd, buffer.baseAddress, buffer.count) }
            if n < 0 { throw SystemCallError(call: "read", path: path, errno: errno) }
            return n
        },
        inspect: { path in
            func kind(_ info: stat) -> PathInspection.Kind {
                switch info.st_mode & S_IFMT {
                case S_IFREG: .regular
                case S_IFDIR: .directory
                case S_IFLNK: .link
                default: .other
                }
            }
            var entry = stat(), target = stat()
            return PathInspection(entry: lstat(path, &entry) == 0 ? kind(entry) : nil,
                                  target: stat(path, &target) == 0 ? kind(target) : nil)
        },
        isTerminal: { fd in isatty(fd) == 1 },
        map: { fd, offset, length, path throws(SystemCallError) in
            guard length > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            #if os(Linux)
            // Map every page of the window up front: one call instead of a fault per page.
            let flags = MAP_SHARED | MAP_POPULATE
            #else
            let flags = MAP_SHARED
            #endif
            // MAP_FAILED is (void *)-1 on every platform.
            guard let address = mmap(nil, length, PROT_READ, flags, fd, off_t(offset)),
                  Int(bitPattern: address) != -1 else {
                throw SystemCallError(call: "mmap", path: path, errno: errno)
            }
            return UnsafeRawBufferPointer(start: address, count: length)
        },
        unmap: { mapping in
            if let base = mapping.baseAddress { _ = munmap(UnsafeMutableRawPointer(mutating: base), mapping.count) }
        },
        mapWhole: { fd, length, path throws(SystemCallError) in
            guard length > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            guard let address = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), Int(bitPattern: address) != -1 else {
                throw SystemCallError(call: "mmap", path: path, errno: errno)
            }
            return UnsafeRawBufferPointer(start: address, count: length)
        },
        releasePages: { stretch in
            guard let base = stretch.baseAddress, stretch.count > 0 else { return }
            _ = madvise(UnsafeMutableRawPointer(mutating: base), stretch.count, MADV_DONTNEED)
        },
        adviseWritten: { fd, offset, length in
            #if os(Linux)
            // Linux answers this advice by starting the writeback of the range's dirty pages
            // (without waiting) and then dropping its clean ones.
            _ = posix_fadvise(fd, off_t(offset), off_t(length), POSIX_FADV_DONTNEED)
            #endif
        }
    )

    /// The C library's text for `errno`.
    package static func describe(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "unknown error" }
        return String(cString: text)
    }
}

private func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Darwin.open(path, flags, mode)
    #endif
}

private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, bytes, count)
    #else
    Darwin.write(fd, bytes, count)
    #endif
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(fd, buffer, count)
    #else
    Darwin.read(fd, buffer, count)
    #endif
}

private func systemRename(_ from: String, _ to: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.rename(from, to)
    #else
    Darwin.rename(from, to)
    #endif
}

private func closeDescriptor(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}
