import SystemSeam

// Reading back the records of a staged batch, which no reader sees until it is committed: an
// import checks a new event's id against the events it staged before (FORMAT.md, "Staged batches").
extension LogWriter {
    /// The payloads of the staged records at `positions` (ascending), read back from the
    /// segment (or, for the last one staged, from memory); nil for a position the staged batch
    /// does not hold. Reads each stretch of the segment once: the positions are found from the
    /// sparse index's entry before them, scanning frames forward.
    /// - Throws: ``LogError`` `.io` when the segment cannot be read, `.corruptRecord` when a
    ///   frame read back is not the one written, `.writerClosed`.
    /// - Complexity: one read of at most ``SparseIndex/interval`` bytes (plus the payload) per
    ///   position, fewer when positions lie close together.
    package func stagedPayloads(at positions: [UInt64]) throws(LogError) -> [[UInt8]?] {
        try checkUsable()
        guard let batch = staged else { return positions.map { _ in nil } }
        var window = StagedWindow()
        var result: [[UInt8]?] = []
        result.reserveCapacity(positions.count)
        for position in positions {
            guard position >= batch.firstPosition, position <= batch.nextPosition else {
                result.append(nil)
                continue
            }
            if position == batch.nextPosition {
                result.append(batch.heldBack)
                continue
            }
            result.append(try stagedPayload(at: position, window: &window))
        }
        return result
    }

    /// The payload of the written staged record at `position`, scanning from the window's frame
    /// when it stands at or before `position` past the sparse index's entry, else from the entry.
    private func stagedPayload(at position: UInt64, window: inout StagedWindow) throws(LogError) -> [UInt8] {
        let entry = segment.index.entry(atOrBefore: position)
            ?? SparseIndex.Entry(position: segment.base, offset: Int64(SegmentHeader.size))
        if !(window.framePosition >= entry.position && window.framePosition <= position && window.frameOffset >= entry.offset) {
            window.framePosition = entry.position
            window.frameOffset = entry.offset
        }
        while true {
            let header = try window.bytes(at: window.frameOffset, count: RecordFrame.headerSize, limit: segment.dataEnd,
                                          reading: readSegment)
            let length = Int(UInt32(littleEndian: header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self) }))
            let frame = try window.bytes(at: window.frameOffset, count: RecordFrame.headerSize + length, limit: segment.dataEnd,
                                         reading: readSegment)
            let decoded = frame.withUnsafeBytes { RecordFrame.decode($0, expecting: window.framePosition) }
            guard case .record = decoded else {
                throw LogError(.corruptRecord, "a staged record read back at offset \(window.frameOffset) is not the one written",
                               directory: directory, position: window.framePosition)
            }
            if window.framePosition == position { return Array(frame.dropFirst(RecordFrame.headerSize)) }
            window.frameOffset += Int64(frame.count)
            window.framePosition += 1
        }
    }

    /// Reads `count` bytes of the active segment at `offset`.
    private func readSegment(at offset: Int64, count: Int) throws(LogError) -> [UInt8] {
        let fd = segment.fd, path = directory + "/" + segment.name, fileSystem = self.fileSystem
        return try LogError.mapping("reading back a staged batch", directory: directory, segment: segment.name) { () throws(SystemCallError) in
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { raw in
                Result { () throws(SystemCallError) in try fileSystem.readFully(fd, into: raw, at: offset, path: path) }
            }
            bytes.removeLast(count - (try read.get()))
            return bytes
        }
    }
}

/// A stretch of the active segment read into memory while staged records are read back, and
/// the frame a scan stands at.
private struct StagedWindow {
    /// The offset of ``buffer``'s first byte.
    var start: Int64 = 0
    /// The bytes read.
    var buffer: [UInt8] = []
    /// The position of the frame the scan stands at.
    var framePosition: UInt64 = 0
    /// That frame's offset.
    var frameOffset: Int64 = 0

    /// `count` bytes at `offset` (below `limit`, the end of the written records), reading a new
    /// stretch of at least ``SparseIndex/interval`` bytes when the window does not hold them.
    /// - Throws: ``LogError`` `.corruptRecord` when they lie past `limit`; what `read` throws.
    mutating func bytes(at offset: Int64, count: Int, limit: Int64,
                        reading read: (Int64, Int) throws(LogError) -> [UInt8]) throws(LogError) -> ArraySlice<UInt8> {
        guard offset + Int64(count) <= limit else {
            throw LogError(.corruptRecord, "a staged frame at offset \(offset) runs past the written records")
        }
        if offset < start || offset + Int64(count) > start + Int64(buffer.count) {
            start = offset
            buffer = try read(offset, Int(min(limit - offset, max(Int64(count), 2 * SparseIndex.interval))))
            guard buffer.count >= count else {
                throw LogError(.corruptRecord, "a staged frame at offset \(offset) runs past the end of the segment file")
            }
        }
        let from = Int(offset - start)
        return buffer[from..<(from + count)]
    }
}
