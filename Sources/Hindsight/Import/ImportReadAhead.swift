/// The events one step of an ``ImportReadAhead`` read, in file order.
struct ImportChunk: Sendable {
    /// The events read, at most the chunk size.
    var events: [ImportedEvent]
    /// Why reading stopped before the chunk was full, if the source threw: the caller throws it
    /// before checking the chunk's events, as a read in place would have.
    var failure: ImportError?
    /// The bytes of the file read once the chunk was read (for progress).
    var bytesRead: UInt64
    /// Whether the source has no more events (it returned nil or threw).
    var isLast: Bool
}

/// Reads an import's events one chunk ahead of its checks: while the store checks and stages a
/// chunk, the next is read and parsed (the file's lines, the JSON or CSV, the events made) by a
/// task of its own, on another core where there is one. At most two chunks are held: the one
/// being checked and the one read ahead.
///
/// Used by one owner (the store, in one import), one call at a time: each call is awaited before
/// the next, so its own state is never touched by two at once, and the source is handed between
/// the owner and one read-ahead task at a time (see ``SourceBox``). That is what makes the
/// unchecked `Sendable` sound: it lets the owner, an actor, await the reader's calls.
final class ImportReadAhead<Source: ImportEventSource>: @unchecked Sendable {
    private let box: SourceBox<Source>
    private let step: ReadStep
    private var running: Task<ImportChunk, Never>?
    private var drained = false

    /// Reads `source` `chunkSize` events at a time; the first chunk starts being read at once.
    init(_ source: Source, chunkSize: Int) {
        let box = SourceBox(source, chunkSize: chunkSize)
        self.box = box
        step = ReadStep { box.readChunk() }
        startNext()
    }

    /// The next chunk, read ahead; the one after it starts being read before this returns
    /// (none once the source is drained: then every later call gives an empty last chunk).
    func next() async -> ImportChunk {
        guard let task = running else { return ImportChunk(events: [], failure: nil, bytesRead: box.source.bytesRead, isLast: true) }
        let chunk = await task.value
        running = nil
        if chunk.isLast { drained = true } else { startNext() }
        return chunk
    }

    /// Waits for any chunk still being read, then gives the source back in its state then (how
    /// far it read, what it counted). The reader must not be used afterwards.
    func finish() async -> Source {
        if let task = running { _ = await task.value }
        running = nil
        return box.source
    }

    private func startNext() {
        guard !drained else { return }
        let step = self.step
        running = Task.detached { step.read() }
    }
}

/// The source of an ``ImportReadAhead`` and its reading of one chunk. Exactly one party touches
/// it at a time: a read-ahead task from its start until its value is taken, and the owner only
/// while no task runs. That hand-over is what makes ``ReadStep``'s unchecked `Sendable` sound.
private final class SourceBox<Source: ImportEventSource> {
    var source: Source
    let chunkSize: Int

    init(_ source: Source, chunkSize: Int) {
        self.source = source
        self.chunkSize = chunkSize
    }

    /// Reads up to a chunk of events from the source.
    func readChunk() -> ImportChunk { Self.readChunk(from: &source, chunkSize: chunkSize) }

    /// Reads up to `chunkSize` events from `source`, taken `inout` so that the loop touches no
    /// class property (each access of one is checked, an event at a time).
    private static func readChunk(from source: inout Source, chunkSize: Int) -> ImportChunk {
        var events: [ImportedEvent] = []
        events.reserveCapacity(chunkSize)
        do throws(ImportError) {
            let full = try source.read(into: &events, upTo: chunkSize)
            return ImportChunk(events: events, failure: nil, bytesRead: source.bytesRead, isLast: !full)
        } catch {
            return ImportChunk(events: events, failure: error, bytesRead: source.bytesRead, isLast: true)
        }
    }
}

/// One chunk's read (``SourceBox/readChunk()``) as a value a task may carry; see ``SourceBox``
/// for why no two tasks run it at once.
private final class ReadStep: @unchecked Sendable {
    let read: () -> ImportChunk

    init(_ read: @escaping () -> ImportChunk) { self.read = read }
}
