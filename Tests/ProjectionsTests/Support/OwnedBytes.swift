@testable import Events
import Synchronization

/// Bytes in memory of their own, freed with the object: stands in for a mapped snapshot file,
/// counting the scattered reads noted to it (``ResidentPageOwner/noteScatteredRead()``) and the
/// regions let go of.
final class OwnedBytes: ResidentPageOwner, @unchecked Sendable {
    // @unchecked: the bytes are written once, in init, and only read afterwards; the counts are
    // behind a lock.
    let bytes: UnsafeRawBufferPointer
    private let counts = Mutex((scattered: 0, released: 0))

    init(_ content: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(content.count, 1), alignment: 16)
        content.withUnsafeBytes { buffer.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<content.count])
    }

    deinit { UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate() }

    /// All the bytes, kept in place by this object.
    var retained: RetainedBytes { RetainedBytes(bytes, owner: self) }

    func releaseResidentPages(of region: UnsafeRawBufferPointer) { counts.withLock { $0.released += 1 } }

    func noteScatteredRead() { counts.withLock { $0.scattered += 1 } }

    /// How many scattered reads were noted.
    var scatteredReads: Int { counts.withLock { $0.scattered } }
}
