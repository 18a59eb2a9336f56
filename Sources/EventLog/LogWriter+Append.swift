import SystemSeam
extension LogWriter {
    /// Appends one record and returns its position.
    /// - Throws: ``LogError`` `.writerFailed` after an earlier failed write or sync,
    ///   `.writerClosed`, `.invalidRecord` for a payload over 1 GiB, `.io`.
    public nonisolated func append(_ payload: [UInt8]) async throws(LogError) -> UInt64 {
        try await appendBatch(CollectionOfOne(payload)).lowerBound
    }

    /// Appends a batch atomically: after a crash either all of it is in the log or none.
    /// Returns when the batch is as durable as the policy promises.
    /// - Returns: the positions the records got, in order.
    /// - Throws: ``LogError`` `.invalidRecord` for an empty batch or a payload over 1 GiB;
    ///   `.writerFailed` after an earlier failed write or sync; `.writerClosed`; `.io`.
    public nonisolated func append(contentsOf batch: some Collection<[UInt8]> & Sendable) async throws(LogError) -> ClosedRange<UInt64> {
        try await appendBatch(batch)
    }

    /// Appends a batch atomically, as ``append(contentsOf:)-(some Collection<[UInt8]> & Sendable)``
    /// does. An array of records (what the store hands over) takes this overload, compiled for
    /// arrays: a generic collection from another module is walked through witness tables, a few
    /// hundred instructions a record.
    /// - Returns: the positions the records got, in order.
    /// - Throws: as the generic overload.
    public nonisolated func append(contentsOf batch: [[UInt8]]) async throws(LogError) -> ClosedRange<UInt64> {
        try await appendBatch(batch)
    }

    /// The body of both `append(contentsOf:)` overloads, specialized for each in this module.
    private nonisolated func appendBatch(_ batch: some Collection<[UInt8]> & Sendable) async throws(LogError) -> ClosedRange<UInt64> {
        if case .groupCommit = options.durability {
            let (range, ticket) = try await stageForGroupCommit(batch)
            try await ticket.wait()
            return range
        }
        return try await appendNow(batch)
    }

    /// Group commit: stages the batch and hands back the ticket the next sync completes.
    private func stageForGroupCommit(_ batch: some Collection<[UInt8]>) throws(LogError) -> (ClosedRange<UInt64>, CommitTicket) {
        let range = try stage(batch)
        let ticket = CommitTicket()
        waiters.append(ticket)
        if !flushScheduled {
            flushScheduled = true
            Task { self.groupCommit() }
        }
        return (range, ticket)
    }

    /// The fsync-each and buffered policies: stage, then write (and sync) as the policy says.
    private func appendNow(_ batch: some Collection<[UInt8]>) throws(LogError) -> ClosedRange<UInt64> {
        let range = try stage(batch)
        switch options.durability {
        case .fsyncEachAppend, .groupCommit:
            try commitDurably()
        case .buffered:
            if pending.count >= options.bufferSize {
                try guarded { () throws(LogError) in try writePending() }
                publish()
            }
        }
        return range
    }

    /// Writes everything staged and makes it durable (in any mode), then publishes it.
    /// - Throws: ``LogError`` `.writerFailed`, `.writerClosed`, `.io`.
    public func sync() throws(LogError) {
        try checkUsable()
        try commitDurably()
        resumeWaiters(.success(()))
    }

    /// Writes and syncs what is staged, writes the active segment's index and seal (so the
    /// next open checks it by one checksum pass), releases the lock and ends subscriptions. Later appends throw `.writerClosed`.
    /// - Throws: ``LogError`` `.io` (the log is closed anyway).
    public func close() throws(LogError) {
        guard !closed else { return }
        flushTask?.cancel()
        var firstError: LogError?
        do { try abandonStagedBatch() } catch { firstError = error }
        if failure == nil {
            do {
                try commitDurably()
                resumeWaiters(.success(()))
                try trimPreallocation()
                try SegmentFiles.writeIndex(segment.index, name: SegmentName.index(base: segment.base),
                                            directory: directory, fileSystem: fileSystem)
                try SegmentFiles.writeSeal(segment.seal(nextPosition: nextPosition), directory: directory, fileSystem: fileSystem)
            } catch { firstError = error }
        }
        closed = true
        resumeWaiters(.failure(LogError(.writerClosed, "the writer was closed before this append was durable", directory: directory)))
        fileSystem.close(segment.fd)
        fileSystem.unlock(lockFD)
        fileSystem.close(lockFD)
        tail.finish()
        if let firstError { throw firstError }
    }

    func checkUsable() throws(LogError) {
        if let failure { throw failure }
        if closed { throw LogError(.writerClosed, "the writer is closed; open the log again to append", directory: directory) }
    }

    /// Validates a batch and encodes it after what is already staged, rolling the segment
    /// first when the batch would not fit.
    func stage(_ batch: some Collection<[UInt8]>) throws(LogError) -> ClosedRange<UInt64> {
        try checkUsable()
        guard staged == nil else {
            throw LogError(.invalidRecord, "a staged batch is open; commit or abandon it before appending", directory: directory)
        }
        guard !batch.isEmpty else { throw LogError(.invalidRecord, "an append needs at least one record", directory: directory) }
        var bytes = 0
        for payload in batch {
            guard payload.count <= RecordFrame.maxPayload else {
                throw LogError(.invalidRecord, "a record of \(payload.count) bytes exceeds the 1 GiB limit; split it",
                               directory: directory, position: nextPosition)
            }
            bytes += RecordFrame.size(payload: payload.count)
        }
        let used = segment.dataEnd + Int64(pending.count)
        if used + Int64(bytes) > Int64(options.segmentSize) && used > Int64(SegmentHeader.size) {
            try guarded { () throws(LogError) in try roll() }
        }
        let first = nextPosition
        var remaining = batch.count
        for payload in batch {
            remaining -= 1
            segment.index.note(position: nextPosition, offset: segment.dataEnd + Int64(pending.count))
            payload.withUnsafeBytes { raw in
                RecordFrame.append(position: nextPosition, flags: remaining == 0 ? RecordFrame.endOfBatch : 0,
                                   payload: raw, to: &pending)
            }
            nextPosition += 1
        }
        return first...(nextPosition - 1)
    }

    /// Group commit: one write and one sync for everything staged, then every waiter resumes.
    func groupCommit() {
        flushScheduled = false
        guard !waiters.isEmpty || !pending.isEmpty else { return }
        do {
            try checkUsable()
            try commitDurably()
            resumeWaiters(.success(()))
        } catch {
            resumeWaiters(.failure(error))
        }
    }

    func resumeWaiters(_ result: Result<Void, LogError>) {
        let resumed = waiters
        waiters.removeAll()
        for waiter in resumed { waiter.complete(result) }
    }

    /// Writes what is staged, syncs it, publishes it.
    func commitDurably() throws(LogError) {
        try guarded { () throws(LogError) in
            try writeAndSyncPending()
        }
        publish()
    }

    /// Writes the staged frames and syncs them. When the sync fails, the frames just written
    /// are cut off again (``discardFailedWrite(from:cause:)``): nobody was told they are durable.
    func writeAndSyncPending() throws(LogError) {
        let start = segment.dataEnd
        try writePending()
        do {
            try LogError.mapping("syncing", directory: directory, segment: segment.name) { () throws(SystemCallError) in
                try fileSystem.sync(segment.fd, .data, directory + "/" + segment.name)
            }
        } catch {
            throw discardFailedWrite(from: start, cause: error)
        }
    }

    /// Writes the staged frames to the OS after the segment's records (extending the
    /// zero-filled space first in durable modes). When a write fails (a full disk, an I/O
    /// error), whatever part of it reached the file is cut off again before this throws.
    func writePending() throws(LogError) {
        guard !pending.isEmpty else { return }
        do {
            try writePendingFrames()
        } catch {
            throw discardFailedWrite(from: segment.dataEnd, cause: error)
        }
    }

    private func writePendingFrames() throws(LogError) {
        let path = directory + "/" + segment.name
        let end = segment.dataEnd + Int64(pending.count)
        try LogError.mapping("appending", directory: directory, segment: segment.name) { () throws(SystemCallError) in
            // Preallocate for small writes only: their sync then commits no new file size.
            // Large writes amortize that commit, and zero-filling first would double their I/O.
            let small = pending.count <= options.preallocationSize / 16
            if case .buffered = options.durability {} else if small && end > segment.allocatedEnd && options.preallocationSize > 0 {
                let chunk = Int64(options.preallocationSize)
                let target = min(max(end, (end / chunk + 1) * chunk), max(end, Int64(options.segmentSize)))
                var offset = segment.allocatedEnd
                while offset < target {
                    let count = Int(min(Int64(zeros.count), target - offset))
                    try fileSystem.writeAll(segment.fd, zeros, prefix: count, at: offset, path: path)
                    offset += Int64(count)
                }
                segment.allocatedEnd = target
            }
            try fileSystem.writeAll(segment.fd, pending, at: segment.dataEnd, path: path)
        }
        segment.checksum = pending.withUnsafeBytes { CRC32C.extend(segment.checksum, $0) }
        segment.dataEnd = end
        segment.allocatedEnd = max(segment.allocatedEnd, end)
        segment.index.coveredLength = end
        pending.removeAll(keepingCapacity: true)
    }

    /// Makes everything staged visible to readers and subscriptions.
    func publish() {
        tail.publishIndex(segment.index)
        tail.publish(nextPosition - 1)
    }

    /// Runs `body`; on failure, marks the writer failed so that it refuses every later append.
    func guarded(_ body: () throws(LogError) -> Void) throws(LogError) {
        do {
            try body()
        } catch {
            let failed = LogError(.writerFailed,
                                  "a write or sync failed, so the writer refuses all further appends (the data's durability is unknown). Close and reopen the log: recovery keeps every acknowledged record. Cause: \(error.message)",
                                  directory: error.directory, segment: error.segment, position: nextPosition - 1,
                                  systemError: error.systemError)
            failure = failed
            throw failed
        }
    }
}
