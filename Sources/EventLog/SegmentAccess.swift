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
    /// The segment at this base is read through the buffer; `sealed` when a later segment
    /// existed as the read entered it (and the file system could not map it). For a last
    /// segment, `completeThrough` is the last position of its complete batches as a look ahead
    /// found them with no damage (nil before the first look): records up to there were checked
    /// and their batches ended, so a later read of them needs no second look (see
    /// ``LogReader/completeBatches(from:name:buffer:)``); should the file no longer hold them
    /// (a writer cut a batch it never acknowledged), the read forgets this and looks again.
    case buffered(base: UInt64, sealed: Bool, completeThrough: UInt64? = nil)

    /// The base of the segment the choice was made for (nil when undecided).
    var base: UInt64? {
        switch self {
        case .undecided: nil
        case .mapped(let mapping): mapping.base
        case .buffered(let base, _, _): base
        }
    }

    /// True when the segment read through the buffer was the last one as the read entered it
    /// (it may hold an incomplete batch, which a directory reader never hands out).
    var isLastBuffered: Bool {
        if case .buffered(_, let sealed, _) = self { !sealed } else { false }
    }

    /// For a last segment read through the buffer: how far its batches were found complete
    /// (see ``buffered(base:sealed:completeThrough:)``).
    var completeThrough: UInt64? {
        if case .buffered(_, false, let position) = self { position } else { nil }
    }

    /// Remembers, for a last segment read through the buffer, that its batches are complete
    /// through `position` (a look ahead found no damage); nothing for any other access.
    mutating func remember(completeThrough position: UInt64) {
        if case .buffered(let base, false, _) = self { self = .buffered(base: base, sealed: false, completeThrough: position) }
    }

    /// Forgets how far a last segment's batches were found complete (the next read looks again).
    mutating func forgetCompleteThrough() {
        if case .buffered(let base, false, _) = self { self = .buffered(base: base, sealed: false) }
    }

    /// The mapping, when the segment is mapped.
    var mapping: SegmentMapping? {
        if case .mapped(let mapping) = self { mapping } else { nil }
    }
}
