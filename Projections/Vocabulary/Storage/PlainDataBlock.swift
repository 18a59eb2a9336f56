import Events

/// Writes fixed-width little-endian fields into a block of a ``BinaryWriter``'s bytes that was
/// sized up front (``BinaryWriter/withPlainDataBlock(records:width:_:)``): one bounds check per
/// block (or part of one), none per field.
struct PlainDataSink {
    private let base: UnsafeMutableRawBufferPointer
    private var offset = 0

    fileprivate init(_ base: UnsafeMutableRawBufferPointer) { self.base = base }

    /// Appends `value` little-endian.
    @inline(__always)
    mutating func put<T: FixedWidthInteger>(_ value: T) {
        base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
        offset &+= MemoryLayout<T>.size
    }

    /// Appends the bits of `value` little-endian.
    @inline(__always)
    mutating func put(_ value: Float) { put(value.bitPattern) }

    /// How many bytes were written.
    var written: Int { offset }
}

/// Reads fixed-width little-endian fields out of a block checked for size up front
/// (``BinaryReader/plainDataBlock(records:width:_:)``): one bounds check per block, none per
/// field.
struct PlainDataSource {
    private let base: UnsafeRawBufferPointer
    private var offset = 0
    /// Where `base` starts in the input it was cut from, for error offsets.
    private let inputOffset: Int

    /// A source at the start of `base`, which the caller has checked holds every field it takes;
    /// `base` starts at `inputOffset` in its input.
    init(_ base: UnsafeRawBufferPointer, inputOffset: Int = 0) {
        self.base = base
        self.inputOffset = inputOffset
    }

    /// How many bytes were read.
    var read: Int { offset }

    /// The input offset of the next field (for an error about the record being read).
    var position: Int { inputOffset + offset }

    /// The next `T`, little-endian.
    @inline(__always)
    mutating func take<T: FixedWidthInteger>(_: T.Type = T.self) -> T {
        let value = T(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: T.self))
        offset &+= MemoryLayout<T>.size
        return value
    }

    /// The next `Float`, from its little-endian bits.
    @inline(__always)
    mutating func takeFloat() -> Float { Float(bitPattern: take(UInt32.self)) }
}

extension BinaryWriter {
    /// Writes a length-prefixed block of `records` fixed-width records of `width` bytes each,
    /// filled by `fill` a part at a time: each call is given the records of one part, in order,
    /// and must write exactly theirs (`part.count * width` bytes). Without a ``drain`` there is
    /// one part, every record; with one, parts of about its limit, each followed by a drain
    /// point, so a large table is written to its file without lying whole in memory.
    mutating func withPlainDataBlock(records: Int, width: Int, _ fill: (inout PlainDataSink, _ part: Range<Int>) -> Void) {
        writeVarint(UInt64(records * width))
        let perPart = drain.map { Swift.max(1, $0.limit / Swift.max(width, 1)) } ?? records
        var first = 0
        while first < records {
            let part = first..<Swift.min(records, first + perPart)
            let start = bytes.count, size = part.count * width
            appendZeros(size)
            bytes.withUnsafeMutableBytes { raw in
                var sink = PlainDataSink(UnsafeMutableRawBufferPointer(rebasing: raw[start..<(start + size)]))
                fill(&sink, part)
                precondition(sink.written == size, "a plain-data block wrote \(sink.written) bytes, not \(size)")
            }
            drainIfFull()
            first = part.upperBound
        }
    }
}

extension BinaryReader {
    /// Reads a length-prefixed block of `records` fixed-width records of `width` bytes each and
    /// hands `read` a source over it.
    /// - Throws: ``EventDecodingError`` when the block is cut short or not `records * width`
    ///   bytes long, or whatever `read` throws.
    mutating func plainDataBlock<Result>(
        records: Int, width: Int, _ what: String, _ read: (inout PlainDataSource) throws(EventDecodingError) -> Result
    ) throws(EventDecodingError) -> Result {
        let start = offset
        let block = try readLengthPrefixed()
        let (size, overflow) = records.multipliedReportingOverflow(by: width)
        guard !overflow, block.count == size else {
            throw EventDecodingError(.invalidValue, "the \(what) block holds \(block.count) bytes, not \(records) × \(width)",
                                     offset: start)
        }
        var source = PlainDataSource(block, inputOffset: offset - block.count)
        return try read(&source)
    }
}

extension BinaryWriter {
    /// Appends `count` zero bytes (a block's room, filled in place next), growing the bytes as an
    /// append does and zeroing them a chunk at a time, at memory speed (an append of
    /// `repeatElement(0, count:)` goes a byte at a time: a fifth of a 24 MB snapshot's encoding).
    fileprivate mutating func appendZeros(_ count: Int) {
        let needed = bytes.count + count
        if bytes.capacity < needed { bytes.reserveCapacity(max(needed, 2 * bytes.capacity)) }
        var left = count
        zeroChunk.withUnsafeBytes { zeros in
            while left > 0 {
                let part = min(left, zeros.count)
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: zeros[..<part]))
                left -= part
            }
        }
    }
}

/// Zero bytes to copy from (``BinaryWriter/appendZeros(_:)``).
private let zeroChunk = [UInt8](repeating: 0, count: 1 << 16)
