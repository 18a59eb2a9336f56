/// Equality of short byte strings (type names, stream categories) without a `memcmp` call:
/// on the replay path each event compares one or two names of 4 to 40 bytes, and a library
/// call with its length dispatch costs more than a few overlapping word loads.
enum ShortBytes {
    /// Whether `a` and `b` hold the same bytes.
    /// - Complexity: O(n), eight bytes per compare.
    @inline(__always) static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                    return false
                }
                offset &+= 8
            }
            return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(fromByteOffset: 0, as: UInt32.self) == b.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        }
        var offset = 0
        while offset < count {
            if a[offset] != b[offset] { return false }
            offset &+= 1
        }
        return true
    }
}
