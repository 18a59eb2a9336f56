import CPrefetch

/// The ledger's review windows by slot (one ``LedgerWindow``, 128 bytes, per card), in
/// 64-byte-aligned memory: a window is exactly two cache lines and a review slot (32 bytes)
/// never straddles two, so a review writes one line.
///
/// Grows by doubling (``reserveCapacity(_:)`` avoids it when the count is known).
///
/// `@unchecked Sendable`: the memory is written only while this value holds the one reference
/// to its owner (``makeUnique()``), the discipline of `Array`'s own storage.
struct LedgerWindows: @unchecked Sendable {
    /// Keeps the memory alive, and says by its uniqueness whether it may be written.
    private var owner: PlainMemory<LedgerWindow>
    /// The windows (`owner`'s memory).
    private(set) var base: UnsafeMutablePointer<LedgerWindow>
    /// How many windows fit before the memory must grow.
    private var capacity: Int
    /// How many windows are stored.
    private(set) var count = 0

    /// No windows.
    init() {
        capacity = 16
        owner = PlainMemory(capacity: capacity)
        base = owner.base
    }

    /// The window of slot `slot` (`0 ..< count`).
    @inline(__always) subscript(slot: Int) -> LedgerWindow {
        precondition(slot >= 0 && slot < count, "LedgerWindows slot out of range")
        return base[slot]
    }

    /// The window of slot `slot` (`0 ..< count`), for a change. Call ``makeUnique()`` first.
    @inline(__always) mutating func pointer(to slot: Int) -> UnsafeMutablePointer<LedgerWindow> {
        precondition(slot >= 0 && slot < count, "LedgerWindows slot out of range")
        return base + slot
    }

    /// Copies the windows when another value shares them, so that they may be written.
    @inline(__always) mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&owner) { reallocate(capacity: capacity) }
    }

    /// Makes room for `minimumCapacity` windows in all.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { reallocate(capacity: minimumCapacity) }
    }

    /// Appends an empty window.
    /// - Complexity: O(1) amortized.
    mutating func appendEmpty() {
        makeUnique()
        if count == capacity { reallocate(capacity: capacity * 2) }
        base[count] = LedgerWindow()
        count += 1
    }

    /// Removes the last window.
    mutating func removeLast() {
        precondition(count > 0, "LedgerWindows is empty")
        count -= 1
    }

    /// Copies the window of slot `from` over slot `to`.
    mutating func copy(from: Int, to: Int) {
        makeUnique()
        pointer(to: to).pointee = self[from]
    }

    /// Moves the windows into fresh memory of `capacity` (at least ``count``), owned alone.
    private mutating func reallocate(capacity newCapacity: Int) {
        owner = PlainMemory(copying: owner, count: count, capacity: newCapacity)
        base = owner.base
        capacity = newCapacity
    }
}
