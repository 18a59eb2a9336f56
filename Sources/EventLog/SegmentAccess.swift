/// How a reader reads the segment it is in, kept between consecutive reads of that segment so
/// the choice is made once per segment, not once per read: through a mapping (a sealed
/// segment), or through the read buffer (the segment was the last one when the reader entered
/// it). A buffered segment stays buffered for as long as the reader is in it, even if the writer
/// rolls meanwhile: reading a sealed segment through the buffer is correct, only slower, and the
/// choice spares every live read of the active segment a directory listing.
enum SegmentAccess {
    /// No choice made yet.
    case undecided
    /// The segment is sealed and mapped.
    case mapped(SegmentMapping)
    /// The segment at this base is read through the buffer.
    case buffered(base: UInt64)

    /// The base of the segment the choice was made for (nil when undecided).
    var base: UInt64? {
        switch self {
        case .undecided: nil
        case .mapped(let mapping): mapping.base
        case .buffered(let base): base
        }
    }

    /// The mapping, when the segment is mapped.
    var mapping: SegmentMapping? {
        if case .mapped(let mapping) = self { mapping } else { nil }
    }
}
