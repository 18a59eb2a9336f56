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
