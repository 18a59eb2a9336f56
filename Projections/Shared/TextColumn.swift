import Events

/// Texts by slot, kept as UTF-8 in one growing byte buffer with each slot's span in it: a
/// column that a snapshot restores with one copy of its blob (and, where the read model asks,
/// one pass checking each text is UTF-8), where an array of `String`s costs one allocation per
/// text. Storage only: what a slot holds is decided by the fold that writes it.
///
/// Replacing a slot's text appends the new bytes and leaves the old ones unreferenced; once the
/// unreferenced bytes outnumber the referenced ones, the buffer is compacted (amortized O(1) per
/// byte written), so it stays within about twice the texts it holds. Equality and the encoding
/// see only the texts in slot order: the same texts give equal columns and the same bytes,
/// whatever was replaced on the way.
struct TextColumn: Sendable {
    /// The texts' bytes (and, between compactions, bytes of replaced texts).
    private var bytes: [UInt8] = []
    /// Where each slot's text starts in ``bytes``.
    private var starts: [Int] = []
    /// Each slot's text length in bytes.
    private var lengths: [UInt32] = []
    /// How many bytes of ``bytes`` belong to a slot's current text.
    private var liveByteCount = 0

    /// An empty column.
    init() {}

    /// How many slots there are.
    var count: Int { starts.count }

    /// How many bytes the buffer holds: the texts', and replaced texts' until the next compaction.
    var bufferByteCount: Int { bytes.count }

    /// Adds `text` as the next slot.
    mutating func append(_ text: String) {
        starts.append(bytes.count)
        lengths.append(UInt32(text.utf8.count))
        liveByteCount += text.utf8.count
        bytes.append(contentsOf: text.utf8)
    }

    /// The text at `slot` (which must be below ``count``); setting it replaces the text.
    subscript(slot: Int) -> String {
        get {
            bytes.withUnsafeBufferPointer { buffer in
                String(decoding: UnsafeBufferPointer(rebasing: buffer[starts[slot] ..< starts[slot] + Int(lengths[slot])]),
                       as: UTF8.self)
            }
        }
        set {
            liveByteCount += newValue.utf8.count - Int(lengths[slot])
            starts[slot] = bytes.count
            lengths[slot] = UInt32(newValue.utf8.count)
            bytes.append(contentsOf: newValue.utf8)
            if bytes.count - liveByteCount > max(liveByteCount, 4096) { compact() }
        }
    }

    /// The bytes of the text at `slot`, valid only during `body`.
    private func withText<R>(_ slot: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { raw in body(UnsafeRawBufferPointer(rebasing: raw[starts[slot] ..< starts[slot] + Int(lengths[slot])])) }
    }

    /// Rewrites ``bytes`` with only the current texts, in slot order.
    private mutating func compact() {
        var packed: [UInt8] = []
        packed.reserveCapacity(liveByteCount)
        for slot in 0..<count {
            let start = packed.count
            withText(slot) { packed.append(contentsOf: $0) }
            starts[slot] = start
        }
        bytes = packed
    }
}

extension TextColumn: Equatable {
    /// Equal when both hold the same texts, byte for byte, in the same slots.
    /// - Complexity: O(n) in the bytes of the texts.
    static func == (lhs: TextColumn, rhs: TextColumn) -> Bool {
        guard lhs.lengths == rhs.lengths else { return false }
        for slot in 0..<lhs.count where lhs.lengths[slot] > 0 {
            let same = lhs.withText(slot) { left in rhs.withText(slot) { right in left.elementsEqual(right) } }
            guard same else { return false }
        }
        return true
    }
}

extension TextColumn {
    /// The length in UTF-8 bytes of the text at `slot` (which must be below ``count``).
    func utf8Count(at slot: Int) -> UInt32 { lengths[slot] }

    /// Writes the column: its slot count, the texts' lengths as a block of little-endian
    /// `UInt32`s, then the texts as one blob (``writeBlob(to:)``).
    func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(count))
        writer.withPlainDataBlock(records: count, width: 4) { sink, part in
            for slot in part { sink.put(lengths[slot]) }
        }
        writeBlob(to: &writer)
    }

    /// Writes the texts alone, as one length-prefixed UTF-8 blob in slot order (a table whose
    /// records hold the lengths writes its texts so: the vocabulary's card fronts), a drain point
    /// after each text.
    func writeBlob(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(liveByteCount))
        for slot in 0..<count {
            withText(slot) { writer.bytes.append(contentsOf: $0) }
            writer.drainIfFull()
        }
    }

    /// Reads a column written by ``encode(to:)``: one copy of the blob, no pass over it.
    ///
    /// The texts are not validated as UTF-8 here. A snapshot's bytes are checksummed (CRC32C,
    /// see `Projections/Snapshots/FORMAT.md`), and the column only ever writes texts that came
    /// from decoded, validated events, so a blob that is not valid UTF-8 means a file forged with
    /// a fresh checksum, which no check can tell from a true one. Validating would cost the
    /// restore about 9 ms per 22 MB of texts (half the card-content model's restore, measured).
    /// Reading a text repairs invalid bytes to U+FFFD (`String(decoding:as:)`, memory-safe), and
    /// the column still writes back the very bytes it read.
    /// - Throws: ``EventDecodingError`` when the lengths do not add up to the blob.
    init(from reader: inout BinaryReader, _ what: String) throws(EventDecodingError) {
        let count = try reader.readCount(eachAtLeast: 4)
        let lengths = try reader.plainDataBlock(records: count, width: 4, what) { source in
            (0..<count).map { _ in source.take(UInt32.self) }
        }
        try self.init(lengths: lengths, blobFrom: &reader, what, validatingUTF8: false)
    }

    /// Reads a blob written by ``writeBlob(to:)`` whose texts have `lengths` (kept elsewhere, as
    /// the vocabulary's card records keep them): one copy of the blob, and, when
    /// `validatingUTF8`, one pass checking that each text is valid UTF-8 by itself
    /// (``BinaryReader/validateUTF8Pieces(_:lengths:_:at:)``).
    /// - Throws: ``EventDecodingError`` when the lengths do not add up to the blob, or a text
    ///   checked is not valid UTF-8.
    init(lengths: [UInt32], blobFrom reader: inout BinaryReader, _ what: String,
         validatingUTF8: Bool) throws(EventDecodingError) {
        let blobStart = reader.offset
        let blob = try reader.readLengthPrefixed()
        var starts: [Int] = []
        starts.reserveCapacity(lengths.count)
        var cursor = 0
        for length in lengths {
            starts.append(cursor)
            cursor += Int(length)
        }
        guard cursor == blob.count else {
            throw EventDecodingError(.invalidValue, "the \(what) blob holds \(blob.count) bytes, not the \(cursor) its lengths add up to",
                                     offset: blobStart)
        }
        if validatingUTF8 { try BinaryReader.validateUTF8Pieces(blob, lengths: lengths, what, at: reader.offset - blob.count) }
        self.lengths = lengths
        self.starts = starts
        bytes = Array(blob.assumingMemoryBound(to: UInt8.self))
        liveByteCount = blob.count
    }
}
