import SystemSeam
/// The per-record check of a segment at writer open: every frame's checksum and position,
/// building the segment's sparse index on the way. Used where no seal vouches for the
/// bytes, and to name the damaged record when a seal does not match.
struct RecordCheck {
    let directory: String
    let fileSystem: FileSystem
    let buffer: ReadBuffer

    /// Where the scan stopped, and the index of the records it read.
    struct Scan {
        var end: ScanEnd
        var index: SparseIndex
    }

    /// Scans segment `name` (open as `fd`, `size` bytes long) from `offset`, where record
    /// `position` is expected, adding to `index`.
    /// - Throws: ``LogError`` `.io` when a read fails.
    /// - Complexity: O(bytes from `offset` to the first invalid record or the end).
    func scan(fd: Int32, base: UInt64, name: String, size: Int64, from offset: Int64, expecting position: UInt64,
              index: SparseIndex) throws(LogError) -> Scan {
        var index = index
        do {
            let end = try SegmentScanner.scan(
                fd: fd, path: directory + "/" + name, fileSize: size, from: offset, expecting: position,
                buffer: buffer, fileSystem: fileSystem) { record in
                    index.note(position: record.position, offset: record.offset)
                    return true
                }
            index.coveredLength = end.offset
            return Scan(end: end, index: index)
        } catch let error as SystemCallError {
            throw .io(error, doing: "reading", directory: directory, segment: name)
        } catch {
            throw LogError(.io, "reading failed: \(error)", directory: directory, segment: name)
        }
    }

    /// The error for damage where a scan stopped: segment, offset and the position expected.
    static func damage(_ end: ScanEnd, name: String, directory: String, detail: String) -> LogError {
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
}
