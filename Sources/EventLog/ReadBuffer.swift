/// A growable, reusable byte buffer that segment scans read file chunks into.
/// Not shared between threads: each scan owns one.
package final class ReadBuffer {
    /// The buffer's memory.
    package private(set) var pointer: UnsafeMutableRawPointer
    /// Its size in bytes.
    package private(set) var capacity: Int

    /// A buffer of `capacity` bytes (1 MiB by default).
    package init(capacity: Int = 1 << 20) {
        self.capacity = max(capacity, 4096)
        pointer = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { pointer.deallocate() }

    /// Grows to at least `needed` bytes, keeping the first `keep` bytes.
    package func reserve(_ needed: Int, keeping keep: Int) {
        guard needed > capacity else { return }
        var grown = capacity
        while grown < needed { grown *= 2 }
        let fresh = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
        fresh.copyMemory(from: pointer, byteCount: keep)
        pointer.deallocate()
        pointer = fresh
        capacity = grown
    }
}
