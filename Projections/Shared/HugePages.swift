import SystemSeam

/// Transparent huge pages for the read models' big tables (the card records, the review
/// ledger's buckets and windows): folds touch them at random, a cache line per event, and with
/// 4 KiB pages most of those touches also miss the TLB, whose misses a software prefetch does
/// not hide. A table placed on 2 MiB boundaries and advised to the kernel maps in 2 MiB pages
/// where the system allows it (Linux with transparent huge pages in `madvise` or `always`
/// mode); elsewhere the advice is a no-op.
enum HugePages {
    /// The huge page size advised for (x86-64 and arm64 Linux with 4 KiB base pages).
    static let size = 2 << 20

    /// Asks the kernel to back `count` bytes from `start` (both multiples of ``size``) with huge
    /// pages, through the system seam (Projections makes no system call of its own). A hint:
    /// failure changes nothing but speed.
    static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
        MemoryAdvice.hugePages(start, count: count)
    }
}
