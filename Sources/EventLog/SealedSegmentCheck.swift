import SystemSeam
/// Checks one sealed segment (any but the last) at writer open, without writing anything:
/// by its seal when that matches (one checksum pass over the file), else record by record.
struct SealedSegmentCheck {
    let directory: String
    let fileSystem: FileSystem

    /// How a segment's bytes were found intact.
    enum Method: Equatable, Sendable {
        /// One CRC32C pass over the whole file matched its seal.
        case seal
        /// Every record's checksum and position was checked.
        case records
    }

    /// What checking found, and the cache files to write once every segment is known good.
    struct Outcome: Sendable {
        /// The position after the segment's last record.
        var nextPosition: UInt64
        var method: Method
        /// The index to write: nil when the index file is already right.
        var index: SparseIndex?
        /// The seal to write: nil when the seal file is already right.
        var seal: SegmentSeal?

        /// Writes the index and seal that were missing, damaged or stale.
        /// - Throws: ``LogError`` `.io`.
        func write(directory: String, fileSystem: FileSystem) throws(LogError) {
            if let index {
                try SegmentFiles.writeIndex(index, name: SegmentName.index(base: index.basePosition),
                                            directory: directory, fileSystem: fileSystem)
            }
            if let seal { try SegmentFiles.writeSeal(seal, directory: directory, fileSystem: fileSystem) }
        }
    }

    /// Checks segment `base` whole.
    /// - Throws: ``LogError`` `.corruptRecord` naming the first damaged record (segment,
    ///   offset, position) or `.corruptSegment` for a damaged header; `.io`.
    /// - Complexity: one read of the file; a second only when its seal is missing or does
    ///   not match.
    func check(base: UInt64) throws(LogError) -> Outcome {
        let name = SegmentName.segment(base: base)
        let path = directory + "/" + name
        let fd: Int32
        do { fd = try fileSystem.open(path, .readOnly) } catch { throw .io(error, doing: "opening", directory: directory, segment: name) }
        defer { fileSystem.close(fd) }
        let size = try LogError.mapping("reading the size", directory: directory, segment: name) { () throws(SystemCallError) in
            try fileSystem.size(fd, path)
        }
        try SegmentFiles.checkHeader(fd: fd, base: base, name: name, directory: directory, fileSystem: fileSystem)
        let buffer = ReadBuffer()
        let storedIndex = SegmentFiles.loadIndex(base: base, directory: directory, fileSystem: fileSystem)
        let seal = SegmentFiles.loadSeal(base: base, directory: directory, fileSystem: fileSystem)
        var sealMatches = false
        if let seal, seal.length == size {
            let probes = storedIndex.flatMap { Self.probes(of: $0, length: size) }
            let digest = try LogError.mapping("checking the seal", directory: directory, segment: name) { () throws(SystemCallError) in
                try SegmentDigest.checksum(fd: fd, path: path, range: 0..<size, probes: probes ?? [], buffer: buffer,
                                           fileSystem: fileSystem)
            }
            sealMatches = digest.checksum == seal.checksum
            if sealMatches, let storedIndex, probes != nil, digest.probed == storedIndex.entries.map(\.position),
               try Self.confirmsEnd(of: seal, index: storedIndex, fd: fd, name: name, directory: directory,
                                    buffer: buffer, fileSystem: fileSystem) {
                return Outcome(nextPosition: seal.nextPosition, method: .seal, index: nil, seal: nil)
            }
        }
        // No usable seal (or an index to rebuild): every record, which names any damage.
        let scan = try RecordCheck(directory: directory, fileSystem: fileSystem, buffer: buffer)
            .scan(fd: fd, base: base, name: name, size: size, from: Int64(SegmentHeader.size), expecting: base,
                  index: SparseIndex(basePosition: base))
        guard scan.end.reason == .endOfFile, scan.end.batchEndOffset == size else {
            throw RecordCheck.damage(scan.end, name: name, directory: directory, detail: "a sealed segment")
        }
        var outcome = Outcome(nextPosition: scan.end.nextPosition, method: .records,
                              index: storedIndex == scan.index ? nil : scan.index, seal: nil)
        if !(sealMatches && seal?.nextPosition == scan.end.nextPosition) {
            let digest = try LogError.mapping("sealing", directory: directory, segment: name) { () throws(SystemCallError) in
                try SegmentDigest.checksum(fd: fd, path: path, range: 0..<size, buffer: buffer, fileSystem: fileSystem)
            }
            outcome.seal = SegmentSeal(basePosition: base, length: size, nextPosition: scan.end.nextPosition,
                                       checksum: digest.checksum)
        }
        return outcome
    }

    /// True when the records from the index's last entry end exactly at the seal's length
    /// with a whole batch whose last position is the one before the seal's next position:
    /// a cheap cross-check (at most one index interval read) that the seal describes this
    /// segment, beyond the checksum matching.
    /// - Throws: ``LogError`` `.io` when a read fails.
    static func confirmsEnd(of seal: SegmentSeal, index: SparseIndex, fd: Int32, name: String, directory: String,
                            buffer: ReadBuffer, fileSystem: FileSystem) throws(LogError) -> Bool {
        guard seal.nextPosition > seal.basePosition else { return seal.length == Int64(SegmentHeader.size) }
        let entry = index.entry(atOrBefore: seal.nextPosition - 1)
            ?? SparseIndex.Entry(position: seal.basePosition, offset: Int64(SegmentHeader.size))
        guard entry.offset < seal.length else { return false }
        let scan = try RecordCheck(directory: directory, fileSystem: fileSystem, buffer: buffer)
            .scan(fd: fd, base: seal.basePosition, name: name, size: seal.length, from: entry.offset,
                  expecting: entry.position, index: SparseIndex(basePosition: seal.basePosition))
        return scan.end.reason == .endOfFile && scan.end.batchEndOffset == seal.length
            && scan.end.nextPosition == seal.nextPosition
    }

    /// The offsets of `index`'s entries to check against the segment's bytes, or nil when
    /// the index cannot describe a segment prefix of `length` bytes.
    static func probes(of index: SparseIndex, length: Int64) -> [Int64]? {
        guard index.coveredLength == length,
              index.entries.allSatisfy({ $0.offset >= Int64(SegmentHeader.size) && $0.offset + Int64(RecordFrame.headerSize) <= length })
        else { return nil }
        return index.entries.map(\.offset)
    }
}
