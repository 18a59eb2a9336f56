/// Where a sequential read stands: the segment, the byte offset of the next record's
/// frame in it, and that record's position. Lets a follower resume without seeking.
package struct ReadCursor: Sendable, Equatable {
    /// The segment's base position.
    package var segmentBase: UInt64
    /// The offset of the next frame in that segment.
    package var offset: Int64
    /// The next record's position.
    package var position: UInt64
}
