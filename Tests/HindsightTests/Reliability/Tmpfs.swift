import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small tmpfs mounted on a temporary directory, for tests of a real full disk. Mounting needs
/// root and Linux; ``mount(megabytes:)`` says why when it cannot, and the test skips.
struct Tmpfs {
    /// The mount point.
    let path: String
    private let directory: TemporaryDirectory

    /// Mounts a tmpfs of `megabytes` MiB.
    /// - Returns: the mounted file system, or why it could not be mounted.
    static func mount(megabytes: Int) -> Result<Tmpfs, SkipReason> {
        guard geteuid() == 0 else { return .failure(SkipReason("the tests do not run as root, so no tmpfs can be mounted")) }
        let directory: TemporaryDirectory
        do { directory = try TemporaryDirectory(prefix: "hindsight-tmpfs") } catch {
            return .failure(SkipReason("no temporary directory: \(error)"))
        }
        let mounted = try? ChildProcess.run(URL(fileURLWithPath: "/bin/mount"),
                                            ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", directory.path])
        guard let mounted, mounted.status == 0, !mounted.signalled else {
            directory.remove()
            return .failure(SkipReason("mount -t tmpfs failed: \(mounted?.stderr ?? "/bin/mount could not run")"))
        }
        return .success(Tmpfs(path: directory.path, directory: directory))
    }

    /// Unmounts it and removes the mount point.
    func unmount() {
        _ = try? ChildProcess.run(URL(fileURLWithPath: "/bin/umount"), [path])
        directory.remove()
    }

    /// Writes a filler file until the file system is full (the last write failed with ENOSPC),
    /// then frees `leaving` bytes of it again (rounded to whole pages by the file system).
    /// - Returns: the filler's path (delete it to free the space).
    func fill(leaving: Int = 0) throws -> String {
        let filler = path + "/filler"
        let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw SkipReason("cannot create \(filler): errno \(errno)") }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x5A, count: 1 << 20)
        var written = 0
        var size = chunk.count
        while size > 0 {
            let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, size) }
            if n > 0 { written += n; continue }
            guard n < 0, errno == ENOSPC else { throw SkipReason("filling failed: errno \(errno)") }
            size /= 2
        }
        if leaving > 0 { _ = ftruncate(fd, off_t(max(0, written - leaving))) }
        return filler
    }
}

/// Why a test that needs the machine's help (root, tmpfs) did not run.
struct SkipReason: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
