import Foundation

/// One row of a revlog, compact (24 bytes): what the import needs of it to make its events,
/// ordered as the import puts rows in the log: by time, then card, then line (file order).
struct RevlogRecord: Comparable {
    /// `review_time`, ms since the epoch.
    var timeMs: Int64
    /// The row's card, numbered in order of its first row in the file.
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

    /// Adds a record.
    /// - Throws: ``ImportError`` `store` when the temporary file cannot be created, or a run
    ///   before this one could not be written to it.
    mutating func append(_ record: RevlogRecord) throws(ImportError) {
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

/// The sorted records of a ``RevlogRecordSorter``, merged from its runs.
struct RevlogRecordMerge {
    /// One run being read: its next records in a buffer.
    private struct Cursor {
        var remaining: Range<Int>
        var buffer: [RevlogRecord] = []
        var index = 0
    }

    /// Records read from a run at a time.
    private static let readLength = 4096

    private var memory: [RevlogRecord]
    private var memoryIndex = 0
    private let spill: SpillFile?
    private var cursors: [Cursor] = []
    /// Indices into ``cursors``, a min-heap on each cursor's next record.
    private var heap: [Int] = []
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
        for index in cursors.indices where try refill(index) { push(index) }
    }

    /// The next record in order, or nil after the last.
    /// - Throws: ``ImportError`` `store` when the temporary file cannot be read.
    mutating func next() throws(ImportError) -> RevlogRecord? {
        guard spill != nil else {
            guard memoryIndex < memory.count else { return nil }
            defer { memoryIndex += 1 }
            return memory[memoryIndex]
        }
        guard let top = heap.first else { return nil }
        let record = cursors[top].buffer[cursors[top].index]
        cursors[top].index += 1
        if cursors[top].index == cursors[top].buffer.count, try !refill(top) {
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
        }
        siftDown(0)
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

    private func head(_ cursor: Int) -> RevlogRecord { cursors[cursor].buffer[cursors[cursor].index] }

    private mutating func push(_ cursor: Int) {
        heap.append(cursor)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard head(heap[child]) < head(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, head(heap[left]) < head(heap[smallest]) { smallest = left }
            if right < heap.count, head(heap[right]) < head(heap[smallest]) { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
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
