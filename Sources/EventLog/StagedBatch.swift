/// A batch being staged by ``LogWriter/stageRecords(_:)``: its records are written past the
/// log's committed end without the end-of-batch flag, so no reader and no recovery counts them
/// until ``LogWriter/commitStagedBatch()`` writes the last one with the flag (FORMAT.md,
/// "Staged batches").
struct StagedBatch {
    /// Where the committed records end: an abandoned batch is cut back to here.
    let committedEnd: Int64
    /// The segment's checksum at ``committedEnd`` (restored when the batch is abandoned).
    let committedChecksum: UInt32
    /// The segment's sparse index at ``committedEnd`` (restored when the batch is abandoned).
    let committedIndex: SparseIndex
    /// The position of the batch's first record.
    let firstPosition: UInt64
    /// The position of the held-back record (the next one framed).
    var nextPosition: UInt64
    /// The last record staged, held back in memory so that it can be written with the
    /// end-of-batch flag at the commit; nil before the first record.
    var heldBack: [UInt8]?
}
