import CPrefetch

/// A growable array of plain-data elements kept in fixed-size chunks (``chunkSize`` elements
/// each): growing adds a chunk and never moves the elements already stored.
///
/// Why: a plain `Array` that doubles copies everything it holds into fresh memory each time,
/// so a pool that ends at tens of megabytes (the vocabulary's undo entries) is written about
/// three times and page-faulted twice on the way. Here each element is written once and each
/// page faulted once. Indexing costs one more (cached) load than an array's.
struct ChunkedArray<Element: BitwiseCopyable & Sendable>: Sendable {
    /// Elements per chunk: a power of two, so an index splits with a shift and a mask.
    static var chunkSize: Int { 1 << chunkShift }
    private static var chunkShift: Int { 12 }
    private static var chunkMask: Int { chunkSize - 1 }

    /// Every chunk but the last holds ``chunkSize`` elements.
    private var chunks: [[Element]] = []
    /// How many elements are stored.
    private(set) var count = 0

    /// An empty array.
    init() {}

    /// The element at `index` (`0 ..< count`).
    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "ChunkedArray index out of range")
            return chunks[index &>> Self.chunkShift][index & Self.chunkMask]
        }
        set {
            precondition(index >= 0 && index < count, "ChunkedArray index out of range")
            chunks[index &>> Self.chunkShift][index & Self.chunkMask] = newValue
        }
    }

    /// Appends `element`.
    /// - Complexity: O(1); a new chunk is reserved whole, so no append moves elements.
    mutating func append(_ element: Element) {
        if count & Self.chunkMask == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Appends `element` `repetitions` times.
    /// - Complexity: O(`repetitions`).
    mutating func append(repeating element: Element, count repetitions: Int) {
        for _ in 0..<repetitions { append(element) }
    }

    /// Starts loading the cache line(s) of element `index` for a write (a hint; nothing for an
    /// index out of range).
    @inline(__always)
    func prefetchForWrite(_ index: Int) {
        guard index >= 0 && index < count else { return }
        chunks[index &>> Self.chunkShift].withUnsafeBufferPointer { chunk in
            let element = UnsafeRawPointer(chunk.baseAddress! + (index & Self.chunkMask))
            hindsight_prefetch_for_write(element)
            hindsight_prefetch_for_write(element + (MemoryLayout<Element>.size - 1))
        }
    }
}

extension ChunkedArray: RandomAccessCollection, MutableCollection {
    /// 0.
    var startIndex: Int { 0 }
    /// ``count``.
    var endIndex: Int { count }
}

extension ChunkedArray: Equatable where Element: Equatable {
    /// Equal when they hold equal elements in the same order.
    static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool {
        lhs.count == rhs.count && lhs.chunks == rhs.chunks
    }
}
