import Events

/// Where an import's events come from, one at a time in log order, so the store can check and
/// stage them as they come without holding them all.
protocol ImportEventSource {
    /// The file, for errors.
    var path: String? { get }
    /// How many bytes of the file were read so far (for progress; 0 when not from a file).
    var bytesRead: UInt64 { get }
    /// The next event, or nil when there are no more.
    /// - Throws: ``ImportError`` naming the line that is not an event.
    mutating func next() throws(ImportError) -> ImportedEvent?
    /// True when no two events of the source can share an id, because the source derives each
    /// id from facts no other event of it has (``ImportIdentity``): the import then does not look
    /// for an id given twice among its own events (it still finds the ones the log holds).
    /// False (the default) for ids read from a file, which may repeat.
    var idsAreDistinct: Bool { get }
    /// Appends the next events to `events`, in order, until it holds `limit` of them or there
    /// are no more: the events ``next()`` would give, appended without handing each out.
    /// - Returns: false when the source ran out (then there are no more), true when `events` is full.
    /// - Throws: as ``next()``; `events` then holds those before the failing one.
    mutating func read(into events: inout [ImportedEvent], upTo limit: Int) throws(ImportError) -> Bool
}

extension ImportEventSource {
    var idsAreDistinct: Bool { false }

    mutating func read(into events: inout [ImportedEvent], upTo limit: Int) throws(ImportError) -> Bool {
        while events.count < limit {
            guard let event = try next() else { return false }
            events.append(event)
        }
        return true
    }
}

/// The events of a batch built in memory (a revlog import's plan).
struct ImportBatchSource: ImportEventSource {
    private let events: [ImportedEvent]
    private var index = 0
    let path: String?
    var bytesRead: UInt64 { 0 }

    /// The events of `batch`, in order.
    init(_ batch: ImportBatch) {
        events = batch.events
        path = batch.path
    }

    mutating func next() throws(ImportError) -> ImportedEvent? {
        guard index < events.count else { return nil }
        defer { index += 1 }
        return events[index]
    }
}

/// The events of a JSON Lines file read line by line (``ImportLineReader``), each line parsed by
/// ``JSONLinesImportPlan/event(ofLine:codec:path:lineNumber:)``: the file is never held whole.
struct JSONLinesFileSource: ImportEventSource {
    private var lines: ImportLineReader
    private let codec = EventJSONCodec()
    let path: String?

    /// The events of the file at `file`; errors name it `path`.
    /// - Throws: ``ImportError`` `unreadableFile` when it cannot be opened.
    init(file: String, path: String?) throws(ImportError) {
        lines = try ImportLineReader(path: file, displayName: path)
        self.path = path
    }

    /// How many bytes of the file were read (for progress).
    var bytesRead: UInt64 { lines.bytesRead }

    /// Closes the file.
    func close() { lines.close() }

    mutating func next() throws(ImportError) -> ImportedEvent? {
        let codec = self.codec, path = self.path
        while true {
            let number = lines.lineNumber + 1
            guard let event = try lines.withNextLine({ line throws(ImportError) in
                try JSONLinesImportPlan.event(ofLine: line, codec: codec, path: path, lineNumber: number)
            }) else { return nil }
            if let event { return event }
        }
    }
}
