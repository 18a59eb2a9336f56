import EventLog
import SystemSeam

/// A whole file mapped read-only into memory through the ``FileSystem`` seam: how snapshot
/// files are loaded. Mapping shares the OS's cached pages instead of copying tens of megabytes
/// into fresh memory, and the seam's ``FileSystem/map`` populates the pages in one go where the
/// OS can.
///
/// The mapping lives as long as the object. It must only be used for files that are replaced by
/// rename and never shortened in place (as ``DurableFile/replace(_:at:in:ownerOnly:fileSystem:)``
/// does): a mapped file cut short under a reader raises SIGBUS on access rather than an error. A
/// file unlinked or renamed over stays readable through the mapping.
final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only and never changes while the object lives.

    /// ENOENT, the same on every platform: "no such file".
    static let noSuchFile: Int32 = 2

    /// The file's bytes (empty for an empty file).
    let bytes: UnsafeRawBufferPointer
    private let fileSystem: FileSystem

    init(bytes: UnsafeRawBufferPointer, fileSystem: FileSystem) {
        self.bytes = bytes
        self.fileSystem = fileSystem
    }

    /// Drops the pages of the file this process holds resident (a hint; the bytes stay
    /// readable and fault back in from the system's page cache as they are read): a restored
    /// state that keeps parts of the file in place reads them again only where a change needs
    /// them, so the process need not hold the whole file once the state is decoded.
    func releaseResidentPages() {
        if bytes.count > 0 { fileSystem.releasePages(bytes) }
    }

    deinit {
        if bytes.count > 0 { fileSystem.unmap(bytes) }
    }
}
