import Dispatch
import Events
import SystemSeam

/// Writes an export's output on a thread of its own, one chunk at a time and in order, while the
/// exporter fills the next chunk: the copy into the page cache (half of a JSON Lines export's
/// time on Linux) runs beside the formatting instead of after it.
///
/// Two buffers take turns: the one the exporter fills and the one being written. Handing over a
/// full buffer (``write(taking:)``) waits for the write before it to finish, starts this one's
/// and gives back the buffer just written, emptied; so memory stays two buffers whatever the
/// output's size, and a slow disk slows the exporter down instead of queuing bytes. A failed
/// write is reported at the next hand-over or at ``finish()``; the writes after it are not made.
///
/// The output is not read back, so the system is told so as soon as each chunk of a regular file
/// is written (``FileSystem/adviseWritten``), which sends its pages on to the disk: the sync that
/// commits the file then waits for the last chunks, not for the whole file.
///
/// Owned by one ``ExportOutputFile`` and called from one thread at a time; the writing thread
/// touches only the buffer handed to it, until it signals that it is done.
final class ExportWriteBehind {
    private let files: FileSystem
    private let descriptor: Int32
    private let path: String
    /// Whether the system is advised of the chunks written (not for a pipe or a device).
    private let advises: Bool
    /// Where the next chunk starts in the file.
    private var offset: Int64 = 0
    private let queue = DispatchQueue(label: "hindsight.export.write-behind")
    /// 1 while no write is in flight, 0 while one is.
    private let idle = DispatchSemaphore(value: 1)
    /// The buffer being written or last written, nil before the first hand-over.
    private var inFlight: Chunk?

    /// A writer of `descriptor` (the file at `path`, named in errors) through `files`, which
    /// advises the system of the chunks written when `advises` (a regular file's).
    init(descriptor: Int32, path: String, files: FileSystem, advises: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.files = files
        self.advises = advises
    }

    deinit {
        // Waits for a write in flight (a semaphore must be back at its first value when freed).
        idle.wait()
        idle.signal()
    }

    /// Starts writing the bytes of `bytes` behind and leaves `bytes` an empty buffer to fill
    /// next (the one written before, or a new one of the same capacity).
    /// - Throws: ``SystemCallError`` of an earlier write that failed (then nothing is started).
    func write(taking bytes: inout JSONByteBuffer) throws(SystemCallError) {
        idle.wait()
        if let failure = inFlight?.failure {
            idle.signal()
            throw failure
        }
        let chunk = inFlight ?? Chunk(capacity: bytes.capacity)
        chunk.bytes.removeAll()
        swap(&chunk.bytes, &bytes)
        inFlight = chunk
        let (files, descriptor, path, idle) = (files, descriptor, path, idle)
        let (start, length, advises) = (offset, Int64(chunk.bytes.count), advises)
        offset += length
        queue.async {
            chunk.failure = chunk.bytes.withUnsafeBytes { raw -> SystemCallError? in
                do throws(SystemCallError) { try files.streamAll(descriptor, raw, path: path) } catch { return error }
                return nil
            }
            if advises && chunk.failure == nil { files.adviseWritten(descriptor, start, length) }
            idle.signal()
        }
    }

    /// Waits until every buffer handed over is written.
    /// - Throws: ``SystemCallError`` of the write that failed, if one did.
    func finish() throws(SystemCallError) {
        idle.wait()
        defer { idle.signal() }
        if let failure = inFlight?.failure { throw failure }
    }

    /// A buffer handed to the writing thread, and how its write ended. Sendable by hand-over:
    /// between ``write(taking:)`` starting its write and the signal that it is done, only the
    /// writing thread touches it; the semaphore orders the two threads' accesses.
    private final class Chunk: @unchecked Sendable {
        var bytes: JSONByteBuffer
        var failure: SystemCallError?

        init(capacity: Int) { bytes = JSONByteBuffer(capacity: capacity) }
    }
}
