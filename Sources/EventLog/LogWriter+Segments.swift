import SystemSeam
extension LogWriter {
    /// Seals the active segment (staged records written and synced, zero-filled space cut
    /// off, index written, seal written and synced) and starts a new one at the next
    /// position. The new segment's creation syncs the directory, so a segment is never
    /// followed by another before its seal is durable.
    func roll() throws(LogError) {
        try writeAndSyncPending()
        publish()
        resumeWaiters(.success(()))
        try trimPreallocation()
        try SegmentFiles.writeIndex(segment.index, name: SegmentName.index(base: segment.base),
                                    directory: directory, fileSystem: fileSystem)
        try SegmentFiles.writeSeal(segment.seal(nextPosition: nextPosition), directory: directory, fileSystem: fileSystem)
        let base = nextPosition
        let fd = try SegmentFiles.create(base: base, directory: directory, fileSystem: fileSystem)
        fileSystem.close(segment.fd)
        segment = ActiveSegment(base: base, fd: fd, name: SegmentName.segment(base: base),
                                dataEnd: Int64(SegmentHeader.size), allocatedEnd: Int64(SegmentHeader.size),
                                index: SparseIndex(basePosition: base),
                                checksum: SegmentHeader(basePosition: base).encoded().withUnsafeBytes { CRC32C.extend(0, $0) })
    }

    /// Cuts the zero-filled space after the last record and syncs the new length.
    func trimPreallocation() throws(LogError) {
        guard segment.allocatedEnd > segment.dataEnd else { return }
        let path = directory + "/" + segment.name
        try LogError.mapping("trimming", directory: directory, segment: segment.name) { () throws(SystemCallError) in
            try fileSystem.truncate(segment.fd, segment.dataEnd, path)
            try fileSystem.sync(segment.fd, .full, path)
        }
        segment.allocatedEnd = segment.dataEnd
    }
}
