import SystemSeam
/// Reads a log's records in order, from any position. Readers take no lock: any number
/// may read at once, while the writer appends, and from other processes.
///
/// A reader made by ``LogWriter/reader`` reads only what that writer has published
/// (durable records, in the durable modes). A reader made with ``init(directory:)`` reads
/// what the files hold, up to the end of the last complete batch: the records of a batch
/// whose last record was never written (an append killed mid-write, or still in progress)
/// are never handed out, and neither is a torn record or the zero-filled space after it.
/// Damage is an error everywhere, in the last segment too: an invalid record followed by a
/// valid record of a later position is `.corruptRecord`, never the end of the log.
public struct LogReader: Sendable {
    /// The log's directory.
    public let directory: String
    let fileSystem: FileSystem
    let tail: LogTail?

    /// A read-only reader of the log in `directory` (no lock; the writer may be in
    /// another process).
    public init(directory: String) {
        self.init(directory: directory, fileSystem: .posix, tail: nil)
    }

    package init(directory: String, fileSystem: FileSystem, tail: LogTail?) {
        self.directory = directory
        self.fileSystem = fileSystem
        self.tail = tail
    }

    /// Calls `body` with each record's position and payload from `position` through
    /// `lastPosition`, in order, without copying: the payload buffer is valid only during
    /// the call. Every record's checksum is checked.
    /// - Throws: ``LogError`` `.corruptRecord` / `.corruptSegment` / `.missingSegment` for
    ///   damage (in the last segment too: see the type's summary), `.invalidPosition` for
    ///   position 0, `.io`; or what `body` throws. The records before the damage are handed out first.
    /// - Complexity: O(records read), plus a seek within one segment (by its sparse index).
    public func forEach(from position: UInt64 = 1, through lastPosition: UInt64 = .max,
                        _ body: (_ position: UInt64, _ payload: UnsafeRawBufferPointer) throws -> Void) throws {
        guard position >= 1 else {
            throw LogError(.invalidPosition, "positions start at 1", directory: directory, position: position)
        }
        let buffer = ReadBuffer()
        guard var cursor = try seek(to: position, buffer: buffer) else { return }
        var access = SegmentAccess.undecided
        _ = try read(from: &cursor, through: lastPosition, buffer: buffer, access: &access) { record in
            if record.position >= position { try body(record.position, record.payload) }
            return true
        }
    }

    /// The records from `position` through `lastPosition`, at most `limit` of them.
    /// - Throws: as ``forEach(from:through:_:)``.
    public func records(from position: UInt64 = 1, through lastPosition: UInt64 = .max,
                        limit: Int = .max) throws -> [LogRecord] {
        var records: [LogRecord] = []
        guard limit > 0 else { return records }
        let last = limit == .max ? lastPosition : min(lastPosition, position &+ UInt64(limit) &- 1)
        try forEach(from: position, through: last) { position, payload in
            records.append(LogRecord(position: position, payload: Array(payload)))
        }
        return records
    }

    /// The position of the last record of the last complete batch (0 when the log is empty).
    /// - Throws: as ``forEach(from:through:_:)``.
    /// - Complexity: reads the last segment (from its index's last entry when it has one).
    public func lastPosition() throws -> UInt64 {
        if let tail { return tail.lastPosition }
        let bases = try segmentBases()
        guard let base = bases.last else { return 0 }
        let buffer = ReadBuffer()
        let start = SegmentFiles.loadIndex(base: base, directory: directory, fileSystem: fileSystem)?.entries.last?.position ?? base
        for from in start == base ? [base] : [start, base] {
            guard var cursor = try seek(to: from, buffer: buffer) else { return 0 }
            var access = SegmentAccess.undecided
            _ = try read(from: &cursor, through: .max, buffer: buffer, access: &access) { _ in true }
            // An index entry inside a batch that was never completed: its batch ends before the entry.
            if cursor.position > from || from == base { return cursor.position - 1 }
        }
        return base - 1
    }

    func segmentBases() throws(LogError) -> [UInt64] {
        let names = try LogError.mapping("listing the log", directory: directory) { () throws(SystemCallError) in
            try fileSystem.list(directory)
        }
        return SegmentName.segmentBases(in: names)
    }
}
