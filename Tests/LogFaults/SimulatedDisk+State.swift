/// The contents of a ``SimulatedDisk``: files (by inode), directories, open descriptors, locks.
struct DiskState: Sendable {
    /// One change to a file's bytes not yet synced.
    enum FileChange: Sendable {
        case write(offset: Int, bytes: [UInt8])
        case truncate(length: Int)
    }

    /// A file: its bytes now, its bytes as last synced, and the changes since, in order.
    struct File: Sendable {
        var data: [UInt8] = []
        var durable: [UInt8] = []
        var pending: [FileChange] = []
    }

    /// One change to a directory's entries not yet synced.
    enum EntryChange: Sendable {
        case link(name: String, inode: Int)
        case unlink(name: String)
        case rename(from: String, to: String)
    }

    /// A directory: its entries now, as last synced, and the changes since, in order.
    struct Directory: Sendable {
        var entries: [String: Int] = [:]
        var durable: [String: Int] = [:]
        var pending: [EntryChange] = []
    }

    /// An open descriptor: the file it refers to and its path (for errors).
    struct Descriptor: Sendable {
        var inode: Int
        var path: String
    }

    var files: [Int: File] = [:]
    var directories: [String: Directory] = ["/": Directory()]
    var descriptors: [Int32: Descriptor] = [:]
    var locks: [Int: Int32] = [:]
    var nextInode = 1
    var nextDescriptor: Int32 = 3

    /// A path without a trailing slash ("/" for the root).
    static func normalize(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "/" : path
    }

    /// The directory and the name of `path`.
    static func split(_ path: String) -> (directory: String, name: String) {
        let path = normalize(path)
        guard let slash = path.lastIndex(of: "/") else { return ("/", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    mutating func newFile() -> Int {
        defer { nextInode += 1 }
        files[nextInode] = File()
        return nextInode
    }

    /// Creates `path` and its missing parents (durable at once: see the model).
    mutating func ensureDirectory(_ path: String) {
        var prefix = ""
        for component in Self.normalize(path).split(separator: "/") {
            prefix += "/" + component
            if directories[prefix] == nil { directories[prefix] = Directory() }
        }
    }

    /// Applies a change to a file's current bytes.
    static func apply(_ change: FileChange, to data: inout [UInt8]) {
        switch change {
        case .write(let offset, let bytes):
            if data.count < offset + bytes.count { data += [UInt8](repeating: 0, count: offset + bytes.count - data.count) }
            data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        case .truncate(let length):
            if length < data.count { data.removeSubrange(length...) } else { data += [UInt8](repeating: 0, count: length - data.count) }
        }
    }

    /// Applies an entry change to a directory's entries (skipped when it no longer applies).
    static func apply(_ change: EntryChange, to entries: inout [String: Int]) {
        switch change {
        case .link(let name, let inode): entries[name] = inode
        case .unlink(let name): entries[name] = nil
        case .rename(let from, let to):
            guard let inode = entries[from] else { return }
            entries[from] = nil
            entries[to] = inode
        }
    }
}
