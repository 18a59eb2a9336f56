import SystemSeam
extension LogReader {
    /// A cursor at the record `position` (or at the segment start before it when the index
    /// gives no closer entry), or nil when the log has no segment.
    /// - Throws: ``LogError`` `.io`, `.corruptSegment`.
    func seek(to position: UInt64, buffer: ReadBuffer) throws(LogError) -> ReadCursor? {
        let bases = try segmentBases()
        guard let first = bases.first else { return nil }
        let base = bases.last(where: { $0 <= position }) ?? first
        var cursor = ReadCursor(segmentBase: base, offset: Int64(SegmentHeader.size), position: base)
        // A sealed segment's entry is in its index file; the writer's active segment has none
        // (or one from before it was reopened), so a writer's reader also asks the tail.
        let stored = position > base
            ? SegmentFiles.loadIndex(base: base, directory: directory, fileSystem: fileSystem)?.entry(atOrBefore: position) : nil
        let published = position > base ? tail?.activeEntry(atOrBefore: position, inSegmentAt: base) : nil
        guard let entry = [stored, published].compactMap({ $0 }).max(by: { $0.position < $1.position }) else { return cursor }
        // Never trust the index: the entry must point at a valid frame of that position.
        let name = SegmentName.segment(base: base)
        let valid = try LogError.mapping("reading", directory: directory, segment: name) { () throws(SystemCallError) -> Bool in
            let fd = try fileSystem.open(directory + "/" + name, .readOnly)
            defer { fileSystem.close(fd) }
            let size = try fileSystem.size(fd, directory + "/" + name)
            let end = try? SegmentScanner.scan(fd: fd, path: directory + "/" + name, fileSize: size, from: entry.offset,
                                               expecting: entry.position, through: entry.position, buffer: buffer,
                                               fileSystem: fileSystem) { _ in true }
            return end?.reason == .limitReached
        }
        if valid { cursor = ReadCursor(segmentBase: base, offset: entry.offset, position: entry.position) }
        return cursor
    }

    /// Reads records from `cursor` through `lastPosition` (bounded by the writer's
    /// published tail for a writer's reader), moving the cursor past each; `body` returns
    /// false to stop. Follows into later segments, listing the directory again when the
    /// last one ends (the writer may have rolled). Sealed segments are read through a
    /// ``SegmentMapping``, the last one through `buffer`; the choice is made when the read
    /// enters a segment and kept in `access` for the next call (see ``SegmentAccess``).
    ///
    /// A directory reader (no writer's tail) reads a segment it reads through the buffer only
    /// up to the end of its last complete batch (``completeBatches(from:name:buffer:)``), so it
    /// never hands out a batch that was never completed, and damage there is an error, never
    /// the silent end of the log.
    /// - Returns: false when `body` stopped the read.
    /// - Throws: ``LogError`` for damage and I/O failures, or what `body` throws.
    func read(from cursor: inout ReadCursor, through lastPosition: UInt64, buffer: ReadBuffer,
              access: inout SegmentAccess, _ body: (ScannedRecord) throws -> Bool) throws -> Bool {
        let bound = min(lastPosition, tail?.lastPosition ?? .max)
        var lookedAgain = false
        while cursor.position <= bound {
            let name = SegmentName.segment(base: cursor.segmentBase)
            let path = directory + "/" + name
            if access.base != cursor.segmentBase {
                access = .undecided
                access = try segmentAccess(base: cursor.segmentBase, name: name)
            }
            let end: ScanEnd
            var complete: CompleteBatches?
            var looked = false
            if let mapped = access.mapping {
                if cursor.offset == Int64(SegmentHeader.size) {
                    try SegmentFiles.checkHeader(mapped.bytes, base: cursor.segmentBase, name: name, directory: directory)
                }
                end = try SegmentScanner.scan(mapped: mapped.bytes, from: cursor.offset, expecting: cursor.position,
                                              through: bound, release: mapped.release(before:), body)
                mapped.release(before: Int(end.offset))
            } else if tail == nil && access.isLastBuffered {
                // Records a look ahead already found in complete batches need no second look:
                // consecutive reads of a long last segment stay linear, not quadratic.
                let batches: CompleteBatches
                if let known = access.completeThrough, cursor.position <= known {
                    batches = CompleteBatches(lastPosition: known, endsTheFile: false)
                    looked = false
                } else {
                    batches = try completeBatches(from: cursor, name: name, buffer: buffer)
                    looked = true
                    if batches.damage == nil { access.remember(completeThrough: batches.lastPosition) }
                }
                complete = batches
                // Damage ahead: the records before it are handed out, then the damage is thrown.
                let stop = batches.damage.map { ($0.position ?? 1) - 1 } ?? batches.lastPosition
                end = try scanBuffered(cursor, path: path, name: name, through: min(bound, stop), buffer: buffer, body)
                if end.reason != .stoppedByBody && end.nextPosition > stop, let damage = batches.damage,
                   end.nextPosition <= bound {
                    throw damage
                }
                // The look ahead found these records valid: stopping short of them is damage. When
                // the look was an earlier one's, the file may have changed since (a writer cut a
                // batch it never acknowledged): look again from here, as a new reader would.
                if end.reason != .stoppedByBody && end.nextPosition <= min(bound, stop) {
                    guard looked else {
                        access.forgetCompleteThrough()
                        cursor.offset = end.offset
                        cursor.position = end.nextPosition
                        continue
                    }
                    throw damage(end, name: name)
                }
            } else {
                end = try scanBuffered(cursor, path: path, name: name, through: bound, buffer: buffer, body)
            }
            cursor.offset = end.offset
            cursor.position = end.nextPosition
            if let complete {
                if end.reason == .stoppedByBody { return false }
                if cursor.position > bound { return true }
                // The batches known complete were handed out: look again from here (the file
                // may have grown, or end here).
                if !looked { continue }
                // Every complete batch of the segment was handed out: on to the next segment, if any.
                guard let next = try segmentBases().first(where: { $0 > cursor.segmentBase }) else { return true }
                guard complete.endsTheFile else {
                    // The writer may have completed the batch and rolled since the look: look once more.
                    if !lookedAgain { lookedAgain = true; continue }
                    throw LogError(.corruptRecord, "damaged record: the segment does not end with a complete batch although a later segment exists. Run verify to list all damage, then restore the segment from a backup",
                                   directory: directory, segment: name, offset: cursor.offset, position: cursor.position)
                }
                try moveToNext(&cursor, next: next)
                lookedAgain = false
                continue
            }
            switch end.reason {
            case .limitReached: return true
            case .stoppedByBody: return false
            case .endOfFile, .truncated, .invalid:
                let bases = try segmentBases()
                if let next = bases.first(where: { $0 > cursor.segmentBase }) {
                    guard end.reason == .endOfFile else { throw damage(end, name: name) }
                    try moveToNext(&cursor, next: next)
                } else if tail != nil && cursor.position <= bound {
                    // The writer published more than this segment shows: it must have rolled
                    // between our listing and our read; a second look finds the new segment.
                    if try segmentBases().last ?? 0 > cursor.segmentBase { continue }
                    throw damage(end, name: name)
                } else {
                    return true  // the end of the log
                }
            }
        }
        return true
    }

    /// Moves `cursor` to the first record of segment `next`, which must start right after it.
    /// - Throws: ``LogError`` `.missingSegment` when positions are missing between them.
    private func moveToNext(_ cursor: inout ReadCursor, next: UInt64) throws(LogError) {
        guard next == cursor.position else {
            throw LogError(.missingSegment, "the segment holding position \(cursor.position) is missing; restore it from a backup",
                           directory: directory, segment: SegmentName.segment(base: next), position: cursor.position)
        }
        cursor = ReadCursor(segmentBase: next, offset: Int64(SegmentHeader.size), position: next)
    }

    /// Scans segment `name` from `cursor` through `bound` with `pread` into `buffer`.
    /// - Throws: ``LogError`` for a damaged header and I/O failures, or what `body` throws.
    private func scanBuffered(_ cursor: ReadCursor, path: String, name: String, through bound: UInt64, buffer: ReadBuffer,
                              _ body: (ScannedRecord) throws -> Bool) throws -> ScanEnd {
        let fd = try LogError.mapping("opening", directory: directory, segment: name) { () throws(SystemCallError) in
            try fileSystem.open(path, .readOnly)
        }
        defer { fileSystem.close(fd) }
        if cursor.offset == Int64(SegmentHeader.size) {
            try SegmentFiles.checkHeader(fd: fd, base: cursor.segmentBase, name: name, directory: directory, fileSystem: fileSystem)
        }
        let size = try LogError.mapping("reading the size", directory: directory, segment: name) { () throws(SystemCallError) in
            try fileSystem.size(fd, path)
        }
        do {
            return try SegmentScanner.scan(fd: fd, path: path, fileSize: size, from: cursor.offset, expecting: cursor.position,
                                           through: bound, buffer: buffer, fileSystem: fileSystem, body)
        } catch let error as SystemCallError {
            throw LogError.io(error, doing: "reading", directory: directory, segment: name)
        }
    }

    /// How to read segment `base`: mapped when it is sealed (a later segment exists, so it never
    /// changes again) and the file system can map it; otherwise through the buffer.
    /// - Throws: ``LogError`` `.io` when the directory cannot be listed or the file opened.
    private func segmentAccess(base: UInt64, name: String) throws(LogError) -> SegmentAccess {
        guard try segmentBases().contains(where: { $0 > base }) else { return .buffered(base: base, sealed: false) }
        let path = directory + "/" + name
        let mapping = try LogError.mapping("opening", directory: directory, segment: name) { () throws(SystemCallError) -> SegmentMapping? in
            let fd = try fileSystem.open(path, .readOnly)
            defer { fileSystem.close(fd) }
            let size = try fileSystem.size(fd, path)
            return SegmentMapping(base: base, fd: fd, size: size, path: path, fileSystem: fileSystem)
        }
        return mapping.map(SegmentAccess.mapped) ?? .buffered(base: base, sealed: true)
    }

    private func damage(_ end: ScanEnd, name: String) -> LogError {
        let why = if case .invalid(let reason) = end.reason { reason } else { "the record runs past the end of the file" }
        return LogError(.corruptRecord, "damaged record: \(why). Run verify to list all damage, then restore the segment from a backup",
                        directory: directory, segment: name, offset: end.offset, position: end.nextPosition)
    }
}
