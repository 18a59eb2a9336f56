import Dispatch
import Synchronization
import SystemSeam

/// The writable end of a log after recovery: the last segment, open for writing, cut back
/// to its last complete batch.
package struct RecoveredTail {
    /// The last segment's base position.
    package var base: UInt64
    /// Its descriptor, open read-write.
    package var fd: Int32
    /// The offset just after its last record (its length after any cut).
    package var dataEnd: Int64
    /// The position the next append gets.
    package var nextPosition: UInt64
    /// Its sparse index so far.
    package var index: SparseIndex
    /// CRC32C of its bytes `0 ..< dataEnd`, which appends extend (for its seal).
    package var checksum: UInt32
    /// How recovery went.
    package var report: RecoveryReport
}

/// Opening a log for writing: checks every segment, rebuilds missing or stale indexes and
/// seals, cuts a torn tail (an incomplete last batch) off the last segment, and refuses
/// damage anywhere else with an error naming the segment, offset and position.
///
/// Every segment is checked before anything is written, the segments side by side on the
/// available cores: a segment whose seal matches by one checksum pass over the file, any
/// other record by record (see FORMAT.md, "Recovery").
package struct LogRecovery: Sendable {
    let directory: String
    let fileSystem: FileSystem
    let clock: (@Sendable () -> UInt64)?

    /// Recovery of the log in `directory` through `fileSystem`; `clock` (monotonic
    /// nanoseconds), when given, times the phases for ``RecoveryReport``.
    package init(directory: String, fileSystem: FileSystem, clock: (@Sendable () -> UInt64)? = nil) {
        self.directory = directory
        self.fileSystem = fileSystem
        self.clock = clock
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Recovers the log, creating its first segment if there is none.
    /// - Throws: ``LogError`` `.corruptRecord`, `.corruptSegment` or `.missingSegment` for
    ///   damage outside the torn tail; `.io` when a system call fails.
    /// - Complexity: reads every segment once.
    package func recover() throws(LogError) -> RecoveredTail {
        let started = clock?() ?? 0
        let names: [String]
        do { names = try fileSystem.list(directory) } catch { throw .io(error, doing: "listing the log", directory: directory) }
        for name in names where name.hasSuffix(SegmentName.temporarySuffix) {
            do { try fileSystem.remove(path(name)) } catch { throw .io(error, doing: "removing \(name)", directory: directory) }
        }
        let bases = SegmentName.segmentBases(in: names)
        guard let lastBase = bases.last else {
            let fd = try createSegment(base: 1)
            let header = SegmentHeader(basePosition: 1).encoded()
            return RecoveredTail(base: 1, fd: fd, dataEnd: Int64(SegmentHeader.size), nextPosition: 1,
                                 index: SparseIndex(basePosition: 1),
                                 checksum: header.withUnsafeBytes { CRC32C.extend(0, $0) }, report: RecoveryReport())
        }
        let sealedBases = Array(bases.dropLast())
        let unchecked = LogError(.io, "the segment was not checked", directory: directory)
        let results = Mutex(CheckResults(sealed: Array(repeating: .failure(unchecked), count: sealedBases.count),
                                         last: .failure(unchecked)))
        // Each segment is checked on its own (they are independent), side by side; damage is
        // then reported in segment order, as a serial check would.
        DispatchQueue.concurrentPerform(iterations: sealedBases.count + 1) { item in
            if item == 0 {
                let result = Result { () throws(LogError) in
                    try LastSegmentCheck(directory: directory, fileSystem: fileSystem).check(base: lastBase)
                }
                results.withLock { $0.last = result }
            } else {
                let result = Result { () throws(LogError) in
                    try SealedSegmentCheck(directory: directory, fileSystem: fileSystem).check(base: sealedBases[item - 1])
                }
                results.withLock { $0.sealed[item - 1] = result }
            }
        }
        let (sealed, last) = results.withLock { ($0.sealed, $0.last) }
        let checked = clock?() ?? 0
        let lastOutcome: LastSegmentCheck.Outcome
        var outcomes: [SealedSegmentCheck.Outcome] = []
        do throws(LogError) {
            var expected: UInt64 = 1
            for (base, result) in zip(sealedBases, sealed) {
                guard base == expected else { throw missing(expected: expected, found: base) }
                let outcome = try result.get()
                outcomes.append(outcome)
                expected = outcome.nextPosition
            }
            guard lastBase == expected else { throw missing(expected: expected, found: lastBase) }
            lastOutcome = try last.get()
            for outcome in outcomes { try outcome.write(directory: directory, fileSystem: fileSystem) }
        } catch {
            if case .success(let outcome) = last, let fd = outcome.fd { fileSystem.close(fd) }
            throw error
        }
        var tail = try LastSegmentCheck(directory: directory, fileSystem: fileSystem).finish(lastOutcome, base: lastBase)
        tail.report = RecoveryReport(sealedSegments: sealed.count, outcomes: outcomes, last: lastOutcome)
        if let clock {
            let finished = clock()
            tail.report.checkingNanoseconds = checked &- started
            tail.report.totalNanoseconds = finished &- started
        }
        return tail
    }

    /// The checks' results, filled in by concurrent workers.
    private struct CheckResults: Sendable {
        var sealed: [Result<SealedSegmentCheck.Outcome, LogError>]
        var last: Result<LastSegmentCheck.Outcome, LogError>
    }

    private func missing(expected: UInt64, found: UInt64) -> LogError {
        LogError(.missingSegment,
                 "the segment holding position \(expected) is missing (the next segment starts at \(found)); restore it from a backup",
                 directory: directory, segment: SegmentName.segment(base: found), position: expected)
    }

    /// Creates a segment: header written to a temporary file, synced, renamed into place,
    /// directory synced. Returns its descriptor, open read-write.
    package func createSegment(base: UInt64) throws(LogError) -> Int32 {
        try SegmentFiles.create(base: base, directory: directory, fileSystem: fileSystem)
    }
}

extension SparseIndex {
    /// Removes entries at or after `offset` (records cut off).
    package mutating func dropEntries(from offset: Int64) {
        var kept = SparseIndex(basePosition: basePosition)
        for entry in entries where entry.offset < offset { kept.note(position: entry.position, offset: entry.offset) }
        kept.coveredLength = min(coveredLength, offset)
        self = kept
    }
}
