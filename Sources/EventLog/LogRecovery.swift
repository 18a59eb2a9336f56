/// The writable end of a log after recovery: the last segment, open for writing, cut back
/// to its last complete batch.
package struct RecoveredTail {
    /// The last segment's base position.
    package var base: UInt64
    /// Its descriptor, open read-write.
    package var fd: Int32
    /// The offset just after its last record (its length after any cut).
    package var dataEnd: Int64
    /// The position the next append gets.
    package var nextPosition: UInt64
    /// Its sparse index so far.
    package var index: SparseIndex
}

/// Opening a log for writing: checks every segment, rebuilds missing or stale indexes,
/// cuts a torn tail (an incomplete last batch) off the last segment, and refuses damage
/// anywhere else with an error naming the segment, offset and position.
package struct LogRecovery {
    let directory: String
    let fileSystem: FileSystem
    let buffer = ReadBuffer()

    /// Recovery of the log in `directory` through `fileSystem`.
    package init(directory: String, fileSystem: FileSystem) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Recovers the log, creating its first segment if there is none.
    /// - Throws: ``LogError`` `.corruptRecord`, `.corruptSegment` or `.missingSegment` for
    ///   damage outside the torn tail; `.io` when a system call fails.
    /// - Complexity: reads every segment once.
    package func recover() throws(LogError) -> RecoveredTail {
        let names: [String]
        do { names = try fileSystem.list(directory) } catch { throw .io(error, doing: "listing the log", directory: directory) }
        for name in names where name.hasSuffix(SegmentName.temporarySuffix) {
            do { try fileSystem.remove(path(name)) } catch { throw .io(error, doing: "removing \(name)", directory: directory) }
        }
        let bases = SegmentName.segmentBases(in: names)
        guard let lastBase = bases.last else {
            let fd = try createSegment(base: 1)
            return RecoveredTail(base: 1, fd: fd, dataEnd: Int64(SegmentHeader.size), nextPosition: 1,
                                 index: SparseIndex(basePosition: 1))
        }
        var expected: UInt64 = 1
        for base in bases.dropLast() {
            guard base == expected else { throw missing(expected: expected, found: base) }
            expected = try checkSealed(base: base)
        }
        guard lastBase == expected else { throw missing(expected: expected, found: lastBase) }
        return try recoverLast(base: lastBase)
    }

    private func missing(expected: UInt64, found: UInt64) -> LogError {
        LogError(.missingSegment,
                 "the segment holding position \(expected) is missing (the next segment starts at \(found)); restore it from a backup",
                 directory: directory, segment: SegmentName.segment(base: found), position: expected)
    }

    /// Checks a sealed segment whole; returns the position after its last record.
    private func checkSealed(base: UInt64) throws(LogError) -> UInt64 {
        let name = SegmentName.segment(base: base)
        let fd: Int32
        do { fd = try fileSystem.open(path(name), .readOnly) } catch { throw .io(error, doing: "opening", directory: directory, segment: name) }
        defer { fileSystem.close(fd) }
        let (end, index, size) = try scanWhole(fd: fd, base: base, name: name)
        guard end.reason == .endOfFile, end.batchEndOffset == size else {
            throw damage(end, name: name, detail: "a sealed segment")
        }
        try refreshIndex(index, name: SegmentName.index(base: base))
        return end.nextPosition
    }

    /// Recovers the last segment, cutting a torn tail.
    private func recoverLast(base: UInt64) throws(LogError) -> RecoveredTail {
        let name = SegmentName.segment(base: base)
        let fd: Int32
        do { fd = try fileSystem.open(path(name), .readWrite) } catch { throw .io(error, doing: "opening", directory: directory, segment: name) }
        do {
            let size = try fileSize(fd, name)
            if size < Int64(SegmentHeader.size) {
                // Shorter than a header: it never held a record. Write its header again.
                fileSystem.close(fd)
                try? fileSystem.remove(path(name))
                let fresh = try createSegment(base: base)
                return RecoveredTail(base: base, fd: fresh, dataEnd: Int64(SegmentHeader.size), nextPosition: base,
                                     index: SparseIndex(basePosition: base))
            }
            var (end, index, _) = try scanWhole(fd: fd, base: base, name: name)
            if end.reason != .endOfFile {
                // A valid record after the stop means damage in the middle, not a torn tail.
                let follows = try LogError.mapping("searching the tail", directory: directory, segment: name) { () throws(SystemCallError) in
                    try SegmentScanner.findValidFrame(
                        fd: fd, path: path(name), fileSize: size, after: end.offset,
                        positions: end.nextPosition...(end.nextPosition &+ (1 << 40)), buffer: buffer, fileSystem: fileSystem)
                }
                if follows != nil { throw damage(end, name: name, detail: "the last segment (valid records follow it)") }
            }
            if end.batchEndOffset < size {
                try LogError.mapping("cutting the torn tail", directory: directory, segment: name) { () throws(SystemCallError) in
                    try fileSystem.truncate(fd, end.batchEndOffset, path(name))
                    try fileSystem.sync(fd, .data, path(name))
                }
            }
            index.dropEntries(from: end.batchEndOffset)
            index.coveredLength = end.batchEndOffset
            return RecoveredTail(base: base, fd: fd, dataEnd: end.batchEndOffset,
                                 nextPosition: end.batchEndPosition + 1, index: index)
        } catch let error as LogError {
            fileSystem.close(fd)
            throw error
        } catch {
            fileSystem.close(fd)
            throw LogError(.io, "recovery failed: \(error)", directory: directory, segment: name)
        }
    }

    private func fileSize(_ fd: Int32, _ name: String) throws(LogError) -> Int64 {
        do { return try fileSystem.size(fd, path(name)) } catch { throw .io(error, doing: "reading the size", directory: directory, segment: name) }
    }

    /// Checks the header and scans every record of a segment, building its index.
    private func scanWhole(fd: Int32, base: UInt64, name: String) throws(LogError) -> (ScanEnd, SparseIndex, Int64) {
        let size = try fileSize(fd, name)
        try SegmentFiles.checkHeader(fd: fd, base: base, name: name, directory: directory, fileSystem: fileSystem)
        var index = SparseIndex(basePosition: base)
        do {
            let end = try SegmentScanner.scan(
                fd: fd, path: path(name), fileSize: size, from: Int64(SegmentHeader.size), expecting: base,
                buffer: buffer, fileSystem: fileSystem) { record in
                    index.note(position: record.position, offset: record.offset)
                    return true
                }
            index.coveredLength = end.offset
            return (end, index, size)
        } catch let error as SystemCallError {
            throw .io(error, doing: "reading", directory: directory, segment: name)
        } catch {
            throw LogError(.io, "reading failed: \(error)", directory: directory, segment: name)
        }
    }

    private func damage(_ end: ScanEnd, name: String, detail: String) -> LogError {
        let why: String
        switch end.reason {
        case .invalid(let reason): why = reason
        case .truncated: why = "the record runs past the end of the file"
        default: why = "the segment does not end with a complete batch"
        }
        return LogError(.corruptRecord,
                        "damaged record in \(detail): \(why). Run verify to list all damage, then restore the segment from a backup",
                        directory: directory, segment: name, offset: end.offset, position: end.nextPosition)
    }

    /// Rewrites the index file unless it matches `index` exactly.
    private func refreshIndex(_ index: SparseIndex, name: String) throws(LogError) {
        if let bytes = try? fileSystem.readFile(path(name)), SparseIndex.decode(bytes) == index { return }
        try SegmentFiles.writeIndex(index, name: name, directory: directory, fileSystem: fileSystem)
    }

    /// Creates a segment: header written to a temporary file, synced, renamed into place,
    /// directory synced. Returns its descriptor, open read-write.
    package func createSegment(base: UInt64) throws(LogError) -> Int32 {
        try SegmentFiles.create(base: base, directory: directory, fileSystem: fileSystem)
    }
}

extension SparseIndex {
    /// Removes entries at or after `offset` (records cut off).
    package mutating func dropEntries(from offset: Int64) {
        var kept = SparseIndex(basePosition: basePosition)
        for entry in entries where entry.offset < offset { kept.note(position: entry.position, offset: entry.offset) }
        kept.coveredLength = min(coveredLength, offset)
        self = kept
    }
}
