import EventLog
import SystemSeam

extension FaultPlan {
    /// `base` with every failable call counted by this plan and faulted where it says. Close,
    /// unmap and releasePages pass through untouched.
    package func wrapping(_ base: FileSystem) -> FileSystem {
        var fs = base
        fs.open = { path, mode throws(SystemCallError) in
            try self.check(.open, path)
            return try base.open(path, mode)
        }
        fs.read = { fd, buffer, offset, path throws(SystemCallError) in
            switch self.decide(.read) {
            case nil: return try base.read(fd, buffer, offset, path)
            case .shortRead:
                let part = buffer.count > 1 ? buffer.count / 2 : buffer.count
                return try base.read(fd, UnsafeMutableRawBufferPointer(rebasing: buffer[0..<part]), offset, path)
            case .error(let code), .shortWrite(let code):
                throw SystemCallError(call: FileSystemCall.read.systemName, path: path, errno: code)
            }
        }
        fs.write = { fd, bytes, offset, path throws(SystemCallError) in
            switch self.decide(.write) {
            case nil, .shortRead: return try base.write(fd, bytes, offset, path)
            case .shortWrite(let code):
                let part = max(1, bytes.count / 2)
                if bytes.count > 0 { _ = try base.write(fd, UnsafeRawBufferPointer(rebasing: bytes[0..<part]), offset, path) }
                throw SystemCallError(call: FileSystemCall.write.systemName, path: path, errno: code)
            case .error(let code):
                throw SystemCallError(call: FileSystemCall.write.systemName, path: path, errno: code)
            }
        }
        fs.sync = { fd, kind, path throws(SystemCallError) in
            try self.check(.sync, path)
            try base.sync(fd, kind, path)
        }
        fs.truncate = { fd, length, path throws(SystemCallError) in
            try self.check(.truncate, path)
            try base.truncate(fd, length, path)
        }
        fs.size = { fd, path throws(SystemCallError) in
            try self.check(.size, path)
            return try base.size(fd, path)
        }
        fs.rename = { from, to throws(SystemCallError) in
            try self.check(.rename, from)
            try base.rename(from, to)
        }
        fs.remove = { path throws(SystemCallError) in
            try self.check(.remove, path)
            try base.remove(path)
        }
        fs.makeDirectory = { path throws(SystemCallError) in
            try self.check(.makeDirectory, path)
            try base.makeDirectory(path)
        }
        fs.list = { path throws(SystemCallError) in
            try self.check(.list, path)
            return try base.list(path)
        }
        fs.syncDirectory = { path throws(SystemCallError) in
            try self.check(.syncDirectory, path)
            try base.syncDirectory(path)
        }
        fs.tryLock = { fd, path throws(SystemCallError) in
            try self.check(.tryLock, path)
            return try base.tryLock(fd, path)
        }
        fs.map = { fd, offset, length, path throws(SystemCallError) in
            try self.check(.map, path)
            return try base.map(fd, offset, length, path)
        }
        fs.mapWhole = { fd, length, path throws(SystemCallError) in
            try self.check(.mapWhole, path)
            return try base.mapWhole(fd, length, path)
        }
        return fs
    }

    /// Counts a call that has no partial form, and throws when the plan faults it.
    private func check(_ kind: FileSystemCall, _ path: String) throws(SystemCallError) {
        switch decide(kind) {
        case nil, .shortRead: return
        case .error(let code), .shortWrite(let code): throw SystemCallError(call: kind.systemName, path: path, errno: code)
        }
    }
}
