import Events

/// The undo entries of a restored snapshot, still in their encoding: the snapshot's undo block
/// (every reviewed card's entries, oldest first, cards in slot order), read by the rings not yet
/// decoded, so that a restore builds no ``UndoRing`` slots and a review decodes only its card's.
///
/// The block is kept where it lies when the snapshot's bytes outlive the restore (a mapped
/// snapshot file: ``BinaryReader/retaining(_:)``), else copied whole. Either way it is checked
/// when the section is made (block length, every entry's phase), so that decoding an entry later
/// (``entry(at:)``) cannot fail; re-encoding an untouched section writes these
/// bytes back as they are.
struct PendingUndoSection: Sendable {
    /// The block's bytes: in the snapshot's own bytes, kept alive by their owner, or a copy.
    let bytes: RetainedBytes
    /// Whether the block is read where it lies in the snapshot's bytes (not copied).
    let isInPlace: Bool
    /// The record widths the block was written with.
    let widths: RecordWidths
    /// How many entries the block holds.
    let entryCount: Int
    /// Whether every entry's day and interval fit the narrow records (always true of a narrow block).
    let fitsNarrow: Bool

    /// The size of the block in bytes.
    var byteCount: Int { entryCount * widths.undo }

    /// Checks an undo block of `entryCount` records of `widths.undo` bytes, keeping it in place
    /// when `retained` holds it (the same bytes, alive beyond the restore) and copying it otherwise.
    /// - Throws: ``EventDecodingError`` when the block is not `entryCount` records long or an
    ///   entry's phase is not 0 to 3 or the cram mark, or a state's local day is too far from its
    ///   last review's instant; `offset` (the block's offset in the snapshot) locates the error.
    /// - Complexity: O(u) for u entries: one strided pass, plus one copy when not retained.
    init(checking block: UnsafeRawBufferPointer, retained: RetainedBytes?, entryCount: Int, widths: RecordWidths,
         offset: Int) throws(EventDecodingError) {
        let (size, overflow) = entryCount.multipliedReportingOverflow(by: widths.undo)
        guard !overflow, block.count == size else {
            throw EventDecodingError(.invalidValue, "the undo entry block holds \(block.count) bytes, not "
                                     + "\(entryCount) × \(widths.undo)", offset: offset)
        }
        fitsNarrow = try Self.check(block, entryCount: entryCount, widths: widths, offset: offset, releasing: retained)
        bytes = retained ?? RetainedBytes(copying: block)
        isInPlace = retained != nil
        self.widths = widths
        self.entryCount = entryCount
    }

    /// Checks `entryCount` entries of `block` (which starts at `offset` in the snapshot): each
    /// phase, that each state fits a ``PackedCardState`` (its local day near its last review, its
    /// interval in 32 bits, its stability and difficulty finite), and for a wide block whether every day and interval fits the narrow
    /// records.
    /// When the block is kept in place (`retained`, in a mapped snapshot), the pages checked are
    /// let go of as the check goes (``RetainedBytes/releaseResidentPages(of:)``): the entries are
    /// read again only where a change needs them.
    /// - Returns: whether they all fit the narrow records.
    /// - Throws: ``EventDecodingError`` at the first phase or day out of range.
    private static func check(_ block: UnsafeRawBufferPointer, entryCount: Int, widths: RecordWidths,
                              offset: Int, releasing retained: RetainedBytes?) throws(EventDecodingError) -> Bool {
        // The phase is an entry's last byte; a wide entry's day and interval are the two words
        // after its id (16 bytes) and two instants (16 bytes).
        var fits = true
        var cursor = 0
        var pass = ReleasingPass(over: retained)
        defer { pass.finish() }
        for _ in 0..<entryCount {
            pass.read(through: cursor)
            let phase = block[cursor + widths.undo - 1]
            guard phase <= 3 || phase == UndoEntry.cramPhase else {
                throw EventDecodingError(
                    .invalidValue, "undo entry phase \(phase) is not 0 (new), 1 (learning), 2 (review), "
                        + "3 (relearning) or \(UndoEntry.cramPhase) (cram)", offset: offset + cursor + widths.undo - 1)
            }
            let (day, interval) = widths.isNarrow
                ? (Int64(Int32(littleEndian: block.loadUnaligned(fromByteOffset: cursor + 32, as: Int32.self))),
                   Int64(Int32(littleEndian: block.loadUnaligned(fromByteOffset: cursor + 36, as: Int32.self))))
                : (Int64(littleEndian: block.loadUnaligned(fromByteOffset: cursor + 32, as: Int64.self)),
                   Int64(littleEndian: block.loadUnaligned(fromByteOffset: cursor + 40, as: Int64.self)))
            if phase != 0 && phase != UndoEntry.cramPhase {
                // A state before a review: it must fit an entry's state.
                let instant = Int64(littleEndian: block.loadUnaligned(fromByteOffset: cursor + 24, as: Int64.self))
                guard PackedCardState.dayOffset(day: day, instantMs: instant) != nil else {
                    throw EventDecodingError(
                        .invalidValue, "undo entry's state was last reviewed on local day \(day), too far from "
                            + "the instant \(instant) ms", offset: offset + cursor + 32)
                }
                guard Int32(exactly: interval) != nil else {
                    throw EventDecodingError(.invalidValue, "undo entry's state has an interval of \(interval) days, "
                                             + "beyond 32 bits", offset: offset + cursor + 40)
                }
                // Stability and difficulty follow the day and interval; no fold makes them NaN or infinite.
                let memory = cursor + (widths.isNarrow ? 40 : 48)
                let stability = Float(bitPattern: UInt32(littleEndian: block.loadUnaligned(fromByteOffset: memory, as: UInt32.self)))
                let difficulty = Float(bitPattern: UInt32(littleEndian: block.loadUnaligned(fromByteOffset: memory + 4, as: UInt32.self)))
                guard stability.isFinite && difficulty.isFinite else {
                    throw EventDecodingError(.invalidValue, "undo entry's state has a stability \(stability) or difficulty "
                                             + "\(difficulty) that is not a finite number", offset: offset + memory)
                }
            }
            if !widths.isNarrow && fits {
                fits = Int32(exactly: day) != nil && Int32(exactly: interval) != nil
            }
            cursor &+= widths.undo
        }
        return fits
    }

    /// Entry `index` of the block (`0 ..< entryCount`): a card's entries lie together, oldest
    /// first, in the order of the cards' slots.
    /// - Complexity: O(1).
    func entry(at index: Int) -> UndoEntry {
        precondition(index >= 0 && index < entryCount, "undo entry out of the pending section")
        return bytes.withUnsafeBytes { raw in
            var source = PlainDataSource(UnsafeRawBufferPointer(rebasing: raw[(index * widths.undo)...]))
            return takeEntry(from: &source)
        }
    }

    /// The entry `source` is at (an id, then a stored state at this section's widths).
    @inline(__always)
    private func takeEntry(from source: inout PlainDataSource) -> UndoEntry {
        let review = source.takeKey()
        // Checked when the section was made: every entry decodes.
        guard let entry = source.takeState(narrow: widths.isNarrow).undoEntry(review: review) else {
            preconditionFailure("an undo entry of a checked section does not decode")
        }
        return entry
    }

}
