/// Bytes that stay readable in place after the read that found them: a region of a buffer
/// together with the object that keeps the buffer alive (a mapped snapshot file). A decoder
/// keeps one instead of copying a large block it may never need (``BinaryReader/retaining(_:)``).
package struct RetainedBytes: @unchecked Sendable {
    // @unchecked: the owner is Sendable and the bytes are never written while it lives.

    /// What keeps the bytes alive.
    private let owner: any AnyObject & Sendable
    private let base: UnsafeRawPointer?
    /// How many bytes there are.
    package let count: Int

    /// `region`, kept alive by `owner` (which must own the memory `region` lies in).
    init(_ region: UnsafeRawBufferPointer, owner: any AnyObject & Sendable) {
        self.owner = owner
        base = region.baseAddress
        count = region.count
    }

    /// Calls `body` with the bytes (valid only during the call).
    /// - Throws: what `body` throws.
    package func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(owner) { () throws(E) -> R in try body(UnsafeRawBufferPointer(start: base, count: count)) }
    }
}

extension BinaryReader {
    /// `region` (a part of the bytes being read) kept alive in place, when the reader has an
    /// ``owner`` that keeps its buffer alive; nil otherwise (the caller then copies).
    package func retaining(_ region: UnsafeRawBufferPointer) -> RetainedBytes? {
        guard let owner, let start = region.baseAddress, let bufferStart = buffer.baseAddress,
              start >= bufferStart, start + region.count <= bufferStart + buffer.count else { return nil }
        return RetainedBytes(region, owner: owner)
    }
}

extension RetainedBytes {
    /// A copy of `region` in memory of its own, freed with the last copy of this value.
    package init(copying region: UnsafeRawBufferPointer) {
        let copy = CopiedBytes(region)
        self.init(copy.bytes, owner: copy)
    }
}

extension BinaryReader {
    /// `region` (a part of the bytes being read) kept alive in place when the reader has an
    /// ``owner`` (``retaining(_:)``), else copied.
    package func keeping(_ region: UnsafeRawBufferPointer) -> RetainedBytes {
        retaining(region) ?? RetainedBytes(copying: region)
    }
}

/// Bytes copied into memory of their own, freed with the object.
private final class CopiedBytes: @unchecked Sendable {
    // @unchecked: the bytes are written once, in init, and only read afterwards.
    let bytes: UnsafeRawBufferPointer

    init(_ region: UnsafeRawBufferPointer) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(region.count, 1), alignment: 16)
        if region.count > 0 { buffer.baseAddress!.copyMemory(from: region.baseAddress!, byteCount: region.count) }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<region.count])
    }

    deinit { UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate() }
}

/// An owner of bytes mapped from a file (a snapshot) that can let go of the pages of a region
/// the process holds resident: the bytes stay readable and fault back in from the system's
/// page cache where they are read again. A decoder that reads a large file once from start to
/// end (a checksum, then a decode) lets go of what it has read as it goes, so the process never
/// holds the whole file at once, only what its state keeps of it and what is read again.
///
/// Reads at scattered places (a restored state looking up one card, one event id) cannot let go
/// of what they read as a pass does: each touches a page or a few, and the system maps the pages
/// around it too. They note themselves instead (``noteScatteredRead()``), and the owner lets go of
/// every resident page now and then, so that lookups spread over a large file hold a few
/// megabytes of it, not every page they ever touched.
package protocol ResidentPageOwner: AnyObject, Sendable {
    /// Lets go of the whole pages of `region` (a part of the owner's bytes) that are resident.
    /// A hint: nothing read through the owner changes.
    func releaseResidentPages(of region: UnsafeRawBufferPointer)

    /// Notes one read at a scattered place of the owner's bytes, made or about to be made. A
    /// hint: the owner may let go of its resident pages (all of them, every so many reads);
    /// nothing read through it changes. Safe from any thread.
    func noteScatteredRead()
}

extension BinaryWriter {
    /// Writes `retained`'s bytes as ``writeRaw(_:)-(UnsafeRawBufferPointer)`` does, a
    /// ``RetainedBytes/releaseStride`` at a time, letting go of each stretch's resident pages
    /// once written when their owner can (``ResidentPageOwner``): copying a block kept in place
    /// in a mapped snapshot into the next snapshot holds a few megabytes of it at a time.
    package mutating func writeRaw(_ retained: RetainedBytes) {
        var start = 0
        repeat {
            let end = min(retained.count, start + RetainedBytes.releaseStride)
            retained.withUnsafeBytes { writeRaw(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            retained.releaseResidentPages(of: start..<end)
            start = end
        } while start < retained.count
    }
}

extension BinaryReader {
    /// Lets go of the resident pages of the bytes read so far, when the reader's ``owner`` can
    /// (a mapped snapshot file, ``ResidentPageOwner``); nothing otherwise. Bytes kept in place
    /// (``retaining(_:)``) stay readable: they fault back in where they are read again.
    package func releasePagesRead() {
        (owner as? any ResidentPageOwner)?.releaseResidentPages(of: UnsafeRawBufferPointer(rebasing: buffer[..<offset]))
    }
}

extension RetainedBytes {
    /// How many bytes a pass over mapped bytes (a snapshot's checksum, a decoder's check of a
    /// block it keeps in place, the copy of one into a new snapshot) reads between two hand-backs
    /// of their pages: 4 MiB.
    package static let releaseStride = 4 << 20

    /// A pass over these bytes from start to end that lets go of what it has read a
    /// ``releaseStride`` at a time (``ReleasingPass``).
    package var releasingPass: ReleasingPass { ReleasingPass(over: self) }

    /// Notes a read at a scattered place of these bytes (a lookup, not a pass) to their owner when
    /// it keeps track (``ResidentPageOwner/noteScatteredRead()``); nothing otherwise.
    package func noteScatteredRead() {
        (owner as? any ResidentPageOwner)?.noteScatteredRead()
    }

    /// Lets go of the resident pages of `range` of these bytes when their owner can
    /// (``ResidentPageOwner``); nothing otherwise. The bytes stay readable.
    package func releaseResidentPages(of range: Range<Int>) {
        guard let owner = owner as? any ResidentPageOwner, let base else { return }
        let clamped = range.clamped(to: 0..<count)
        owner.releaseResidentPages(of: UnsafeRawBufferPointer(start: base + clamped.lowerBound, count: clamped.count))
    }
}

/// A pass over retained bytes from start to end (a check of a block a state keeps in place, a
/// copy of it) that lets go of their resident pages as it goes: tell it how far it has read
/// (``read(through:)``) and it hands back each ``RetainedBytes/releaseStride`` behind it, then
/// the rest when it is over (``finish()``). Over no bytes (nil: a copy in memory) it does nothing.
package struct ReleasingPass {
    private let bytes: RetainedBytes?
    /// Where the pages not yet handed back start, in bytes.
    private var released = 0

    /// A pass over `bytes` (nil: nothing to let go of).
    package init(over bytes: RetainedBytes?) { self.bytes = bytes }

    /// Notes that the pass has read the bytes before `offset`, and lets go of their pages once a
    /// stride of them is read.
    @inline(__always)
    package mutating func read(through offset: Int) {
        guard let bytes, offset - released >= RetainedBytes.releaseStride else { return }
        bytes.releaseResidentPages(of: released..<offset)
        released = offset
    }

    /// Lets go of the pages of every byte not handed back yet: the pass is over (read to the end,
    /// or stopped by an error).
    package mutating func finish() {
        guard let bytes else { return }
        bytes.releaseResidentPages(of: released..<bytes.count)
        released = bytes.count
    }
}
