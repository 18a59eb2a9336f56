import SystemSeam
/// One stretch of damaged bytes found by ``LogVerifier/verify(directory:)``.
public struct DamagedRecord: Sendable, Equatable, CustomStringConvertible {
    /// The segment file's name.
    public var segment: String
    /// The byte offset where the damage starts.
    public var offset: Int64
    /// The positions whose records are damaged or unreadable there.
    public var positions: ClosedRange<UInt64>
    /// What is wrong.
    public var reason: String

    /// `segment 0000…1.log, offset 4096, positions 17...17: checksum mismatch (…)`.
    public var description: String {
        "segment \(segment), offset \(offset), positions \(positions): \(reason)"
    }
}

/// What the next writer open cuts off the end of the last segment, and why: a torn record,
/// zero-filled space reserved by the writer, or the whole records of a batch that was never
/// completed (its last record, which carries the end-of-batch flag, was never written). None of
/// it was ever acknowledged to an appender, so cutting it is not a loss and not damage.
public struct TornTail: Sendable, Equatable, CustomStringConvertible {
    /// The segment file's name.
    public var segment: String
    /// The offset just after the last complete batch: where the cut falls.
    public var offset: Int64
    /// How many bytes the cut removes (the file's length minus ``offset``).
    public var bytes: Int64
    /// Whole, valid records after the last complete batch, in a batch that never got its last
    /// record: the open cuts them.
    public var incompleteRecords: Int
    /// Their positions (nil when there are none).
    public var incompletePositions: ClosedRange<UInt64>?
    /// Why these bytes are not part of the log, in words.
    public var reason: String

    /// `segment 0000…1.log, offset 4096: 3 record(s) (positions 17...19) and 120 byte(s) cut: a batch that…`.
    public var description: String {
        let records = incompletePositions.map { "\(incompleteRecords) record(s) (positions \($0.lowerBound)...\($0.upperBound)), " } ?? ""
        return "segment \(segment), offset \(offset): \(records)\(bytes) byte(s) cut: \(reason)"
    }
}

/// What ``LogVerifier/verify(directory:)`` found.
public struct VerificationReport: Sendable, Equatable {
    /// Segment files checked.
    public var segments: Int = 0
    /// Valid records of complete batches: the records the log holds (the records of an
    /// incomplete final batch are in ``tornTail``, not here).
    public var records: Int = 0
    /// The last position of the last complete batch (0 for an empty log): where the log ends
    /// for every reader, and after the next writer open.
    public var lastPosition: UInt64 = 0
    /// Every damaged record, in file order.
    public var damage: [DamagedRecord] = []
    /// What the next writer open cuts off the end of the last segment (a torn write, an
    /// incomplete batch, zero-filled space, or a write in progress), and why; nil when the last
    /// segment ends with a complete batch. Not damage.
    public var tornTail: TornTail?

    /// True when no record is damaged (a torn tail is not damage).
    public var isHealthy: Bool { damage.isEmpty }
}

/// Checks every record of a log without changing anything and without a lock.
public enum LogVerifier {
    /// Reads every segment of the log in `directory`, checking headers, checksums and
    /// positions, and reports every damaged record (continuing past each damage by
    /// searching for the next valid record).
    /// - Throws: ``LogError`` `.io` when the directory or a file cannot be read.
    /// - Complexity: O(log size).
    public static func verify(directory: String) throws(LogError) -> VerificationReport {
        try verify(directory: directory, fileSystem: .posix)
    }

    package static func verify(directory: String, fileSystem fs: FileSystem) throws(LogError) -> VerificationReport {
        let reader = LogReader(directory: directory, fileSystem: fs, tail: nil)
        let bases = try reader.segmentBases()
        var report = VerificationReport()
        let buffer = ReadBuffer()
        var expected: UInt64 = 1
        for (number, base) in bases.enumerated() {
            let name = SegmentName.segment(base: base)
            let isLast = number == bases.count - 1
            report.segments += 1
            if base > expected {
                report.damage.append(DamagedRecord(segment: name, offset: 0, positions: expected...(base - 1),
                                                   reason: "missing: no segment holds these positions"))
            }
            let path = directory + "/" + name
            let outcome = try LogError.mapping("verifying", directory: directory, segment: name) { () throws(SystemCallError) in
                try checkSegment(fd: try fs.open(path, .readOnly), path: path, name: name, base: base, isLast: isLast,
                                 fileSystem: fs, buffer: buffer, directory: directory)
            }
            report.records += outcome.records
            report.damage += outcome.damage
            report.tornTail = outcome.tornTail
            if outcome.lastPosition > 0 { report.lastPosition = max(report.lastPosition, outcome.lastPosition) }
            expected = max(expected, outcome.nextPosition)
        }
        return report
    }

    private struct SegmentOutcome {
        /// Records of complete batches.
        var records = 0
        /// The last position of the last complete batch (0: none).
        var lastPosition: UInt64 = 0
        var nextPosition: UInt64
        var damage: [DamagedRecord] = []
        var tornTail: TornTail?
    }

    private static func checkSegment(fd: Int32, path: String, name: String, base: UInt64, isLast: Bool,
                                     fileSystem fs: FileSystem, buffer: ReadBuffer,
                                     directory: String) throws(SystemCallError) -> SegmentOutcome {
        defer { fs.close(fd) }
        var outcome = SegmentOutcome(nextPosition: base)
        do {
            try SegmentFiles.checkHeader(fd: fd, base: base, name: name, directory: directory, fileSystem: fs)
        } catch {
            outcome.damage.append(DamagedRecord(segment: name, offset: 0, positions: base...base, reason: error.message))
            return outcome
        }
        let size = try fs.size(fd, path)
        var offset = Int64(SegmentHeader.size)
        var position = base
        // Records counted since the last end-of-batch record, and where that batch ended.
        var sinceBatchEnd = 0
        var batchEnd = (offset: offset, position: base - 1)
        while true {
            let end: ScanEnd
            do {
                end = try SegmentScanner.scan(fd: fd, path: path, fileSize: size, from: offset, expecting: position,
                                              buffer: buffer, fileSystem: fs) { record in
                    sinceBatchEnd += 1
                    if record.flags & RecordFrame.endOfBatch != 0 {
                        outcome.records += sinceBatchEnd
                        sinceBatchEnd = 0
                    }
                    return true
                }
            } catch let error as SystemCallError {
                throw error
            } catch {
                throw SystemCallError(call: "scan", path: path, errno: 5)
            }
            if end.batchEndPosition >= position {
                batchEnd = (end.batchEndOffset, end.batchEndPosition)
            }
            outcome.nextPosition = end.nextPosition
            if end.reason == .endOfFile && sinceBatchEnd == 0 {
                outcome.lastPosition = batchEnd.position
                return outcome
            }
            let window = end.nextPosition...(end.nextPosition &+ (1 << 40))
            let resume = end.reason == .endOfFile ? nil
                : try SegmentScanner.findValidFrame(fd: fd, path: path, fileSize: size, after: end.offset,
                                                    positions: window, buffer: buffer, fileSystem: fs)
            // In the last segment, valid records after a frame with an unwritten sector are a
            // write torn by a power loss, not damage (TornTailRule, rule 2).
            var tornWrite = false
            if isLast && resume != nil {
                tornWrite = try TornTailRule.hasUnwrittenSector(at: end.offset, fd: fd, path: path, fileSize: size, fileSystem: fs)
            }
            guard let resume, !tornWrite else {
                outcome.lastPosition = batchEnd.position
                if isLast {
                    // What the next open cuts: the records of the incomplete batch, and the rest.
                    let cut = sinceBatchEnd
                    outcome.tornTail = TornTail(segment: name, offset: batchEnd.offset, bytes: size - batchEnd.offset,
                                                incompleteRecords: cut,
                                                incompletePositions: cut > 0 ? (batchEnd.position + 1)...(end.nextPosition - 1) : nil,
                                                reason: TornTailRule.explain(incompleteRecords: cut, stop: end.reason,
                                                                             judgement: tornWrite ? .tornWrite : .tornTail))
                } else {
                    outcome.records += sinceBatchEnd
                    let reason = end.reason == .endOfFile
                        ? "the segment does not end with a complete batch, yet a later segment exists"
                        : describe(end.reason) + "; no valid record follows in this segment"
                    outcome.damage.append(DamagedRecord(segment: name, offset: end.offset, positions: end.nextPosition...end.nextPosition,
                                                        reason: reason))
                }
                return outcome
            }
            // Read the position of the record found, to know which records were lost.
            var header = [UInt8](repeating: 0, count: RecordFrame.headerSize)
            let read = header.withUnsafeMutableBytes { raw in
                Result { () throws(SystemCallError) in try fs.readFully(fd, into: raw, at: resume, path: path) }
            }
            _ = try read.get()
            let found = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
            outcome.damage.append(DamagedRecord(segment: name, offset: end.offset,
                                                positions: end.nextPosition...max(end.nextPosition, found - 1),
                                                reason: describe(end.reason)))
            // Records before the damage count (they are valid), whether or not their batch ended.
            outcome.records += sinceBatchEnd
            sinceBatchEnd = 0
            offset = resume
            position = found
        }
    }

    private static func describe(_ reason: ScanEnd.Reason) -> String {
        switch reason {
        case .invalid(let why): why
        case .truncated: "the record runs past the end of the file"
        default: "unexpected end"
        }
    }
}
