import SystemSeam
/// Recovers the last segment at writer open in two steps: ``check(base:)`` reads it and
/// decides (in parallel with the other segments' checks, changing nothing), then
/// ``finish(_:base:)`` cuts a torn tail and writes its seal once every segment is known good.
///
/// A seal written at the last clean close vouches for a prefix of the segment with one
/// checksum pass; only what follows it is checked record by record.
struct LastSegmentCheck {
    let directory: String
    let fileSystem: FileSystem

    /// What reading the last segment found.
    struct Outcome: Sendable {
        /// Its descriptor, open read-write; nil when the file is shorter than a header
        /// (it never held a record) and is to be created again.
        var fd: Int32?
        /// The file's length.
        var size: Int64 = 0
        /// Where its complete batches end: the cut point, and the last position kept.
        var batchEndOffset = Int64(SegmentHeader.size)
        var batchEndPosition: UInt64 = 0
        /// The index of the records kept.
        var index: SparseIndex
        /// CRC32C of the bytes kept (`0 ..< batchEndOffset`).
        var checksum: UInt32 = 0
        /// The length of the prefix its seal vouched for (0 when no seal matched).
        var sealedLength: Int64 = 0
        /// The seal to write after the cut: nil when the seal file already says this.
        var seal: SegmentSeal?
    }

    /// Reads segment `base` and finds where its last complete batch ends.
    /// - Throws: ``LogError`` `.corruptRecord` when a valid record follows an invalid one
    ///   (damage, not a torn write), `.corruptSegment` for a damaged header, `.io`.
    /// - Complexity: one checksum pass over the sealed prefix, then a record-by-record scan
    ///   of the rest.
    func check(base: UInt64) throws(LogError) -> Outcome {
        let name = SegmentName.segment(base: base)
        let path = directory + "/" + name
        let fd: Int32
        do { fd = try fileSystem.open(path, .readWrite) } catch { throw .io(error, doing: "opening", directory: directory, segment: name) }
        do {
            let size = try LogError.mapping("reading the size", directory: directory, segment: name) { () throws(SystemCallError) in
                try fileSystem.size(fd, path)
            }
            if size < Int64(SegmentHeader.size) {
                fileSystem.close(fd)
                return Outcome(fd: nil, index: SparseIndex(basePosition: base))
            }
            try SegmentFiles.checkHeader(fd: fd, base: base, name: name, directory: directory, fileSystem: fileSystem)
            return try read(fd: fd, base: base, name: name, size: size)
        } catch {
            fileSystem.close(fd)
            throw error
        }
    }

    private func read(fd: Int32, base: UInt64, name: String, size: Int64) throws(LogError) -> Outcome {
        let path = directory + "/" + name
        let buffer = ReadBuffer()
        let storedSeal = SegmentFiles.loadSeal(base: base, directory: directory, fileSystem: fileSystem)
        var outcome = Outcome(fd: fd, size: size, index: SparseIndex(basePosition: base))
        var start = (offset: Int64(SegmentHeader.size), position: base)
        var checksummed: Int64 = 0
        if let seal = storedSeal, seal.length <= size,
           var index = SegmentFiles.loadIndex(base: base, directory: directory, fileSystem: fileSystem),
           index.coveredLength >= seal.length {
            // The index may describe records past the prefix (written at a later close):
            // only its entries inside the prefix are used, and the scan adds the rest.
            index.dropEntries(from: seal.length - Int64(RecordFrame.headerSize) + 1)
            index.coveredLength = seal.length
            let probes = SealedSegmentCheck.probes(of: index, length: seal.length) ?? []
            let digest = try LogError.mapping("checking the seal", directory: directory, segment: name) { () throws(SystemCallError) in
                try SegmentDigest.checksum(fd: fd, path: path, range: 0..<seal.length, probes: probes, buffer: buffer,
                                           fileSystem: fileSystem)
            }
            if digest.checksum == seal.checksum && digest.probed == index.entries.map(\.position),
               try SealedSegmentCheck.confirmsEnd(of: seal, index: index, fd: fd, name: name, directory: directory,
                                                  buffer: buffer, fileSystem: fileSystem) {
                start = (seal.length, seal.nextPosition)
                checksummed = seal.length
                outcome.index = index
                outcome.checksum = seal.checksum
                outcome.sealedLength = seal.length
            }
        }
        let scan = try RecordCheck(directory: directory, fileSystem: fileSystem, buffer: buffer)
            .scan(fd: fd, base: base, name: name, size: size, from: start.offset, expecting: start.position, index: outcome.index)
        let end = scan.end
        if end.reason != .endOfFile {
            // A valid record after the stop means damage in the middle, not a torn tail.
            let judgement = try LogError.mapping("searching the tail", directory: directory, segment: name) { () throws(SystemCallError) in
                try TornTailRule.judge(end, fd: fd, path: path, fileSize: size, buffer: buffer, fileSystem: fileSystem)
            }
            if judgement == .damage {
                throw RecordCheck.damage(end, name: name, directory: directory, detail: "the last segment (valid records follow it)")
            }
        }
        // The bytes kept were just checked record by record (or by the seal): checksum them
        // for the seal that appends extend.
        let kept = try LogError.mapping("sealing", directory: directory, segment: name) { () throws(SystemCallError) in
            try SegmentDigest.checksum(fd: fd, path: path, range: checksummed..<end.batchEndOffset, extending: outcome.checksum,
                                       buffer: buffer, fileSystem: fileSystem)
        }
        outcome.checksum = kept.checksum
        outcome.batchEndOffset = end.batchEndOffset
        outcome.batchEndPosition = end.batchEndPosition
        outcome.index = scan.index
        outcome.index.dropEntries(from: end.batchEndOffset)
        outcome.index.coveredLength = end.batchEndOffset
        let seal = SegmentSeal(basePosition: base, length: end.batchEndOffset, nextPosition: end.batchEndPosition + 1,
                               checksum: outcome.checksum)
        outcome.seal = seal == storedSeal ? nil : seal
        return outcome
    }

    /// Cuts the torn tail found by ``check(base:)``, writes the seal of what is kept, and
    /// hands the segment to the writer.
    /// - Throws: ``LogError`` `.io`; the descriptor is closed on failure.
    func finish(_ outcome: Outcome, base: UInt64) throws(LogError) -> RecoveredTail {
        let name = SegmentName.segment(base: base)
        let path = directory + "/" + name
        guard let fd = outcome.fd else {
            // Shorter than a header: it never held a record. Write its header again.
            try? fileSystem.remove(path)
            try? fileSystem.remove(directory + "/" + SegmentName.seal(base: base))
            let fresh = try SegmentFiles.create(base: base, directory: directory, fileSystem: fileSystem)
            return RecoveredTail(base: base, fd: fresh, dataEnd: Int64(SegmentHeader.size), nextPosition: base,
                                 index: SparseIndex(basePosition: base),
                                 checksum: SegmentHeader(basePosition: base).encoded().withUnsafeBytes { CRC32C.extend(0, $0) },
                                 report: RecoveryReport())
        }
        do {
            if outcome.batchEndOffset < outcome.size {
                try LogError.mapping("cutting the torn tail", directory: directory, segment: name) { () throws(SystemCallError) in
                    try fileSystem.truncate(fd, outcome.batchEndOffset, path)
                    try fileSystem.sync(fd, .data, path)
                }
            }
            if let seal = outcome.seal { try SegmentFiles.writeSeal(seal, directory: directory, fileSystem: fileSystem) }
        } catch {
            fileSystem.close(fd)
            throw error
        }
        return RecoveredTail(base: base, fd: fd, dataEnd: outcome.batchEndOffset, nextPosition: outcome.batchEndPosition + 1,
                             index: outcome.index, checksum: outcome.checksum, report: RecoveryReport())
    }
}
