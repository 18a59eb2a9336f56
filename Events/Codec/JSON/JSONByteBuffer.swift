/// JSON text gathered in raw memory that the buffer owns: a write is a capacity compare and a
/// store (no array uniqueness check, no bounds check per byte, no generic append), so an export
/// can write millions of lines a second. It spells values as ``JSONOutput`` says, like
/// ``JSONWriter``. Not copyable: one owner writes, reads (``withUnsafeBytes(_:)``) and empties it.
package struct JSONByteBuffer: ~Copyable, JSONOutput {
    private var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes the buffer holds before it grows.
    package private(set) var capacity: Int
    /// The number of bytes written.
    package private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it first grows.
    package init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always) private mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(to: count + extra) }
    }

    /// Moves the bytes to an allocation of at least `minimum` bytes (doubling, so that appends
    /// stay amortized O(1)).
    @inline(never) private mutating func grow(to minimum: Int) {
        let larger = max(minimum, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Appends one byte of JSON punctuation.
    @inline(__always) package mutating func write(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends bytes that are already JSON.
    /// - Complexity: O(n); 8 to 16 bytes (a key with its quotes and colon) in two overlapping
    ///   word copies, without a call.
    @inline(__always) package mutating func write(raw: UnsafeRawBufferPointer) {
        let length = raw.count
        reserve(length)
        let target = UnsafeMutableRawPointer(base + count)
        if length >= 8 && length <= 16, let source = raw.baseAddress {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self), toByteOffset: length &- 8, as: UInt64.self)
        } else if let source = raw.baseAddress {
            target.copyMemory(from: source, byteCount: length)
        }
        count &+= length
    }

    /// Lets `body` write up to `maxCount` bytes straight into the buffer and keeps the first `n`
    /// of them, `n` being what it returns.
    @inline(__always) package mutating func append(upTo maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxCount)
        count &+= body(base + count)
    }

    /// Calls `body` with the bytes written.
    package func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Drops the bytes after the first `count` (to take back a partly written value).
    package mutating func removeLast(from count: Int) {
        precondition(count >= 0 && count <= self.count, "a JSON buffer was cut beyond its end")
        self.count = count
    }

    /// Empties the buffer, keeping its memory.
    package mutating func removeAll() { count = 0 }

    /// The bytes written, as an array (for tests and small outputs).
    package var bytes: [UInt8] { withUnsafeBytes { Array($0) } }
}
