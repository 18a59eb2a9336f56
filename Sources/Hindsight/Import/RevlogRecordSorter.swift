import Foundation

/// One row of a revlog, compact (24 bytes): what the import needs of it to make its events,
/// ordered as the import puts rows in the log: by time, then card, then line (file order).
struct RevlogRecord: Comparable {
    /// `review_time`, ms since the epoch.
    var timeMs: Int64
    /// The row's card, numbered in order of its first row in the file (below `UInt32.max`).
    var card: UInt32
    /// The 1-based line of the file.
    var line: UInt32
    /// `review_duration` in ms; ``longDuration`` when it does not fit (the scan keeps those aside).
    var durationMs: UInt32
    /// `review_rating` (0 … 4).
    var rating: UInt8
    /// `review_state` (0 … 6).
    var state: UInt8

    /// The duration stored for one that does not fit in 32 bits.
    static let longDuration = UInt32.max

    static func < (a: RevlogRecord, b: RevlogRecord) -> Bool {
        (a.timeMs, a.card, a.line) < (b.timeMs, b.card, b.line)
    }

    static func == (a: RevlogRecord, b: RevlogRecord) -> Bool {
        (a.timeMs, a.card, a.line) == (b.timeMs, b.card, b.line)
    }
}

/// Sorts revlog records in bounded memory: they are gathered in runs of ``runLength``, each
/// sorted in memory; when there is more than one run, each is sorted and written to a temporary
/// file (unlinked as soon as it is open, so nothing is left behind by a crash) on a thread of
/// its own while the next run is gathered (``RevlogSortBehind``), and the runs are merged back
/// reading a few thousand records of each at a time. Memory: one run (two while the file has
/// more), then one read buffer per run.
struct RevlogRecordSorter {
    /// The records sorted in memory at a time by default: 128 Ki (3 MiB; two runs while a file
    /// of more is read, one filled and one sorted behind, and half a run again while sorting).
    static let defaultRunLength = 1 << 17

    /// The records sorted in memory at a time.
    let runLength: Int
    private var run: [RevlogRecord] = []
    private var spill: SpillFile?
    /// Sorts and writes the full runs, once there is more than one.
    private var behind: RevlogSortBehind?
    private var runs: [Range<Int>] = []
    private let path: String?

    /// A sorter of runs of `runLength` records; errors name the file `path`.
    init(runLength: Int = defaultRunLength, path: String?) {
        self.runLength = max(1, runLength)
        self.path = path
    }

    /// Adds a record; its card must be below `UInt32.max` (``RevlogScan`` numbers fewer cards).
    /// - Throws: ``ImportError`` `store` when the temporary file cannot be created, or a run
    ///   before this one could not be written to it.
    mutating func append(_ record: RevlogRecord) throws(ImportError) {
        precondition(record.card < UInt32.max, "card numbers are below UInt32.max")
        if run.capacity == 0 { run.reserveCapacity(runLength) }
        run.append(record)
        if run.count == runLength { try spillRun() }
    }

    /// The records in order, handed out one at a time.
    /// - Throws: ``ImportError`` `store` when a run cannot be written to the temporary file.
    consuming func sorted() throws(ImportError) -> RevlogRecordMerge {
        guard let spill, let behind else {
            run.sort()
            return RevlogRecordMerge(inMemory: run)
        }
        if !run.isEmpty { try spillRun() }
        run = []
        try behind.finish()
        return try RevlogRecordMerge(file: spill, runs: runs, path: path)
    }

    /// Hands the run over to be sorted and written at the end of the temporary file (after the
    /// runs before it), and goes on with an empty one.
    private mutating func spillRun() throws(ImportError) {
        if behind == nil {
            let file = try SpillFile(path: path)
            spill = file
            behind = RevlogSortBehind(file: file, path: path)
        }
        guard let behind else { return }
        let start = runs.last?.upperBound ?? 0
        runs.append(start..<(start + run.count))
        try behind.spill(taking: &run)
    }
}

/// The sorted records of a ``RevlogRecordSorter``, merged from its runs by a tree of losers: a
/// record handed out costs one comparison for each level of the tree (1 for 2 runs, 3 for 8),
/// against the next records of the runs that lost to its run on its way up.
struct RevlogRecordMerge {
    /// One run being read: its next records in a buffer.
    private struct Cursor {
        var remaining: Range<Int>
        var buffer: [RevlogRecord] = []
        var index = 0
    }

    /// A run's next record's place in the order, as two words compared in turn: the time (its
    /// sign bit flipped, so that unsigned order is signed order), then the card and the line.
    /// A run with no record left has ``Key/end``, after every record's (cards are numbered
    /// below `UInt32.max`, see ``RevlogRecordSorter/append(_:)``).
    private struct Key {
        var high: UInt64
        var low: UInt64

        static let end = Key(high: .max, low: .max)

        init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        init(_ record: RevlogRecord) {
            high = UInt64(bitPattern: record.timeMs) ^ (1 << 63)
            low = UInt64(record.card) << 32 | UInt64(record.line)
        }

        static func < (a: Key, b: Key) -> Bool { a.high < b.high || (a.high == b.high && a.low < b.low) }
    }

    /// A run and its next record's key: what a node of the tree holds.
    private struct Entry {
        var key: Key
        var run: Int
    }

    /// Records read from a run at a time.
    private static let readLength = 4096

    private var memory: [RevlogRecord]
    private var memoryIndex = 0
    private let spill: SpillFile?
    private var cursors: [Cursor] = []
    /// The tree over the runs, as a heap: node 1 is the root, node `n` has children `2n` and
    /// `2n + 1`, and the leaves `runs … 2 runs - 1` are the runs; each inner node holds the run
    /// that lost the comparison there (node 0 is unused).
    private var losers: [Entry] = []
    /// The run whose record is next.
    private var winner = Entry(key: .end, run: 0)
    /// The records not yet handed out.
    private var left = 0
    private let path: String?

    init(inMemory records: [RevlogRecord]) {
        memory = records
        spill = nil
        path = nil
    }

    init(file: SpillFile, runs: [Range<Int>], path: String?) throws(ImportError) {
        memory = []
        spill = file
        self.path = path
        cursors = runs.map { Cursor(remaining: $0) }
        left = runs.reduce(0) { $0 + $1.count }
        // Every match played from the leaves up: the winner at each node, the loser kept.
        var winners = [Entry](repeating: winner, count: 2 * runs.count)
        for run in runs.indices {
            winners[runs.count + run] = Entry(key: try refill(run) ? Key(cursors[run].buffer[0]) : .end, run: run)
        }
        losers = winners
        for node in stride(from: runs.count - 1, through: 1, by: -1) {
            let a = winners[2 * node], b = winners[2 * node + 1]
            (winners[node], losers[node]) = b.key < a.key ? (b, a) : (a, b)
        }
        if !runs.isEmpty { winner = winners[1] }
        losers.removeLast(runs.count)
    }

    /// The next record in order, or nil after the last.
    /// - Throws: ``ImportError`` `store` when the temporary file cannot be read.
    mutating func next() throws(ImportError) -> RevlogRecord? {
        guard spill != nil else {
            guard memoryIndex < memory.count else { return nil }
            defer { memoryIndex += 1 }
            return memory[memoryIndex]
        }
        guard left > 0 else { return nil }
        left -= 1
        let run = winner.run
        let index = cursors[run].index
        let record = cursors[run].buffer[index]
        let key: Key
        if index + 1 < cursors[run].buffer.count {
            cursors[run].index = index + 1
            key = Key(cursors[run].buffer[index + 1])
        } else {
            key = try refill(run) ? Key(cursors[run].buffer[0]) : .end
        }
        replay(Entry(key: key, run: run))
        return record
    }

    /// Reads the next records of run `index`; false when it has none left.
    private mutating func refill(_ index: Int) throws(ImportError) -> Bool {
        guard let spill else { return false }
        let remaining = cursors[index].remaining
        guard !remaining.isEmpty else { return false }
        let count = min(Self.readLength, remaining.count)
        cursors[index].buffer = try spill.read(RevlogRecord.self, at: remaining.lowerBound, count: count, path: path)
        cursors[index].index = 0
        cursors[index].remaining = (remaining.lowerBound + count)..<remaining.upperBound
        return true
    }

    /// Plays again the matches on the way from `entry`'s leaf to the root, after its run's
    /// record was handed out: `entry` holds the run's next one.
    private mutating func replay(_ entry: Entry) {
        var winner = entry
        var node = (entry.run + cursors.count) / 2
        while node > 0 {
            if losers[node].key < winner.key { swap(&losers[node], &winner) }
            node /= 2
        }
        self.winner = winner
    }
}

/// A temporary file of fixed-size records, removed from its directory as soon as it is open
/// (the open handle keeps it until closed, so a crash leaves nothing behind).
final class SpillFile {
    private let handle: FileHandle

    /// A new temporary file in the system's temporary directory.
    /// - Throws: ``ImportError`` `store` when it cannot be created.
    init(path: String?) throws(ImportError) {
        let file = NSTemporaryDirectory() + "/hindsight-import-\(UUID().uuidString).sort"
        guard FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forUpdatingAtPath: file) else {
            throw ImportError(.store, "cannot create a temporary file in \(NSTemporaryDirectory()) to sort the rows; "
                              + "check that directory ($TMPDIR) and its free space", path: path)
        }
        try? FileManager.default.removeItem(atPath: file)
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// Appends `bytes`.
    /// - Throws: ``ImportError`` `store` when the write fails.
    func write(_ bytes: UnsafeRawBufferPointer, path: String?) throws(ImportError) {
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(bytes))
        } catch {
            throw ImportError(.store, "cannot write the temporary file that sorts the rows: \(error.localizedDescription); "
                              + "check the free space of \(NSTemporaryDirectory())", path: path)
        }
    }

    /// `count` records of type `T` from record `index` on.
    /// - Throws: ``ImportError`` `store` when they cannot be read.
    func read<T: BitwiseCopyable>(_ type: T.Type, at index: Int, count: Int, path: String?) throws(ImportError) -> [T] {
        let stride = MemoryLayout<T>.stride
        let data: Data?
        do {
            try handle.seek(toOffset: UInt64(index * stride))
            data = try handle.read(upToCount: count * stride)
        } catch {
            throw ImportError(.store, "cannot read back the temporary file that sorts the rows: \(error.localizedDescription)", path: path)
        }
        guard let data, data.count == count * stride else {
            throw ImportError(.store, "the temporary file that sorts the rows is shorter than written", path: path)
        }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            data.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
            }
            initialized = count
        }
    }
}
