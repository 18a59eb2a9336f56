/// The growing buffer the canonical reader writes a log body into: the primitives of
/// ``BinaryWriter`` (the log encoding's one home; `BodyBufferTests` holds the two to the same
/// bytes), stored straight into memory it owns, without the uniqueness and capacity checks and
/// generic copies that each append to an array costs (a body is a dozen small writes).
///
/// Reuse one buffer for many bodies (``removeAll()`` keeps the memory). Not copyable: it owns
/// its memory, and frees it when it goes.
struct BodyBuffer: ~Copyable {
    /// The memory: ``capacity`` bytes, the first ``count`` written.
    private var start: UnsafeMutableRawPointer
    /// How many bytes the memory holds.
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int = 1024) {
        start = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        self.capacity = capacity
    }

    deinit { start.deallocate() }

    /// The bytes written, valid until the next write.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

    /// Forgets the bytes written, keeping the memory.
    @inline(__always) mutating func removeAll() { count = 0 }

    /// Makes room for `more` bytes after ``count``.
    @inline(__always) private mutating func reserve(_ more: Int) {
        if capacity &- count < more { grow(more) }
    }

    @inline(never) private mutating func grow(_ more: Int) {
        let larger = Swift.max(capacity &* 2, count &+ more)
        let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
        moved.copyMemory(from: start, byteCount: count)
        start.deallocate()
        start = moved
        capacity = larger
    }

    /// One byte.
    @inline(__always) mutating func writeByte(_ value: UInt8) {
        reserve(1)
        start.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// An unsigned LEB128 varint, as ``BinaryWriter/writeVarint(_:)`` writes it.
    @inline(__always) mutating func writeVarint(_ value: UInt64) {
        reserve(10)
        var rest = value
        while rest >= 0x80 {
            start.storeBytes(of: UInt8(truncatingIfNeeded: rest) | 0x80, toByteOffset: count, as: UInt8.self)
            count &+= 1
            rest &>>= 7
        }
        start.storeBytes(of: UInt8(truncatingIfNeeded: rest), toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// A zigzag-mapped signed varint, as ``BinaryWriter/writeSignedVarint(_:)`` writes it.
    @inline(__always) mutating func writeSignedVarint(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value &<< 1) ^ (value &>> 63)))
    }

    /// Eight bytes, little-endian (a fixed `i64`, or a double's bits).
    @inline(__always) mutating func writeFixed64(_ value: UInt64) {
        reserve(8)
        start.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt64.self)
        count &+= 8
    }

    /// A UUID's 16 bytes given as two words (``HexWord/uuid(_:)``), each stored little-endian.
    @inline(__always) mutating func writeUUID(low: UInt64, high: UInt64) {
        reserve(16)
        start.storeBytes(of: low.littleEndian, toByteOffset: count, as: UInt64.self)
        start.storeBytes(of: high.littleEndian, toByteOffset: count &+ 8, as: UInt64.self)
        count &+= 16
    }

    /// `bytes`, as they are.
    @inline(__always) mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (start + count).copyMemory(from: source, byteCount: bytes.count) }
        count &+= bytes.count
    }

    /// The contents of a JSON string whose escapes are all valid, `raw` (between its quotes),
    /// with its escapes resolved (``JSONEscape/unescape(_:into:)``).
    @inline(__always) mutating func appendUnescaped(_ raw: UnsafeRawBufferPointer) {
        reserve(raw.count)
        count &+= JSONEscape.unescape(raw, into: start + count)
    }

    /// Replaces the one byte at `offset` with a varint of `value` (the count of an array, once
    /// its elements are written), moving the bytes after it when the varint is longer.
    mutating func replaceByte(at offset: Int, withVarint value: UInt64) {
        if value < 0x80 {
            start.storeBytes(of: UInt8(value), toByteOffset: offset, as: UInt8.self)
            return
        }
        var varint = BinaryWriter()
        varint.writeVarint(value)
        let extra = varint.bytes.count &- 1
        reserve(extra)
        let after: Int = offset &+ 1
        let moved: Int = count &- after
        // The bytes after the placeholder move up by `extra` (the two ranges may overlap).
        (start + (after &+ extra)).copyMemory(from: start + after, byteCount: moved)
        varint.bytes.withUnsafeBytes { (start + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        count &+= extra
    }

    /// Copies `count` bytes from `source` to `target` (which do not overlap): a field of a body is
    /// most often a few bytes, copied with two loads and two stores rather than a call.
    @inline(__always) private static func copy(_ count: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        switch count {
        case 8...16:
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), toByteOffset: count &- 8, as: UInt64.self)
        case 4..<8:
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self), toByteOffset: count &- 4, as: UInt32.self)
        case 1..<4:
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            target.storeBytes(of: source.load(fromByteOffset: count &>> 1, as: UInt8.self), toByteOffset: count &>> 1, as: UInt8.self)
            target.storeBytes(of: source.load(fromByteOffset: count &- 1, as: UInt8.self), toByteOffset: count &- 1, as: UInt8.self)
        case 0:
            break
        default:
            target.copyMemory(from: source, byteCount: count)
        }
    }

    /// Moves the `count - base` bytes from `base` on into the order `pieces` gives: piece `k` is
    /// `ends[k - 1]..<ends[k]` (from `base` for the first), and the bytes are laid out as the
    /// pieces `order[0]`, `order[1]`, …; `scratch` is working memory.
    mutating func reorder(from base: Int, ends: UnsafeBufferPointer<Int>, order: [Int], scratch: inout BodyBuffer) {
        let length = count &- base
        scratch.removeAll()
        scratch.append(UnsafeRawBufferPointer(start: start + base, count: length))
        var at = base
        for piece in order {
            let from = piece == 0 ? 0 : ends[piece &- 1] &- base
            let size = ends[piece] &- base &- from
            Self.copy(size, from: scratch.start + from, to: start + at)
            at &+= size
        }
        assert(at == count)
    }
}
