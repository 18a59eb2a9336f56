import SystemSeam
/// File operations on segments and their indexes shared by the writer, recovery and readers.
package enum SegmentFiles {
    /// Creates segment `base`: its header is written to a temporary file, synced, renamed
    /// into place, and the directory synced. Returns the descriptor, open read-write.
    /// - Throws: ``LogError`` `.io`.
    package static func create(base: UInt64, directory: String, fileSystem fs: FileSystem) throws(LogError) -> Int32 {
        let name = SegmentName.segment(base: base)
        let temporary = directory + "/" + name + SegmentName.temporarySuffix
        return try LogError.mapping("creating segment", directory: directory, segment: name) { () throws(SystemCallError) -> Int32 in
            let fd = try fs.open(temporary, .createTruncate)
            do throws(SystemCallError) {
                try fs.writeAll(fd, SegmentHeader(basePosition: base).encoded(), at: 0, path: temporary)
                try fs.sync(fd, .full, temporary)
                try fs.rename(temporary, directory + "/" + name)
                try fs.syncDirectory(directory)
                return fd
            } catch {
                fs.close(fd)
                throw error
            }
        }
    }

    /// Reads and checks the header of segment `base`.
    /// - Throws: ``LogError`` `.corruptSegment` when damaged, of a newer version, or of
    ///   another base; `.io` when the read fails.
    package static func checkHeader(fd: Int32, base: UInt64, name: String, directory: String,
                                    fileSystem fs: FileSystem) throws(LogError) {
        var bytes = [UInt8](repeating: 0, count: SegmentHeader.size)
        let read = bytes.withUnsafeMutableBytes { raw in
            Result { () throws(SystemCallError) in try fs.readFully(fd, into: raw, at: 0, path: directory + "/" + name) }
        }
        let got = try LogError.mapping("reading the header", directory: directory, segment: name) { () throws(SystemCallError) in try read.get() }
        let checked = bytes.withUnsafeBytes { raw in
            Result { () throws(LogError) in
                try checkHeader(UnsafeRawBufferPointer(rebasing: raw[0..<got]), base: base, name: name, directory: directory)
            }
        }
        try checked.get()
    }

    /// Checks the header at the start of `bytes` (a segment's first bytes, or all of them).
    /// - Throws: ``LogError`` `.corruptSegment` as ``checkHeader(fd:base:name:directory:fileSystem:)``.
    package static func checkHeader(_ bytes: UnsafeRawBufferPointer, base: UInt64, name: String,
                                    directory: String) throws(LogError) {
        let prefix = bytes.count > SegmentHeader.size ? UnsafeRawBufferPointer(rebasing: bytes[0..<SegmentHeader.size]) : bytes
        switch SegmentHeader.decode(prefix) {
        case .success(let header) where header.basePosition == base:
            return
        case .success(let header):
            throw LogError(.corruptSegment, "the header says base position \(header.basePosition) but the file name says \(base); restore the segment from a backup",
                           directory: directory, segment: name, offset: 0, position: base)
        case .failure(let failure):
            let why = if case .damaged(let reason) = failure { reason } else { "the file is shorter than a header" }
            throw LogError(.corruptSegment, "damaged segment header: \(why)",
                           directory: directory, segment: name, offset: 0, position: base)
        }
    }

    /// Writes an index file (temporary file and rename; not synced: it is only a cache,
    /// checked when read).
    /// - Throws: ``LogError`` `.io`.
    package static func writeIndex(_ index: SparseIndex, name: String, directory: String,
                                   fileSystem fs: FileSystem) throws(LogError) {
        let temporary = directory + "/" + name + SegmentName.temporarySuffix
        try LogError.mapping("writing index", directory: directory, segment: name) { () throws(SystemCallError) in
            let fd = try fs.open(temporary, .createTruncate)
            defer { fs.close(fd) }
            try fs.writeAll(fd, index.encoded(), at: 0, path: temporary)
            try fs.rename(temporary, directory + "/" + name)
        }
    }

    /// The index of segment `base` if its file is intact and describes that segment
    /// (its entries still have to be checked against the records).
    package static func loadIndex(base: UInt64, directory: String, fileSystem fs: FileSystem) -> SparseIndex? {
        guard let bytes = try? fs.readFile(directory + "/" + SegmentName.index(base: base)),
              let index = SparseIndex.decode(bytes), index.basePosition == base else { return nil }
        return index
    }
}
