import Events

/// The undo entries of a restored snapshot, still in their encoding: the snapshot's undo block
/// (every reviewed card's entries, oldest first, cards in slot order) copied whole, so that a
/// restore does not build the ``UndoRing`` pool that only a review or an undo needs.
///
/// Checked when it is made (block length, every entry's phase), so that decoding it later
/// (``decodeSlots(runs:)``) cannot fail; re-encoding an untouched section writes these bytes
/// back as they are.
struct PendingUndoSection: Sendable {
    /// Entries copied and checked at a time (a chunk stays in cache between the two).
    private static let chunkEntries = 256

    /// The undo block's bytes, exactly as encoded (without its length prefix).
    let bytes: [UInt8]
    /// The record widths the block was written with.
    let widths: RecordWidths
    /// How many entries the block holds.
    let entryCount: Int
    /// Whether every entry's day and interval fit the narrow records (always true of a narrow block).
    let fitsNarrow: Bool

    /// Copies and checks an undo block of `entryCount` records of `widths.undo` bytes.
    /// - Throws: ``EventDecodingError`` when the block is not `entryCount` records long or an
    ///   entry's phase is not 0 to 3 or the cram mark; `offset` (the block's offset in the
    ///   snapshot) locates the error.
    /// - Complexity: O(u) for u entries: one copy and one strided pass.
    init(checking block: UnsafeRawBufferPointer, entryCount: Int, widths: RecordWidths,
         offset: Int) throws(EventDecodingError) {
        let (size, overflow) = entryCount.multipliedReportingOverflow(by: widths.undo)
        guard !overflow, block.count == size else {
            throw EventDecodingError(.invalidValue, "the undo entry block holds \(block.count) bytes, not "
                                     + "\(entryCount) × \(widths.undo)", offset: offset)
        }
        // Copied a chunk at a time and each chunk checked in the copy while it is in cache (one
        // pass over the snapshot's bytes). The phase is an entry's last byte; a wide entry's day
        // and interval are the two words after its id (16 bytes) and two instants (16 bytes).
        var fits = true
        var failure: EventDecodingError?
        bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            let copy = UnsafeMutableRawBufferPointer(buffer)
            var entry = 0
            while entry < entryCount, failure == nil {
                let chunk = min(Self.chunkEntries, entryCount - entry)
                let from = entry * widths.undo, to = from + chunk * widths.undo
                copy.baseAddress!.advanced(by: from).copyMemory(from: block.baseAddress!.advanced(by: from), byteCount: to - from)
                var cursor = from
                while cursor < to {
                    let phase = copy[cursor + widths.undo - 1]
                    guard phase <= 3 || phase == UndoEntry.cramPhase else {
                        failure = EventDecodingError(
                            .invalidValue, "undo entry phase \(phase) is not 0 (new), 1 (learning), 2 (review), "
                                + "3 (relearning) or \(UndoEntry.cramPhase) (cram)", offset: offset + cursor + widths.undo - 1)
                        break
                    }
                    if !widths.isNarrow && fits {
                        let day = Int64(littleEndian: copy.loadUnaligned(fromByteOffset: cursor + 32, as: Int64.self))
                        let interval = Int64(littleEndian: copy.loadUnaligned(fromByteOffset: cursor + 40, as: Int64.self))
                        fits = Int32(exactly: day) != nil && Int32(exactly: interval) != nil
                    }
                    cursor &+= widths.undo
                }
                entry += chunk
            }
            initialized = failure == nil ? size : 0
        }
        if let failure { throw failure }
        self.widths = widths
        self.entryCount = entryCount
        fitsNarrow = fits
    }

    /// The pool these entries make: for each count in `runs` (the entry counts of the reviewed
    /// cards in slot order, adding up to ``entryCount``), that many entries then empty slots up
    /// to ``UndoRing/depth``. Written in one pass into storage reserved once.
    /// - Complexity: O(r × ``UndoRing/depth``) for r runs.
    func decodeSlots(runs: some Sequence<UInt8>, runCount: Int) -> [UndoEntry] {
        let capacity = runCount * UndoRing.depth
        return bytes.withUnsafeBytes { raw in
            [UndoEntry](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                var source = PlainDataSource(raw)
                var slot = 0
                for run in runs {
                    precondition(slot + UndoRing.depth <= capacity, "more undo runs than counted")
                    for _ in 0..<Int(run) {
                        let review = source.takeKey()
                        // Checked when the section was made: a phase out of range is impossible here.
                        let stored = (try? source.takeState(narrow: widths.isNarrow, allowing: UndoEntry.cramPhase))
                            ?? PackedCardState()
                        (buffer.baseAddress! + slot).initialize(to: UndoEntry(review: review, stored: stored))
                        slot += 1
                    }
                    for _ in Int(run)..<UndoRing.depth {
                        (buffer.baseAddress! + slot).initialize(to: .empty)
                        slot += 1
                    }
                }
                precondition(slot == capacity && source.read == raw.count, "undo runs do not match the pending section")
                initialized = slot
            }
        }
    }
}
