/// A live, ordered sequence of a log's records: it catches up from a position, then
/// follows the writer's appends as they are published, and ends when the writer closes
/// (or the task is cancelled). Made by ``LogWriter/subscribe(from:)``.
public struct LogSubscription: AsyncSequence, Sendable {
    /// Each record, in log order.
    public typealias Element = LogRecord
    /// What a read of the log may throw (``LogError``, a file system error).
    public typealias Failure = any Error

    let reader: LogReader
    let tail: LogTail
    let start: UInt64

    init(reader: LogReader, tail: LogTail, from position: UInt64) {
        self.reader = reader
        self.tail = tail
        self.start = Swift.max(position, 1)
    }

    /// An iterator from the subscription's start position.
    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: reader, tail: tail, position: start)
    }

    /// Reads records in chunks, keeping its place in the files between chunks.
    public struct Iterator: AsyncIteratorProtocol {
        let reader: LogReader
        let tail: LogTail
        var position: UInt64
        var cursor: ReadCursor?
        var ready: [LogRecord] = []
        var next = 0
        let buffer = ReadBuffer(capacity: 256 << 10)
        var access = SegmentAccess.undecided

        init(reader: LogReader, tail: LogTail, position: UInt64) {
            self.reader = reader
            self.tail = tail
            self.position = position
        }

        /// The next record, waiting for the writer when caught up; nil once the writer
        /// closed and every record was delivered, or when the task is cancelled.
        /// - Throws: ``LogError`` for damage or I/O failures.
        public mutating func next() async throws -> LogRecord? {
            while true {
                if next < ready.count {
                    defer { next += 1 }
                    return ready[next]
                }
                ready.removeAll(keepingCapacity: true)
                next = 0
                if Task.isCancelled { return nil }
                let published = tail.lastPosition
                if published >= position {
                    try fill(through: Swift.min(published, position + 4095))
                    continue
                }
                if tail.isFinished { return nil }
                await tail.wait(beyond: position - 1)
            }
        }

        private mutating func fill(through last: UInt64) throws {
            if cursor == nil { cursor = try reader.seek(to: position, buffer: buffer) }
            guard var current = cursor else { return }
            let wanted = position
            var records: [LogRecord] = []
            _ = try reader.read(from: &current, through: last, buffer: buffer, access: &access) { record in
                if record.position >= wanted { records.append(LogRecord(position: record.position, payload: Array(record.payload))) }
                return true
            }
            cursor = current
            ready = records
            position = current.position
        }
    }
}
