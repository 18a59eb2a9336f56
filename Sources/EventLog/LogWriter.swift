import SystemSeam
/// The one writer of a log directory: appends batches of byte records atomically, under
/// the durability policy chosen at open, and publishes them to this process's readers
/// and subscriptions.
///
/// Only one writer may hold a directory at a time, across processes (an `flock` on
/// `writer.lock`). After any failed write or sync the writer refuses every further
/// append; reopen the log to recover (recovery keeps every acknowledged record).
public actor LogWriter {
    /// The log's directory.
    public nonisolated let directory: String
    nonisolated let options: LogOptions
    nonisolated let fileSystem: FileSystem
    nonisolated let tail: LogTail
    /// How open went: segments checked by seal or record by record, and timings when
    /// ``LogOptions/clock`` was set.
    package nonisolated let recoveryReport: RecoveryReport
    let lockFD: Int32

    var segment: ActiveSegment
    /// The position the next staged record gets.
    var nextPosition: UInt64
    /// Frames staged but not yet written to the OS (they follow `segment.dataEnd`).
    var pending: [UInt8] = []
    /// Group commit: appends waiting for the next write and sync.
    var waiters: [CommitTicket] = []
    var flushScheduled = false
    /// Set by the first failed write or sync; every later append throws it.
    var failure: LogError?
    var closed = false
    var flushTask: Task<Void, Never>?
    /// The batch being staged (``stageRecords(_:)``), if any: appends wait for its end.
    var staged: StagedBatch?
    let zeros = [UInt8](repeating: 0, count: 1 << 20)

    /// Opens (creating if needed) the log in `directory` for writing, recovering it.
    /// - Throws: ``LogError`` `.locked` when another writer holds it; `.corruptRecord`,
    ///   `.corruptSegment` or `.missingSegment` for damage outside a torn tail; `.io`.
    /// - Complexity: reads every segment once: one checksum pass over each segment whose
    ///   seal matches, every record's checksum for the others and past the last seal.
    public init(directory: String, options: LogOptions = LogOptions()) throws(LogError) {
        let fs = options.fileSystem
        try LogError.mapping("creating the directory", directory: directory) { () throws(SystemCallError) in
            try fs.makeDirectory(directory)
        }
        let lockPath = directory + "/" + SegmentName.lockFile
        let lockFD = try LogError.mapping("opening the lock file", directory: directory) { () throws(SystemCallError) in
            try fs.open(lockPath, .readWriteCreate)
        }
        let locked: Bool
        do { locked = try fs.tryLock(lockFD, lockPath) } catch {
            fs.close(lockFD)
            throw .io(error, doing: "locking", directory: directory)
        }
        guard locked else {
            fs.close(lockFD)
            throw LogError(.locked, "another writer has the log at \(directory) open; close it first (it holds the lock \(lockPath); readers need no lock)",
                           directory: directory)
        }
        let recovered: RecoveredTail
        do { recovered = try LogRecovery(directory: directory, fileSystem: fs, clock: options.clock).recover() } catch {
            fs.close(lockFD)
            throw error
        }
        self.directory = directory
        self.options = options
        self.fileSystem = fs
        self.lockFD = lockFD
        self.segment = ActiveSegment(base: recovered.base, fd: recovered.fd, name: SegmentName.segment(base: recovered.base),
                                     dataEnd: recovered.dataEnd, allocatedEnd: recovered.dataEnd, index: recovered.index,
                                     checksum: recovered.checksum)
        self.recoveryReport = recovered.report
        self.nextPosition = recovered.nextPosition
        self.tail = LogTail(lastPosition: recovered.nextPosition - 1)
        tail.publishIndex(recovered.index)
        pending.reserveCapacity(options.bufferSize + 4096)
    }

    /// Opens the log (see ``init(directory:options:)``) and, in buffered mode, starts the
    /// periodic flush.
    /// - Throws: as ``init(directory:options:)``.
    public static func open(directory: String, options: LogOptions = LogOptions()) async throws(LogError) -> LogWriter {
        let writer = try LogWriter(directory: directory, options: options)
        await writer.startPeriodicFlush()
        return writer
    }

    deinit {
        flushTask?.cancel()
        if !closed {
            fileSystem.close(segment.fd)
            fileSystem.unlock(lockFD)
            fileSystem.close(lockFD)
            tail.finish()
        }
    }

    /// The position of the last record readers can see (0 when the log is empty).
    public nonisolated var lastPosition: UInt64 { tail.lastPosition }

    /// A reader of this log bounded by what this writer has published.
    public nonisolated var reader: LogReader {
        LogReader(directory: directory, fileSystem: fileSystem, tail: tail)
    }

    /// A live subscription: every record from `position` on, then each new one as it is
    /// appended, in order; it ends when the writer closes.
    public nonisolated func subscribe(from position: UInt64 = 1) -> LogSubscription {
        LogSubscription(reader: reader, tail: tail, from: position)
    }

    private func startPeriodicFlush() {
        guard case .buffered(let interval) = options.durability, flushTask == nil else { return }
        flushTask = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self else { return }
                await self.flushBuffered()
            }
        }
    }

    func flushBuffered() {
        guard !closed, failure == nil, !pending.isEmpty else { return }
        do { try writePending(); publish() } catch { return }
    }
}
