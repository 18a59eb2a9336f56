/// A block of plain-data elements in 64-byte-aligned memory (so an element whose size divides
/// 64, or is a multiple of it, never straddles two cache lines), owned by a reference so that
/// value types built on it (``ChunkedArray``'s chunks, the activity ledger's tables) can share
/// it until one of them writes (copy on write).
///
/// `@unchecked Sendable`: it is only written while the value that holds it holds the one
/// reference (checked with `isKnownUniquelyReferenced` before every write), the same
/// discipline as `Array`'s own storage, so memory shared between values, and so between
/// threads, is never written.
final class PlainMemory<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The first element.
    let base: UnsafeMutablePointer<Element>

    /// The alignment of every block.
    static var alignment: Int { 64 }

    /// Room for `capacity` elements, none initialized (plain data: reading before writing is
    /// the caller's bug, never undefined lifetime). A block of ``HugePages/size`` or more is
    /// rounded up to whole huge pages, placed on their boundaries and advised as such.
    init(capacity: Int) {
        let byteCount = max(1, capacity) * MemoryLayout<Element>.stride
        let raw: UnsafeMutableRawPointer
        if byteCount >= HugePages.size {
            let rounded = (byteCount + HugePages.size - 1) & ~(HugePages.size - 1)
            raw = UnsafeMutableRawPointer.allocate(byteCount: rounded, alignment: HugePages.size)
            HugePages.advise(raw, count: rounded)
        } else {
            raw = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: Self.alignment)
        }
        base = raw.bindMemory(to: Element.self, capacity: max(1, capacity))
    }

    /// `count` elements, every byte zero.
    convenience init(zeroedCount count: Int) {
        self.init(capacity: count)
        UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0,
                                                       count: count * MemoryLayout<Element>.stride)
    }

    /// Room for `capacity` elements, the first `count` copied from `other`.
    convenience init(copying other: PlainMemory, count: Int, capacity: Int) {
        self.init(capacity: capacity)
        base.initialize(from: other.base, count: count)
    }

    deinit { UnsafeMutableRawPointer(base).deallocate() }
}
