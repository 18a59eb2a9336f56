/// A profile's new cards that are neither suspended nor gone, as a bit set over card slots.
/// Slots are given in creation order, so ascending slots are creation order.
///
/// Insert and remove are O(1); walking in order costs one word test per 64 slots.
struct NewCardSet: Sendable, Equatable {
    private var words: [UInt64] = []
    /// How many cards the set holds.
    private(set) var count = 0

    /// An empty set.
    init() {}

    /// Whether `slot` is in the set.
    @inline(__always)
    func contains(_ slot: Int32) -> Bool {
        let word = Int(slot) >> 6
        return word < words.count && words[word] & (1 << UInt64(slot & 63)) != 0
    }

    /// Adds `slot` (no effect when present).
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func insert(_ slot: Int32) {
        let word = Int(slot) >> 6, bit = UInt64(1) << UInt64(slot & 63)
        if word >= words.count {
            words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count)))
        }
        if words[word] & bit == 0 {
            words[word] |= bit
            count += 1
        }
    }

    /// Removes `slot` (no effect when absent).
    /// - Complexity: O(1).
    @inline(__always)
    mutating func remove(_ slot: Int32) {
        let word = Int(slot) >> 6, bit = UInt64(1) << UInt64(slot & 63)
        guard word < words.count, words[word] & bit != 0 else { return }
        words[word] &= ~bit
        count -= 1
    }

    /// Calls `body` with the slots in ascending order until it returns false.
    /// - Complexity: O(w + k) for w words up to the last slot visited and k slots visited.
    func walk(_ body: (Int32) -> Bool) {
        for (index, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let slot = Int32(index << 6 + bits.trailingZeroBitCount)
                if !body(slot) { return }
                bits &= bits - 1
            }
        }
    }

    /// The slots, ascending.
    var slots: [Int32] {
        var result: [Int32] = []
        result.reserveCapacity(count)
        walk { result.append($0); return true }
        return result
    }

    static func == (lhs: NewCardSet, rhs: NewCardSet) -> Bool { lhs.slots == rhs.slots }
}
