import SystemSeam
/// A read-only mapping of a whole sealed segment, through which a reader hands out payloads
/// without copying them. A ``LogReadPlace`` keeps it between consecutive reads, so a replay maps
/// each sealed segment once; it is unmapped when the reader moves on to another segment or when
/// the place (or the call that made it) lets go of it.
///
/// Only sealed segments (every one but the last) are mapped: they never change again. The last,
/// active segment grows and is cut back by recovery, so it is read through a buffer. **A sealed
/// segment must never be shortened while mapped**: touching a page past a file's end raises
/// SIGBUS, not an error. Nothing in Hindsight shortens a sealed segment (FORMAT.md); an operator
/// replacing segment files must do it with no process reading the log.
///
/// Pages behind the read are dropped every ``releaseStep`` bytes, so the memory a replay holds
/// stays bounded whatever the segment size. Not shared between threads: one read uses it at a time.
package final class SegmentMapping {
    /// Pages behind the read are dropped in steps of this many bytes.
    static let releaseStep = 2 << 20
    /// Released stretches start at multiples of this (a multiple of every platform's page size).
    static let alignment = 64 << 10

    /// The base position of the mapped segment.
    package let base: UInt64
    /// The whole file's bytes.
    package let bytes: UnsafeRawBufferPointer
    private let fileSystem: FileSystem
    private var released = 0

    /// Maps segment `base` (open as `fd`, `size` bytes long), or returns nil when the file
    /// system cannot map it (the caller then reads it through a buffer).
    init?(base: UInt64, fd: Int32, size: Int64, path: String, fileSystem: FileSystem) {
        guard size > 0, size <= Int64(Int.max),
              let bytes = try? fileSystem.mapWhole(fd, Int(size), path), bytes.baseAddress != nil else { return nil }
        self.base = base
        self.bytes = bytes
        self.fileSystem = fileSystem
    }

    deinit { fileSystem.unmap(bytes) }

    /// Drops the resident pages before `offset` once a ``releaseStep`` of them has been read.
    func release(before offset: Int) {
        let end = offset - offset % Self.alignment
        guard end - released >= Self.releaseStep, let start = bytes.baseAddress else { return }
        fileSystem.releasePages(UnsafeRawBufferPointer(start: start + released, count: end - released))
        released = end
    }
}
