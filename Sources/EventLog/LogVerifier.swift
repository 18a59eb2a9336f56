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

/// Where the last segment's incomplete tail starts.
public struct TornTail: Sendable, Equatable {
    /// The segment file's name.
    public var segment: String
    /// The offset just after the last complete batch.
    public var offset: Int64
}

/// What ``LogVerifier/verify(directory:)`` found.
public struct VerificationReport: Sendable, Equatable {
    /// Segment files checked.
    public var segments: Int = 0
    /// Valid records read.
    public var records: Int = 0
    /// The last position present (0 for an empty log).
    public var lastPosition: UInt64 = 0
    /// Every damaged record, in file order.
    public var damage: [DamagedRecord] = []
    /// An incomplete batch or record at the end of the last segment (a torn write, or a
    /// write in progress), which the writer's recovery would cut: segment and offset.
    public var tornTail: TornTail?

    /// True when no record is damaged.
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
            if let torn = outcome.tornOffset { report.tornTail = TornTail(segment: name, offset: torn) }
            if outcome.nextPosition > 1 { report.lastPosition = max(report.lastPosition, outcome.nextPosition - 1) }
            expected = max(expected, outcome.nextPosition)
        }
        return report
    }

    private struct SegmentOutcome {
        var records = 0
        var nextPosition: UInt64
        var damage: [DamagedRecord] = []
        var tornOffset: Int64?
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
        while true {
            var count = 0
            let end: ScanEnd
            do {
                end = try SegmentScanner.scan(fd: fd, path: path, fileSize: size, from: offset, expecting: position,
                                              buffer: buffer, fileSystem: fs) { _ in count += 1; return true }
            } catch let error as SystemCallError {
                throw error
            } catch {
                throw SystemCallError(call: "scan", path: path, errno: 5)
            }
            outcome.records += count
            outcome.nextPosition = end.nextPosition
            if end.reason == .endOfFile { return outcome }
            let window = end.nextPosition...(end.nextPosition &+ (1 << 40))
            guard let resume = try SegmentScanner.findValidFrame(fd: fd, path: path, fileSize: size, after: end.offset,
                                                                 positions: window, buffer: buffer, fileSystem: fs) else {
                if isLast {
                    outcome.tornOffset = end.batchEndOffset
                } else {
                    outcome.damage.append(DamagedRecord(segment: name, offset: end.offset, positions: end.nextPosition...end.nextPosition,
                                                        reason: describe(end.reason) + "; no valid record follows in this segment"))
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
