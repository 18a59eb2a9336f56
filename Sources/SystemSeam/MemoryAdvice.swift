#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The system's page size in bytes.
    package static let pageSize: Int = {
        #if canImport(Glibc) || canImport(Darwin)
        return Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return 4096
        #endif
    }()
}
