import CPrefetch

/// A growable array of plain-data elements in one block of 64-byte-aligned memory
/// (``PlainMemory``), so that an element whose stride is 64 bytes is exactly one cache line (an
/// `Array`'s elements start after its header, at whatever offset `malloc` gives, and such an
/// element would straddle two lines). Value semantics: copies share the memory until one of
/// them writes (copy on write, as `Array`).
///
/// `@unchecked Sendable`: the memory is written only while this value holds the one reference
/// to its owner (checked before every write), the discipline of `Array`'s own storage.
struct AlignedArray<Element: BitwiseCopyable & Sendable>: @unchecked Sendable {
    /// Keeps the memory alive, and says by its uniqueness whether it may be written.
    private var owner: PlainMemory<Element>
    /// The elements (`owner`'s memory).
    private var base: UnsafeMutablePointer<Element>
    /// How many elements fit before the memory must grow.
    private var capacity: Int
    /// How many elements are stored.
    private(set) var count = 0

    /// An empty array with room for `minimumCapacity` elements.
    init(minimumCapacity: Int = 0) {
        capacity = Swift.max(16, minimumCapacity)
        owner = PlainMemory(capacity: capacity)
        base = owner.base
    }

    /// The element at `index` (`0 ..< count`).
    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "AlignedArray index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "AlignedArray index out of range")
            makeUnique()
            base[index] = newValue
        }
        _modify {
            precondition(index >= 0 && index < count, "AlignedArray index out of range")
            makeUnique()
            yield &base[index]
        }
    }

    /// Appends `element`.
    /// - Complexity: O(1) amortized (the memory doubles when full).
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity {
            reallocate(capacity: capacity * 2)
        } else {
            makeUnique()
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes the last element.
    mutating func removeLast() {
        precondition(count > 0, "AlignedArray is empty")
        count -= 1
    }

    /// Makes room for `minimumCapacity` elements in all.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { reallocate(capacity: minimumCapacity) }
    }

    /// Calls `body` with the elements, in place (valid only during the call).
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        // `self`, borrowed for the call, keeps the memory alive: no retain of the owner.
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Starts loading the cache line(s) of element `index` for a write (a hint; nothing for an
    /// index out of range).
    @inline(__always)
    func prefetchForWrite(_ index: Int) {
        guard index >= 0 && index < count else { return }
        let element = UnsafeRawPointer(base + index)
        hindsight_prefetch_for_write(element)
        // The memory is 64-byte aligned: an element whose stride divides 64 lies in one line.
        if 64 % MemoryLayout<Element>.stride != 0 {
            hindsight_prefetch_for_write(element + (MemoryLayout<Element>.size - 1))
        }
    }

    /// Copies the elements when another value shares them, so that they may be written.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&owner) { reallocate(capacity: capacity) }
    }

    /// Moves the elements into fresh memory of `capacity` (at least ``count``), owned alone.
    private mutating func reallocate(capacity newCapacity: Int) {
        owner = PlainMemory(copying: owner, count: count, capacity: newCapacity)
        base = owner.base
        capacity = newCapacity
    }
}

extension AlignedArray: RandomAccessCollection, MutableCollection {
    /// 0.
    var startIndex: Int { 0 }
    /// ``count``.
    var endIndex: Int { count }
}

extension AlignedArray: Equatable where Element: Equatable {
    /// Equal when they hold equal elements in the same order.
    static func == (lhs: AlignedArray, rhs: AlignedArray) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
