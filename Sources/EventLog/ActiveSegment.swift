/// The segment the writer appends to: its descriptor, where its records end, how far the
/// file is preallocated, and its sparse index so far.
struct ActiveSegment {
    /// Its base position.
    var base: UInt64
    /// Its descriptor, open read-write.
    var fd: Int32
    /// Its file name.
    var name: String
    /// The offset just after the last record written to the OS.
    var dataEnd: Int64
    /// The file's length: zero-filled space from ``dataEnd`` to here.
    var allocatedEnd: Int64
    /// The sparse index of its records.
    var index: SparseIndex
    /// CRC32C of its bytes `0 ..< dataEnd`, extended by every write: its seal's checksum,
    /// computed from what the writer wrote, never by reading the file back.
    var checksum: UInt32

    /// The seal of the segment as written so far, when nothing is staged: `nextPosition`
    /// follows its last record.
    func seal(nextPosition: UInt64) -> SegmentSeal {
        SegmentSeal(basePosition: base, length: dataEnd, nextPosition: nextPosition, checksum: checksum)
    }
}
