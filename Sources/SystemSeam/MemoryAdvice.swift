#if canImport(Glibc)
import Glibc
#endif

/// Advice to the kernel about memory the process holds: the seam's one call that is not about
/// files. The read models' big tables ask for huge pages through it, so Projections itself makes
/// no system call.
package enum MemoryAdvice {
    /// Asks the kernel to back `count` bytes from `start` (both multiples of 2 MiB) with huge
    /// pages, on Linux with transparent huge pages in `madvise` or `always` mode; elsewhere it does
    /// nothing. A hint: failure changes nothing but speed.
    package static func hugePages(_ start: UnsafeMutableRawPointer, count: Int) {
        #if canImport(Glibc)
        _ = madvise(start, count, MADV_HUGEPAGE)
        #endif
    }
}
