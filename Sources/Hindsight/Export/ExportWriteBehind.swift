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
/// Owned by one ``ExportOutputFile`` and called from one thread at a time (the hand-over is
/// ``WorkBehind``'s).
final class ExportWriteBehind {
    private let files: FileSystem
    private let descriptor: Int32
    private let path: String
    /// Whether the system is advised of the chunks written (not for a pipe or a device).
    private let advises: Bool
    /// Where the next chunk starts in the file.
    private var offset: Int64 = 0
    private let behind = WorkBehind<JSONByteBuffer, SystemCallError>(label: "hindsight.export.write-behind")

    /// A writer of `descriptor` (the file at `path`, named in errors) through `files`, which
    /// advises the system of the chunks written when `advises` (a regular file's).
    init(descriptor: Int32, path: String, files: FileSystem, advises: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.files = files
        self.advises = advises
    }

    /// Starts writing the bytes of `bytes` behind and leaves `bytes` an empty buffer to fill
    /// next (the one written before, or a new one of the same capacity).
    /// - Throws: ``SystemCallError`` of an earlier write that failed (then nothing is started).
    func write(taking bytes: inout JSONByteBuffer) throws(SystemCallError) {
        let (files, descriptor, path, capacity) = (files, descriptor, path, bytes.capacity)
        let (start, length, advises) = (offset, Int64(bytes.count), advises)
        try behind.handOver(&bytes, fresh: { JSONByteBuffer(capacity: capacity) }, emptying: { $0.removeAll() }) { bytes in
            let failure = bytes.withUnsafeBytes { raw -> SystemCallError? in
                do throws(SystemCallError) { try files.streamAll(descriptor, raw, path: path) } catch { return error }
                return nil
            }
            if advises && failure == nil { files.adviseWritten(descriptor, start, length) }
            return failure
        }
        offset += length
    }

    /// Waits until every buffer handed over is written.
    /// - Throws: ``SystemCallError`` of the write that failed, if one did.
    func finish() throws(SystemCallError) {
        try behind.finish()
    }
}
