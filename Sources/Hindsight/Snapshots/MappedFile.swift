import EventLog
import Events
import Synchronization
import SystemSeam

/// A whole file mapped read-only into memory through the ``FileSystem`` seam: how snapshot
/// files are loaded. Mapping shares the OS's cached pages instead of copying tens of megabytes
/// into fresh memory; pages are faulted in as they are read, and a reader lets go of those it is
/// done with (``releaseResidentPages(of:)``, as ``ResidentPageOwner``): checking and decoding a
/// snapshot of hundreds of megabytes holds a few megabytes of it at a time, plus what is read
/// again later.
///
/// The mapping lives as long as the object. It must only be used for files that are replaced by
/// rename and never shortened in place (as ``DurableFile/replace(_:at:in:ownerOnly:fileSystem:)``
/// does): a mapped file cut short under a reader raises SIGBUS on access rather than an error. A
/// file unlinked or renamed over stays readable through the mapping.
final class MappedFile: ResidentPageOwner, @unchecked Sendable {
    // @unchecked: the mapping is read-only and never changes while the object lives.

    /// ENOENT, the same on every platform: "no such file".
    static let noSuchFile: Int32 = 2

    /// The file's bytes (empty for an empty file).
    let bytes: UnsafeRawBufferPointer
    private let fileSystem: FileSystem
    /// The scattered reads noted (``noteScatteredRead()``), wrapping.
    private let scatteredReads = Atomic<Int>(0)

    /// How many scattered reads the file takes between two releases of all its resident pages:
    /// with the system mapping up to 64 KiB around each page read, 64 reads hold at most 4 MiB
    /// of the file, and a lookup pays a page fault from the page cache (about a microsecond)
    /// once in a while rather than a page of memory for good.
    static let scatteredReadsPerRelease = 64

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

    /// Drops the resident pages wholly inside `region` (a part of ``bytes``; the pages it only
    /// partly covers stay), as ``releaseResidentPages()`` does for the whole file.
    func releaseResidentPages(of region: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, let start = region.baseAddress else { return }
        let page = MemoryAdvice.pageSize
        let from = max(0, start - base), to = min(bytes.count, start + region.count - base)
        // The mapping starts on a page, so offsets on pages are addresses on pages.
        let first = (from + page - 1) / page * page, end = to / page * page
        guard end > first else { return }
        fileSystem.releasePages(UnsafeRawBufferPointer(start: base + first, count: end - first))
    }

    /// Notes a read at a scattered place of the file (a lookup of a card or an event id in a
    /// restored state) and, every ``scatteredReadsPerRelease`` of them, lets go of all the file's
    /// resident pages (``releaseResidentPages()``).
    func noteScatteredRead() {
        if scatteredReads.wrappingAdd(1, ordering: .relaxed).newValue % Self.scatteredReadsPerRelease == 0 {
            releaseResidentPages()
        }
    }

    deinit {
        if bytes.count > 0 { fileSystem.unmap(bytes) }
    }
}
