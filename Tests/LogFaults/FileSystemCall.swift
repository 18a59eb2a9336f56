import SystemSeam
/// The kinds of call through the ``EventLog`` `FileSystem` seam that can fail (close, unmap and
/// releasePages cannot, so they are neither counted nor faulted).
public enum FileSystemCall: String, CaseIterable, Sendable, Hashable {
    case open, read, write, sync, truncate, size, rename, remove, makeDirectory, list, syncDirectory, tryLock, map, mapWhole

    /// The system call's name as a ``SystemCallError`` reports it.
    var systemName: String {
        switch self {
        case .open: "open"
        case .read: "pread"
        case .write: "pwrite"
        case .sync: "fdatasync"
        case .truncate: "ftruncate"
        case .size: "fstat"
        case .rename: "rename"
        case .remove: "unlink"
        case .makeDirectory: "mkdir"
        case .list: "opendir"
        case .syncDirectory: "fsync(directory)"
        case .tryLock: "flock"
        case .map, .mapWhole: "mmap"
        }
    }
}

/// Common `errno` values for injected faults (the values of Linux and Apple platforms agree).
public enum InjectedErrno {
    /// Input/output error.
    public static let eio: Int32 = 5
    /// No space left on device.
    public static let enospc: Int32 = 28
    /// Permission denied.
    public static let eacces: Int32 = 13
}
