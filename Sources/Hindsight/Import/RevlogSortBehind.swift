import Dispatch

/// Sorts a ``RevlogRecordSorter``'s full runs and writes them to its temporary file on a thread
/// of its own, while the scan reads the file on into the next run: the sorts run beside the
/// parsing instead of between its lines.
///
/// Two runs take turns: the one the scan fills and the one being sorted and written. Handing
/// over a full run (``spill(taking:)``) waits for the one before it to be written, starts this
/// one's and gives back the run just written, emptied; so memory stays two runs whatever the
/// file's size, and the runs are written in the order they were handed over. A failed write is
/// reported at the next hand-over or at ``finish()``; no run is written after it.
///
/// Owned by one ``RevlogRecordSorter`` and called from one thread at a time; the sorting thread
/// touches only the run handed to it, until it signals that it is done.
final class RevlogSortBehind {
    private let queue = DispatchQueue(label: "hindsight.import.sort-behind")
    /// 1 while no run is in flight, 0 while one is.
    private let idle = DispatchSemaphore(value: 1)
    private let file: SpillFile
    private let path: String?
    /// The run being sorted and written or last written, nil before the first hand-over.
    private var inFlight: Run?

    /// Writes the runs handed over to the end of `file`, one after the other; errors name the
    /// imported file `path`.
    init(file: SpillFile, path: String?) {
        self.file = file
        self.path = path
    }

    deinit {
        // Waits for a run in flight (a semaphore must be back at its first value when freed).
        idle.wait()
        idle.signal()
    }

    /// Starts sorting `run` and writing it after the runs handed over before, and leaves `run`
    /// an empty array to fill next (the one written before, or a new one of the same capacity).
    /// - Throws: ``ImportError`` `store` of an earlier write that failed (then nothing is started).
    func spill(taking run: inout [RevlogRecord]) throws(ImportError) {
        idle.wait()
        if let failure = inFlight?.failure {
            idle.signal()
            throw failure
        }
        let handed = inFlight ?? Run(file: file, capacity: run.capacity)
        handed.records.removeAll(keepingCapacity: true)
        swap(&handed.records, &run)
        inFlight = handed
        let (idle, path) = (idle, path)
        queue.async {
            handed.sortAndWrite(path: path)
            idle.signal()
        }
    }

    /// Waits until every run handed over is written.
    /// - Throws: ``ImportError`` `store` of the write that failed, if one did.
    func finish() throws(ImportError) {
        idle.wait()
        defer { idle.signal() }
        if let failure = inFlight?.failure { throw failure }
    }

    /// A run handed to the sorting thread, and how its write ended. Sendable by hand-over:
    /// between ``spill(taking:)`` starting its sort and the signal that it is done, only the
    /// sorting thread touches it (and the file, which only these writes touch until
    /// ``finish()``); the semaphore orders the two threads' accesses.
    private final class Run: @unchecked Sendable {
        var records: [RevlogRecord] = []
        var failure: ImportError?
        let file: SpillFile

        init(file: SpillFile, capacity: Int) {
            self.file = file
            records.reserveCapacity(capacity)
        }

        /// Sorts the records and appends them to the file, keeping a failure.
        func sortAndWrite(path: String?) {
            records.sort()
            let file = self.file
            failure = records.withUnsafeBytes { raw -> ImportError? in
                do throws(ImportError) { try file.write(raw, path: path) } catch { return error }
                return nil
            }
        }
    }
}
