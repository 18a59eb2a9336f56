#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file mapped read-only into memory: how snapshot files are loaded. Mapping shares the
/// OS's cached pages instead of copying tens of megabytes into fresh memory (which costs a page
/// fault per 4 KiB, the larger part of a snapshot's load time), and the pages are populated in one
/// go where the OS can (`MAP_POPULATE` on Linux, `MADV_WILLNEED` elsewhere).
///
/// The mapping lives as long as the object. It must only be used for files that are replaced by
/// rename and never shortened in place (as ``DurableFile/replace(_:at:in:permissions:)`` does):
/// a mapped file cut short under a reader raises SIGBUS on access rather than an error. A file
/// unlinked or renamed over stays readable through the mapping.
package final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only and never changes while the object lives.

    /// The file's bytes (empty for an empty file).
    package let bytes: UnsafeRawBufferPointer

    private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    deinit {
        if let base = bytes.baseAddress, bytes.count > 0 { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// The file at `path`, mapped, or nil when there is no such file.
    /// - Throws: ``DurableFile/Failure`` when the file exists but cannot be opened, sized or mapped.
    /// - Complexity: O(pages) page-table work; no copy of the content.
    package static func map(_ path: String) throws(DurableFile.Failure) -> MappedFile? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw DurableFile.failure("open", path)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw DurableFile.failure("fstat", path) }
        let size = Int(status.st_size)
        guard size > 0 else { return MappedFile(bytes: UnsafeRawBufferPointer(start: nil, count: 0)) }
        #if canImport(Glibc)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let base = mmap(nil, size, PROT_READ, flags, fd, 0), base != MAP_FAILED else {
            throw DurableFile.failure("mmap", path)
        }
        #if !canImport(Glibc)
        _ = madvise(base, size, MADV_WILLNEED)
        #endif
        return MappedFile(bytes: UnsafeRawBufferPointer(start: base, count: size))
    }
}
