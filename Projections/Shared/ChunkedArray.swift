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

    /// Room for ``chunkSize`` elements each; every chunk but the last is full (plain data needs
    /// no deinitialization). Each chunk is copied on its first write while shared (a copy of the
    /// array shares them all), so a copy costs what is written.
    private var chunks: [PlainMemory<Element>] = []
    /// How many elements are stored.
    private(set) var count = 0

    /// An empty array.
    init() {}

    /// The element at `index` (`0 ..< count`).
    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "ChunkedArray index out of range")
            return chunks[index &>> Self.chunkShift].base[index & Self.chunkMask]
        }
        set {
            precondition(index >= 0 && index < count, "ChunkedArray index out of range")
            let chunk = index &>> Self.chunkShift
            makeUnique(chunk)
            chunks[chunk].base[index & Self.chunkMask] = newValue
        }
    }

    /// Calls `body` with element `index` (`0 ..< count`) read in place: no copy of it out, so
    /// reading a few fields of a large element touches only their cache lines.
    /// - Returns: what `body` returns.
    @inline(__always)
    func read<Result>(_ index: Int, _ body: (borrowing Element) -> Result) -> Result {
        precondition(index >= 0 && index < count, "ChunkedArray index out of range")
        return body(chunks[index &>> Self.chunkShift].base[index & Self.chunkMask])
    }

    /// Calls `body` with element `index` (`0 ..< count`) in place (no copy of it out and back).
    /// - Returns: what `body` returns.
    @inline(__always)
    mutating func update<Result>(_ index: Int, _ body: (inout Element) -> Result) -> Result {
        precondition(index >= 0 && index < count, "ChunkedArray index out of range")
        let chunk = index &>> Self.chunkShift
        makeUnique(chunk)
        return body(&chunks[chunk].base[index & Self.chunkMask])
    }

    /// Appends `element`.
    /// - Complexity: O(1); a new chunk is allocated whole, so no append moves elements.
    mutating func append(_ element: Element) {
        let chunk = count &>> Self.chunkShift
        if count & Self.chunkMask == 0 {
            chunks.append(PlainMemory(capacity: Self.chunkSize))
        } else {
            makeUnique(chunk)
        }
        (chunks[chunk].base + (count & Self.chunkMask)).initialize(to: element)
        count += 1
    }

    /// Appends `element` `repetitions` times.
    /// - Complexity: O(`repetitions`).
    mutating func append(repeating element: Element, count repetitions: Int) {
        for _ in 0..<repetitions { append(element) }
    }

    /// Starts loading the cache line(s) of element `index` for a write, every line it covers (a
    /// hint; nothing for an index out of range). Reads the chunk's address only: no retain, no copy.
    @inline(__always)
    func prefetchForWrite(_ index: Int) {
        guard index >= 0 && index < count else { return }
        let element = UnsafeRawPointer(chunks[index &>> Self.chunkShift].base + (index & Self.chunkMask))
        hindsight_prefetch_for_write(element)
        // An element longer than a line: each line after its first.
        var offset = 64
        while offset < MemoryLayout<Element>.size {
            hindsight_prefetch_for_write(element + offset)
            offset += 64
        }
        // Chunks are 64-byte aligned: an element whose stride divides 64 lies in one cache line.
        if 64 % MemoryLayout<Element>.stride != 0 {
            hindsight_prefetch_for_write(element + (MemoryLayout<Element>.size - 1))
        }
    }

    /// Gives chunk `chunk` an owner of its own before a write: copies it when another array
    /// shares it.
    @inline(__always)
    private mutating func makeUnique(_ chunk: Int) {
        if !isKnownUniquelyReferenced(&chunks[chunk]) {
            let held = Swift.min(Self.chunkSize, count - chunk &<< Self.chunkShift)
            chunks[chunk] = PlainMemory(copying: chunks[chunk], count: held, capacity: Self.chunkSize)
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
        lhs.elementsEqual(rhs)
    }
}
