import SystemSeam
/// Where and why a segment scan stopped.
package struct ScanEnd: Equatable, Sendable {
    /// Why the scan stopped.
    package enum Reason: Equatable, Sendable {
        /// The file ended exactly after a whole record (or the header).
        case endOfFile
        /// The requested last position was reached.
        case limitReached
        /// The body asked to stop.
        case stoppedByBody
        /// A frame runs past the end of the file (a torn write, or a write in progress).
        case truncated
        /// The bytes at ``offset`` are not the expected record: the reason.
        case invalid(String)
    }

    /// Why the scan stopped.
    package var reason: Reason
    /// The byte offset just after the last valid record read (where the next would start).
    package var offset: Int64
    /// The position the next record would have.
    package var nextPosition: UInt64
    /// The offset just after the last valid record flagged end-of-batch (the header's end
    /// when there is none), and that record's position (base - 1 when none).
    package var batchEndOffset: Int64
    /// See ``batchEndOffset``.
    package var batchEndPosition: UInt64
}

/// One valid record met by a scan.
package struct ScannedRecord {
    /// Its position.
    package var position: UInt64
    /// Its flags (bit 0: end of batch).
    package var flags: UInt32
    /// The offset of its frame in the segment file.
    package var offset: Int64
    /// Its payload, valid only during the callback.
    package var payload: UnsafeRawBufferPointer
}

/// Reads a segment file's frames in large chunks through the ``FileSystem`` seam, checking
/// every checksum and position, and stopping at the first byte that is not a valid record.
package enum SegmentScanner {
    /// Scans `fd` (of length `fileSize`) from `offset`, where the record `position` is
    /// expected, through `lastPosition` at most, calling `body` for each valid record
    /// (return false to stop).
    /// - Throws: ``SystemCallError`` from reads, or what `body` throws.
    /// - Complexity: O(bytes scanned); one read per buffer-full.
    package static func scan(fd: Int32, path: String, fileSize: Int64, from offset: Int64,
                             expecting position: UInt64, through lastPosition: UInt64 = .max,
                             buffer: ReadBuffer, fileSystem: FileSystem,
                             _ body: (ScannedRecord) throws -> Bool) throws -> ScanEnd {
        var position = position
        var bufferStart = offset      // file offset of buffer[0]
        var filled = 0                // valid bytes in the buffer
        var cursor = 0                // next frame's index in the buffer
        var end = ScanEnd(reason: .endOfFile, offset: offset, nextPosition: position,
                          batchEndOffset: offset, batchEndPosition: position &- 1)
        func stop(_ reason: ScanEnd.Reason) -> ScanEnd {
            end.reason = reason
            end.offset = bufferStart + Int64(cursor)
            end.nextPosition = position
            return end
        }
        var group = FrameGroup()
        while true {
            let region = UnsafeRawBufferPointer(start: buffer.pointer, count: filled)
            if let reason = try scanRegion(region, at: bufferStart, cursor: &cursor, position: &position,
                                           through: lastPosition, end: &end, group: &group, body) {
                return stop(reason)
            }
            // The next frame is not whole in the buffer.
            let frameStart = bufferStart + Int64(cursor)
            if frameStart >= fileSize { return stop(.endOfFile) }
            var needed = RecordFrame.headerSize
            if filled - cursor >= RecordFrame.headerSize {
                let length = UInt32(littleEndian: (buffer.pointer + cursor).loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                needed += Int(length)
            }
            if frameStart + Int64(needed) > fileSize { return stop(.truncated) }
            // Keep the partial frame, move it to the front, and read more after it.
            let partial = filled - cursor
            if cursor > 0 && partial > 0 { buffer.pointer.copyMemory(from: buffer.pointer + cursor, byteCount: partial) }
            bufferStart = frameStart
            filled = partial
            cursor = 0
            buffer.reserve(needed, keeping: partial)
            let want = Int(min(Int64(buffer.capacity - filled), fileSize - (bufferStart + Int64(filled))))
            let got = try fileSystem.readFully(
                fd, into: UnsafeMutableRawBufferPointer(start: buffer.pointer + filled, count: want),
                at: bufferStart + Int64(filled), path: path)
            if got == 0 { return stop(.truncated) }
            filled += got
        }
    }

    /// Looks for any valid record with a position in `positions` at any byte offset in
    /// `offset ..< fileSize`: after an invalid frame, finding one means damage in the middle
    /// (records follow), not a torn tail.
    /// - Returns: the first such record's offset, or nil.
    /// - Throws: ``SystemCallError`` from reads.
    /// - Complexity: O(bytes searched); used only on a damaged or torn tail.
    package static func findValidFrame(fd: Int32, path: String, fileSize: Int64, after offset: Int64,
                                       positions: ClosedRange<UInt64>, buffer: ReadBuffer,
                                       fileSystem: FileSystem) throws(SystemCallError) -> Int64? {
        var chunkStart = offset + 1
        let overlap = RecordFrame.headerSize
        while chunkStart + Int64(RecordFrame.headerSize) <= fileSize {
            let want = Int(min(Int64(buffer.capacity), fileSize - chunkStart))
            let got = try fileSystem.readFully(fd, into: UnsafeMutableRawBufferPointer(start: buffer.pointer, count: want),
                                               at: chunkStart, path: path)
            guard got >= RecordFrame.headerSize else { return nil }
            for index in 0...(got - RecordFrame.headerSize) {
                let found = UInt64(littleEndian: (buffer.pointer + index).loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                guard positions.contains(found) else { continue }
                // The frame may extend beyond this chunk: read it whole to check it.
                let length = Int(UInt32(littleEndian: (buffer.pointer + index).loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
                let frameOffset = chunkStart + Int64(index)
                guard length <= RecordFrame.maxPayload,
                      frameOffset + Int64(RecordFrame.headerSize + length) <= fileSize else { continue }
                var frame = [UInt8](repeating: 0, count: RecordFrame.headerSize + length)
                let valid = frame.withUnsafeMutableBytes { raw in
                    Result { () throws(SystemCallError) -> Bool in
                        let n = try fileSystem.readFully(fd, into: raw, at: frameOffset, path: path)
                        return n == raw.count && RecordFrame.isValidFrame(UnsafeRawBufferPointer(raw), positions: positions)
                    }
                }
                if try valid.get() { return frameOffset }
            }
            if got < want || chunkStart + Int64(got) >= fileSize { return nil }
            chunkStart += Int64(got - overlap)
        }
        return nil
    }
}
