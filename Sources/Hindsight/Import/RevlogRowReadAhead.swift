import Dispatch
import FSRS

/// Reads the rows of a revlog file (its lines framed by ``ImportLineReader``, parsed by
/// `RevlogCSV.LineReader`) on a thread of its own, a block at a time, while the scan numbers and
/// sorts the block read before (``RevlogScan``): reading and parsing run beside the scan's own
/// work instead of between its rows.
///
/// Two blocks take turns: the one the scan takes in and the one being read. ``next(into:)``
/// waits for the block being read, starts reading the next into the block the scan is done
/// with, and hands this one over; so memory stays two blocks whatever the file's size. A failure
/// (a bad line, a failed read) ends the rows: the rows before it are handed over first, then the
/// next call throws it.
///
/// Owned by one scan and called from one thread at a time; the reading thread touches only the
/// file, the CSV reader and the block being read, until it signals that it is done.
final class RevlogRowReadAhead {
    /// The rows read at a time.
    static let blockLength = 8192

    private let queue = DispatchQueue(label: "hindsight.import.revlog-rows")
    /// Signalled when a block's read ends.
    private let done = DispatchSemaphore(value: 0)
    private let reading: Reading
    /// Whether a block is being read.
    private var inFlight = false

    /// A reader of the revlog file at `file` (errors name it `path`); the first block starts
    /// being read at once.
    /// - Parameter progress: called every 64 Ki lines with the bytes read so far, on the reading thread.
    /// - Throws: ``ImportError`` `unreadableFile` when the file cannot be opened.
    init(file: String, path: String?, progress: (@Sendable (_ bytesRead: UInt64) -> Void)?) throws(ImportError) {
        reading = Reading(lines: try ImportLineReader(path: file, displayName: path), path: path, progress: progress)
        start()
    }

    deinit {
        if inFlight { done.wait() }
    }

    /// Puts the next rows of the file, in order, in `rows` (in place of the rows it held): false,
    /// and `rows` empty, after the last.
    /// - Throws: ``ImportError`` `unreadableFile` (a failed read, a line not UTF-8), `badRevlogLine`
    ///   naming the first bad line (or a missing header), once the rows before it are handed over.
    func next(into rows: inout [RevlogRow]) throws(ImportError) -> Bool {
        if inFlight {
            done.wait()
            inFlight = false
        }
        rows.removeAll(keepingCapacity: true)
        swap(&rows, &reading.rows)
        guard !rows.isEmpty else {
            if let failure = reading.failure { throw failure }
            return false
        }
        if !reading.ended { start() }
        return true
    }

    /// The text `card_id`s of the file, once ``next(into:)`` has returned false (read to its end).
    var cardTexts: RevlogCardTexts {
        precondition(!inFlight && reading.ended, "the card texts are known once the file is read")
        return reading.csv.cardTexts
    }

    private func start() {
        inFlight = true
        let (reading, done) = (reading, done)
        queue.async {
            reading.readBlock()
            done.signal()
        }
    }

    /// The file being read and the block being filled. Sendable by hand-over: between
    /// ``start()`` and the signal that the block is read, only the reading thread touches it;
    /// the semaphore orders the two threads' accesses.
    private final class Reading: @unchecked Sendable {
        var lines: ImportLineReader
        var csv = RevlogCSV.LineReader()
        let path: String?
        let progress: (@Sendable (_ bytesRead: UInt64) -> Void)?
        /// The rows read into the block.
        var rows: [RevlogRow] = []
        /// Why reading ended early, if it did.
        var failure: ImportError?
        /// Whether the file is read to its end, or reading failed.
        var ended = false

        init(lines: ImportLineReader, path: String?, progress: (@Sendable (_ bytesRead: UInt64) -> Void)?) {
            self.lines = lines
            self.path = path
            self.progress = progress
        }

        deinit { lines.close() }

        /// Reads up to a block of rows, or to the file's end (checking then that it had a header),
        /// or to the first failure.
        func readBlock() {
            rows.reserveCapacity(RevlogRowReadAhead.blockLength)
            do throws(ImportError) {
                ended = try Self.read(&lines, &csv, into: &rows, path: path, progress: progress)
            } catch {
                failure = error
                ended = true
            }
        }

        /// Reads rows from `lines` through `csv` into `rows` until it holds a block or the file
        /// ends (then true, once `csv` found the header). Takes the reader's state as `inout`
        /// values, so the loop touches no class property (each access of one is checked).
        /// - Throws: ``ImportError`` of the first bad line or failed read.
        private static func read(_ lines: inout ImportLineReader, _ csv: inout RevlogCSV.LineReader, into rows: inout [RevlogRow],
                                 path: String?, progress: (@Sendable (_ bytesRead: UInt64) -> Void)?) throws(ImportError) -> Bool {
            while rows.count < RevlogRowReadAhead.blockLength {
                guard let row = try lines.withNextLine({ (line) throws(ImportError) -> RevlogRow? in
                    do throws(RevlogError) { return try csv.read(line) } catch { throw ImportError(error, path: path) }
                }) else {
                    do { try csv.finish() } catch { throw ImportError(error, path: path) }
                    return true
                }
                if let row { rows.append(row) }
                if lines.lineNumber & 0xFFFF == 0 { progress?(lines.bytesRead) }
            }
            return false
        }
    }
}
