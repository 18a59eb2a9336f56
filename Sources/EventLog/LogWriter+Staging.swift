import SystemSeam

// Staged batches: one atomic batch of any size written in parts, for imports that must not hold
// the whole batch in memory. See FORMAT.md, "Staged batches".
extension LogWriter {
    /// Stages `records` as the next part of one atomic batch, writing them to the log's last
    /// segment without the end-of-batch flag (the last record staged is held back in memory),
    /// and starting the system's writeback of what it wrote (``FileSystem/adviseWritten``: a
    /// hint, so that the commit's sync has little left to wait for).
    /// Staged records are invisible: readers of this writer, subscriptions and readers of the
    /// directory never hand them out, and recovery cuts them, until ``commitStagedBatch()``.
    /// The first call flushes and syncs what is appended before it. While a batch is staged,
    /// ``append(contentsOf:)`` throws; the batch stays in one segment, which may grow past
    /// ``LogOptions/segmentSize``.
    /// - Throws: ``LogError`` `.invalidRecord` for a payload over 1 GiB (nothing of `records` is
    ///   staged; the batch stays as it was); `.writerFailed` (the staged records are cut off, the
    ///   writer refuses further appends), `.writerClosed`.
    /// - Complexity: one write of the records (all but the one held back).
    public func stageRecords(_ records: some Collection<[UInt8]> & Sendable) throws(LogError) {
        try stageBatchPart(records)
    }

    /// Stages `records` as ``stageRecords(_:)-(some Collection<[UInt8]> & Sendable)`` does. An
    /// array of records takes this overload, compiled for arrays (see
    /// ``append(contentsOf:)-([[UInt8]])``).
    /// - Throws: as the generic overload.
    public func stageRecords(_ records: [[UInt8]]) throws(LogError) {
        try stageBatchPart(records)
    }

    /// Stages the records of `records`, laid out as their frames (what an import hands over, a
    /// chunk encoded into one buffer), as ``stageRecords(_:)-(some Collection<[UInt8]> & Sendable)``
    /// stages the same payloads, byte for byte: frames them where they lie and writes them.
    /// - Throws: as the generic overload.
    /// - Complexity: one write of the records (all but the one held back); one copy of their bytes.
    public func stageRecords(_ records: FramedRecords) throws(LogError) {
        try checkUsable()
        if records.largestPayload > RecordFrame.maxPayload {
            throw LogError(.invalidRecord, "a record of \(records.largestPayload) bytes exceeds the 1 GiB limit; split it",
                           directory: directory, position: staged?.nextPosition ?? nextPosition)
        }
        guard !records.isEmpty else { return }
        if staged == nil { try beginStaging(firstBytes: records.bytes.count) }
        guard var batch = staged else { return }
        if let held = batch.heldBack { frame(held, at: batch.nextPosition, flags: 0); batch.nextPosition += 1 }
        // The records but the last are copied after the frames pending and framed there; the last
        // is held back.
        let last = records.lastFrameOffset, pendingStart = pending.count, start = segment.dataEnd + Int64(pendingStart)
        records.bytes.withUnsafeBytes { raw in
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[..<last]))
            batch.heldBack = Array(raw[(last + RecordFrame.headerSize)...])
        }
        // The index is moved out and noted in locally: noting into the actor's own, from the
        // closure, cost two dynamic exclusivity checks a record.
        var index = SparseIndex(basePosition: segment.base)
        swap(&index, &segment.index)
        pending.withUnsafeMutableBytes { raw in
            let frames = UnsafeMutableRawBufferPointer(rebasing: raw[pendingStart...])
            _ = RecordFrame.frameInPlace(frames, count: records.count - 1, firstPosition: batch.nextPosition, flags: 0) { position, offset in
                index.note(position: position, offset: start + Int64(offset))
            }
        }
        swap(&index, &segment.index)
        batch.nextPosition += UInt64(records.count - 1)
        staged = batch
        let writtenFrom = segment.dataEnd
        try writeStaged(cutBackTo: batch.committedEnd, syncing: false)
        // The staged bytes are synced at the commit: starting their writeback now lets the disk
        // work while the next parts are made, and leaves the commit's sync little to wait for.
        fileSystem.adviseWritten(segment.fd, writtenFrom, segment.dataEnd - writtenFrom)
    }

    /// The body of both `stageRecords(_:)` overloads of arrays, specialized for each in this module:
    /// frames the payloads into one buffer and stages that (``stageRecords(_:)-(FramedRecords)``).
    private func stageBatchPart(_ records: some Collection<[UInt8]>) throws(LogError) {
        var framed = FramedRecords(reservingCapacity: records.reduce(0) { $0 + RecordFrame.size(payload: $1.count) })
        for payload in records { framed.append(payload) }
        try stageRecords(framed)
    }

    /// Commits the staged batch: syncs the staged records, then writes the held-back last
    /// record with the end-of-batch flag and syncs it (in every durability mode), and publishes
    /// the batch to readers and subscriptions. From the second sync on, the batch is in the log
    /// after any crash; before it, recovery cuts it.
    /// - Returns: the batch's positions; nil when nothing was staged.
    /// - Throws: ``LogError`` `.writerFailed` (the batch is cut off), `.writerClosed`.
    /// - Complexity: two syncs.
    public func commitStagedBatch() throws(LogError) -> ClosedRange<UInt64>? {
        try checkUsable()
        guard let batch = staged, let held = batch.heldBack else {
            staged = nil
            return nil
        }
        try writeStaged(cutBackTo: batch.committedEnd, syncing: true)
        frame(held, at: batch.nextPosition, flags: RecordFrame.endOfBatch)
        try writeStaged(cutBackTo: batch.committedEnd, syncing: true)
        staged = nil
        nextPosition = batch.nextPosition + 1
        publish()
        return batch.firstPosition...batch.nextPosition
    }

    /// Abandons the staged batch, if any: cuts the segment back to the committed end and syncs
    /// the cut, as if nothing had been staged. Readers never saw the staged records.
    /// - Throws: ``LogError`` `.writerFailed` when the cut fails (the writer then refuses
    ///   further appends; the next open cuts the records, as recovery always does).
    public func abandonStagedBatch() throws(LogError) {
        guard let batch = staged else { return }
        staged = nil
        pending.removeAll(keepingCapacity: true)
        guard failure == nil, !closed else { return }
        let path = directory + "/" + segment.name
        try guarded { () throws(LogError) in
            try LogError.mapping("cutting off a staged batch", directory: directory, segment: segment.name) { () throws(SystemCallError) in
                try fileSystem.truncate(segment.fd, batch.committedEnd, path)
                try fileSystem.sync(segment.fd, .data, path)
            }
        }
        segment.dataEnd = batch.committedEnd
        segment.allocatedEnd = batch.committedEnd
        segment.checksum = batch.committedChecksum
        segment.index = batch.committedIndex
    }

    /// Starts a staged batch after what is committed: flushes and syncs the appends before it
    /// and rolls a full segment first (as ``append(contentsOf:)`` would for `firstBytes`).
    private func beginStaging(firstBytes: Int) throws(LogError) {
        try commitDurably()
        resumeWaiters(.success(()))
        let used = segment.dataEnd
        if used + Int64(firstBytes) > Int64(options.segmentSize) && used > Int64(SegmentHeader.size) {
            try guarded { () throws(LogError) in try roll() }
        }
        staged = StagedBatch(committedEnd: segment.dataEnd, committedChecksum: segment.checksum, committedIndex: segment.index,
                             firstPosition: nextPosition, nextPosition: nextPosition, heldBack: nil)
    }

    /// Frames one staged record into the pending buffer and notes it in the sparse index.
    private func frame(_ payload: [UInt8], at position: UInt64, flags: UInt32) {
        segment.index.note(position: position, offset: segment.dataEnd + Int64(pending.count))
        payload.withUnsafeBytes { raw in RecordFrame.append(position: position, flags: flags, payload: raw, to: &pending) }
    }

    /// Writes the framed records (and syncs when `syncing`); on failure cuts the segment back to
    /// `end`, drops the staged batch and marks the writer failed.
    private func writeStaged(cutBackTo end: Int64, syncing: Bool) throws(LogError) {
        do {
            try guarded { () throws(LogError) in
                try writePending()
                guard syncing else { return }
                try LogError.mapping("syncing a staged batch", directory: directory, segment: segment.name) { () throws(SystemCallError) in
                    try fileSystem.sync(segment.fd, .data, directory + "/" + segment.name)
                }
            }
        } catch {
            staged = nil
            throw discardFailedWrite(from: end, cause: error)
        }
    }
}
