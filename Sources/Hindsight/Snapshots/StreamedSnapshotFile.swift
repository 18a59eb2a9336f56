import Events
import Projections
import SystemSeam

/// Writes one snapshot file as its state is encoded, through a buffer of about ``limit`` bytes
/// (twice that at most, then one buffer of it to read back), whatever the state's size: the bytes of the
/// file are those of ``Snapshot/encoded()`` for the same state, never the whole state in memory.
///
/// The file starts with a header holding the state's length, and its checksum covers the header,
/// so neither is known until the state is encoded. A state that fits in the buffer is written
/// whole as ``SnapshotStore/save(_:)`` writes it. A larger one is written to the temporary file
/// as the writer's drain hands its parts over (each part's writeback started as it is written, so
/// that the commit's sync finds little left to write), starting where a header for a state of twice the
/// limit would end (four bytes of length for the store's default buffer: any state from 2 to
/// 256 MiB); once it is encoded, a state whose length takes another number of bytes is moved
/// into place (copied within the file, a buffer at a time), the header is written in front, the
/// state is read back a buffer at a time to be checksummed after it (page-cache reads, a
/// fraction of the encoding's time), and the checksum ends the file. A failed write is held and
/// reported once the encoding ends (an encoding cannot stop), and abandons the temporary file.
final class StreamedSnapshotFile {
    /// The snapshot file written.
    private let path: String
    /// The directory holding it.
    private let directory: String
    /// The seam every call goes through.
    private let fileSystem: FileSystem
    /// What the header says besides the state's length.
    private let descriptor: SnapshotDescriptor
    /// The anchor the header records.
    private let logAnchor: LogAnchor
    /// How many bytes of state are held before they are written (the drain's limit).
    private let limit: Int
    /// The temporary file, once the first part of the state is written (or the whole at the end).
    private var file: DurableFile.Replacement?
    /// Where the state starts in the temporary file while it is written.
    private var stateStart: Int64 = 0
    /// How many bytes of state are written so far.
    private var written: Int64 = 0
    /// The first failure, held until the encoding ends.
    private var failure: SystemCallError?

    private init(path: String, directory: String, fileSystem: FileSystem, descriptor: SnapshotDescriptor,
                 logAnchor: LogAnchor, limit: Int) {
        self.path = path
        self.directory = directory
        self.fileSystem = fileSystem
        self.descriptor = descriptor
        self.logAnchor = logAnchor
        self.limit = limit
    }

    /// Writes the snapshot file of `descriptor`, anchored at `logAnchor`, with the state `encode`
    /// writes, to the temporary file of `path` (a file in `directory`), holding at most about
    /// `limit` bytes of the state (at least 1) at a time.
    /// - Returns: the replacement, written but not yet synced or in place (``DurableFile/Replacement/commit()``).
    /// - Throws: ``SystemCallError`` naming the first failed call; the temporary file is then
    ///   removed (best effort) and the old file left as it was.
    static func write(_ descriptor: SnapshotDescriptor, logAnchor: LogAnchor, to path: String, in directory: String,
                      fileSystem: FileSystem, limit: Int,
                      encode: (inout SnapshotWriter) -> Void) throws(SystemCallError) -> DurableFile.Replacement {
        let stream = StreamedSnapshotFile(path: path, directory: directory, fileSystem: fileSystem, descriptor: descriptor,
                                          logAnchor: logAnchor, limit: limit)
        let drain = BinaryWriterDrain(limit: limit) { part in stream.receive(part) }
        var writer = SnapshotWriter(draining: drain)
        encode(&writer)
        let stateByteCount = drain.taken + writer.binary.bytes.count
        let result = writer.binary.bytes.withUnsafeBytes { rest in
            Result { () throws(SystemCallError) in try stream.finish(rest: rest, stateByteCount: stateByteCount) }
        }
        return try result.get()
    }

    /// Writes the next part of the state (the writer's drain calls this), creating the temporary
    /// file at the first; after a failure it only discards the part.
    private func receive(_ part: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        do {
            if file == nil {
                file = try DurableFile.Replacement.begin(path, in: directory, ownerOnly: false, fileSystem: fileSystem)
                stateStart = Int64(header(stateByteCount: Swift.max(part.count, 2 * Swift.min(limit, Int.max / 2))).count)
            }
            try file!.write(part, at: stateStart + written)
            // The part is synced with the file at its commit: its writeback starts now, while the
            // rest of the state is encoded.
            file!.startWriteback(from: stateStart + written, length: Int64(part.count))
            written += Int64(part.count)
        } catch {
            failure = error
        }
    }

    /// Ends the file: writes `rest` (the state's bytes not yet written), puts the state after
    /// its header, writes the header and the checksum.
    /// - Throws: ``SystemCallError`` for the first failed call (held or new), after abandoning
    ///   the temporary file.
    private func finish(rest: UnsafeRawBufferPointer, stateByteCount: Int) throws(SystemCallError) -> DurableFile.Replacement {
        let header = header(stateByteCount: stateByteCount)
        if let failure {
            file?.abandon()
            throw failure
        }
        guard let file else {
            var hasher = StableHash.Words64()
            header.withUnsafeBytes { hasher.combine($0) }
            hasher.combine(rest)
            let whole = try DurableFile.Replacement.begin(path, in: directory, ownerOnly: false, fileSystem: fileSystem)
            do {
                try whole.write(header, at: 0)
                try whole.write(rest, at: Int64(header.count))
                try whole.write(Self.littleEndianBytes(hasher.finalize()), at: Int64(header.count + rest.count))
            } catch {
                whole.abandon()
                throw error
            }
            return whole
        }
        do throws(SystemCallError) {
            try file.write(rest, at: stateStart + written)
            let start = Int64(header.count), end = start + Int64(stateByteCount)
            if start != stateStart { try move(Int64(stateByteCount), in: file, from: stateStart, to: start) }
            try file.write(header, at: 0)
            try file.write(Self.littleEndianBytes(try checksum(of: header, in: file, stateEnd: end)), at: end)
            if start < stateStart { try file.truncate(to: end + 8) }
        } catch {
            file.abandon()
            throw error
        }
        return file
    }

    /// The eight bytes of `checksum` as the file ends with them (little-endian).
    private static func littleEndianBytes(_ checksum: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: checksum >> (8 * UInt64($0))) }
    }

    /// The header of this snapshot's file for a state of `stateByteCount` bytes.
    private func header(stateByteCount: Int) -> [UInt8] {
        Snapshot.fileHeader(of: descriptor, logAnchor: logAnchor, stateByteCount: stateByteCount)
    }

    /// The checksum of `header` followed by the file's state, which ends at `stateEnd`, read back
    /// a buffer at a time.
    /// - Throws: ``SystemCallError`` when a read fails.
    private func checksum(of header: [UInt8], in file: DurableFile.Replacement, stateEnd: Int64) throws(SystemCallError) -> UInt64 {
        var hasher = StableHash.Words64()
        header.withUnsafeBytes { hasher.combine($0) }
        try withScratch(for: stateEnd - Int64(header.count)) { scratch throws(SystemCallError) in
            var offset = Int64(header.count)
            while offset < stateEnd {
                let part = UnsafeMutableRawBufferPointer(rebasing: scratch[..<Int(Swift.min(Int64(scratch.count), stateEnd - offset))])
                try file.read(into: part, at: offset)
                hasher.combine(UnsafeRawBufferPointer(part))
                offset += Int64(part.count)
            }
        }
        return hasher.finalize()
    }

    /// Moves the `count` bytes at `source` of the file to `target`, a buffer at a time, in the
    /// order that never overwrites a byte before it is read.
    /// - Throws: ``SystemCallError`` when a read or write fails.
    private func move(_ count: Int64, in file: DurableFile.Replacement, from source: Int64, to target: Int64) throws(SystemCallError) {
        try withScratch(for: count) { scratch throws(SystemCallError) in
            var done: Int64 = 0
            while done < count {
                let size = Swift.min(Int64(scratch.count), count - done)
                // Towards the start: front to back; towards the end: back to front.
                let offset = target < source ? done : count - done - size
                let part = UnsafeMutableRawBufferPointer(rebasing: scratch[..<Int(size)])
                try file.read(into: part, at: source + offset)
                try file.write(UnsafeRawBufferPointer(part), at: target + offset)
                done += size
            }
        }
    }

    /// Calls `body` with a buffer of the limit's size (at most `needed` bytes).
    private func withScratch(for needed: Int64,
                             _ body: (UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Void) throws(SystemCallError) {
        let size = Int(Swift.max(1, Swift.min(needed, Int64(limit))))
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { scratch.deallocate() }
        try body(scratch)
    }
}
