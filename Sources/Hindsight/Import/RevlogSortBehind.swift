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
/// Owned by one ``RevlogRecordSorter`` and called from one thread at a time (the hand-over is
/// ``WorkBehind``'s).
final class RevlogSortBehind {
    private let behind = WorkBehind<[RevlogRecord], ImportError>(label: "hindsight.import.sort-behind")
    private let file: SpillFile
    private let path: String?

    /// Writes the runs handed over to the end of `file`, one after the other; errors name the
    /// imported file `path`.
    init(file: SpillFile, path: String?) {
        self.file = file
        self.path = path
    }

    /// Starts sorting `run` and writing it after the runs handed over before, and leaves `run`
    /// an empty array to fill next (the one written before, or a new one of the same capacity).
    /// - Throws: ``ImportError`` `store` of an earlier write that failed (then nothing is started).
    func spill(taking run: inout [RevlogRecord]) throws(ImportError) {
        let (file, path, capacity) = (file, path, run.capacity)
        try behind.handOver(&run, fresh: {
            var fresh: [RevlogRecord] = []
            fresh.reserveCapacity(capacity)
            return fresh
        },
                            emptying: { $0.removeAll(keepingCapacity: true) }) { records in
            records.sort()
            return records.withUnsafeBytes { raw -> ImportError? in
                do throws(ImportError) { try file.write(raw, path: path) } catch { return error }
                return nil
            }
        }
    }

    /// Waits until every run handed over is written.
    /// - Throws: ``ImportError`` `store` of the write that failed, if one did.
    func finish() throws(ImportError) {
        try behind.finish()
    }
}
