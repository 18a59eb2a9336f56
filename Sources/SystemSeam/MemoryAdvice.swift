#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CAllocator

/// Advice to the kernel about memory the process holds: the seam's calls that are not about
/// files. The read models' big tables ask for huge pages through it, so Projections itself makes
/// no system call, and a merge hands back the pages of words it has moved.
package enum MemoryAdvice {
    /// Asks the kernel to back `count` bytes from `start` (both multiples of 2 MiB) with huge
    /// pages, on Linux with transparent huge pages in `madvise` or `always` mode; elsewhere it does
    /// nothing. A hint: failure changes nothing but speed.
    package static func hugePages(_ start: UnsafeMutableRawPointer, count: Int) {
        #if canImport(Glibc)
        _ = madvise(start, count, MADV_HUGEPAGE)
        #endif
    }

    /// Hands the `count` bytes of pages from `start` (both multiples of the page size) back to the
    /// system while the process keeps the addresses: their contents are gone (a later read sees
    /// zeros, or on Darwin possibly the old bytes), and touching them again takes fresh pages. For
    /// memory the caller owns and will not read again before it frees it, so that a long merge out
    /// of it does not hold its input and its output whole at once. A hint: on failure, or where
    /// the call does not exist, the pages simply stay.
    package static func discard(_ start: UnsafeMutableRawPointer, count: Int) {
        #if canImport(Glibc)
        _ = madvise(start, count, MADV_DONTNEED)
        #elseif canImport(Darwin)
        _ = madvise(start, count, MADV_FREE)
        #endif
    }

    /// Makes every thread allocate from the C allocator's one main arena, where it keeps arenas
    /// per thread (glibc); elsewhere (Darwin) it does nothing. For an executable to call once at
    /// launch, before its threads start allocating: the process's policy, not a library's.
    ///
    /// An import checks on one thread while its read models fold on another; with an arena each,
    /// the room one frees (a chunk's buffers, a table outgrown) is never reused by the other, and
    /// the process ends up holding both: 14 MB more peak memory importing a 1M-row revlog,
    /// 20–28 MB at 5M rows, at no measurable cost in speed (the folds allocate little).
    /// - Returns: true when the allocator took the setting.
    @discardableResult
    package static func useOneAllocatorArena() -> Bool {
        hindsight_use_one_allocator_arena() == 1
    }

    /// The system's page size in bytes.
    package static let pageSize: Int = {
        #if canImport(Glibc) || canImport(Darwin)
        return Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return 4096
        #endif
    }()
}
