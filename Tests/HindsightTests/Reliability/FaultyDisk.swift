import EventLog
import Testing
import Synchronization
import SystemSeam

/// A file system (the real one underneath) whose log writes can be made to fail as a full or
/// failing disk does, once armed: segment writes draw on a byte budget (a write that does not fit
/// writes what fits, then fails with ENOSPC, as a full disk does), or every segment sync fails
/// with EIO. Only `*.log` files are touched; snapshots and personal data write normally.
final class FaultyDisk: Sendable {
    /// What an armed disk does.
    enum Fault: Sendable, CustomTestStringConvertible {
        /// Segment writes may add this many more bytes in all, then fail with ENOSPC.
        case fullAfter(bytes: Int)
        /// Every segment sync fails with EIO.
        case failingSync

        var testDescription: String {
            switch self {
            case .fullAfter(let bytes): "full after \(bytes) bytes"
            case .failingSync: "failing sync"
            }
        }
    }

    private let armed = Mutex<(fault: Fault, remaining: Int)?>(nil)

    /// Starts failing as `fault` says.
    func arm(_ fault: Fault) {
        let remaining = if case .fullAfter(let bytes) = fault { bytes } else { Int.max }
        armed.withLock { $0 = (fault, remaining) }
    }

    /// Writes and syncs normally again (space was freed).
    func disarm() { armed.withLock { $0 = nil } }

    /// The file-system seam to open the store's log through.
    var fileSystem: FileSystem {
        var fs = FileSystem.posix
        let real = FileSystem.posix
        fs.write = { [self] fd, bytes, offset, path throws(SystemCallError) in
            guard path.hasSuffix(".log") else { return try real.write(fd, bytes, offset, path) }
            let allowed = armed.withLock { state -> Int in
                guard let current = state else { return bytes.count }
                let allowed = min(bytes.count, current.remaining)
                state?.remaining -= allowed
                return allowed
            }
            if allowed == 0 { throw SystemCallError(call: "pwrite", path: path, errno: 28) }
            return try real.write(fd, UnsafeRawBufferPointer(rebasing: bytes[0..<allowed]), offset, path)
        }
        fs.sync = { [self] fd, kind, path throws(SystemCallError) in
            if path.hasSuffix(".log"), armed.withLock({ state in
                if case .failingSync = state?.fault { return true } else { return false }
            }) {
                throw SystemCallError(call: "fdatasync", path: path, errno: 5)
            }
            try real.sync(fd, kind, path)
        }
        return fs
    }
}
