import EventLog
import Projections

/// The rule that read models are never ahead of, or apart from, the log they were folded from:
/// every snapshot is saved with the ``LogAnchor`` of the log record at its position, and a
/// snapshot is restored only while the log still holds that very record there.
///
/// Why: a log can lose its last records after a snapshot was written (recovery cuts a torn
/// tail; a power cut loses what the OS had not written back), and it can then grow again with
/// other events at the same positions. A snapshot trusted across that would show cards, reviews
/// and profiles the log no longer holds, and miss the new ones, until the next rebuild. Every
/// open of read models from snapshots (``Store``, the read-only open, the benchmarks) confirms
/// through ``confirm(_:projectors:reader:lastPosition:)``, and every save anchors through
/// ``save(_:to:reader:lanes:)``.
package enum SnapshotAnchoring {
    /// The anchor of the record at `position` in the log `reader` reads (``LogAnchor/emptyLog``
    /// at position 0), or nil when the log holds no record there.
    /// - Throws: ``LogError`` when the log cannot be read.
    package static func anchor(at position: UInt64, in reader: LogReader) throws -> LogAnchor? {
        guard position > 0 else { return .emptyLog }
        var found: LogAnchor?
        try reader.forEach(from: position, through: position) { _, payload in found = LogAnchor(recordPayload: payload) }
        return found
    }

    /// Why the snapshot `taken` cannot be trusted against the log, or nil when it can.
    /// - Parameter lastPosition: the position of the log's last complete batch.
    /// - Throws: ``LogError`` when the log cannot be read.
    package static func mismatch(of taken: SnapshotRestore.Outcome.Taken, reader: LogReader,
                                 lastPosition: UInt64) throws -> String? {
        guard taken.position <= lastPosition else {
            return "it covers position \(taken.position) but the log ends at \(lastPosition): the log lost its last "
                + "records after the snapshot was written (a torn tail cut, or writes lost to a crash)"
        }
        guard let anchor = taken.logAnchor else {
            return "it was written before snapshots recorded the log record they end at"
        }
        guard try Self.anchor(at: taken.position, in: reader) == anchor else {
            return "the log's record at position \(taken.position) is not the one it was folded from (the log was cut "
                + "back and written again, or the snapshot belongs to another store)"
        }
        return nil
    }

    /// Confirms every snapshot `outcome` took against the log, resetting the projector of each one
    /// the log does not hold (it is then rebuilt from the log).
    /// - Returns: the snapshots not confirmed, with why, in the order taken.
    /// - Throws: ``LogError`` when the log cannot be read.
    package static func confirm(_ outcome: SnapshotRestore.Outcome, projectors: [any RunnableProjector],
                                reader: LogReader, lastPosition: UInt64) async throws -> [(projection: String, reason: String)] {
        var refused: [(projection: String, reason: String)] = []
        for taken in outcome.taken {
            guard let reason = try mismatch(of: taken, reader: reader, lastPosition: lastPosition) else { continue }
            for projector in projectors where projector.name == taken.projection { await projector.reset() }
            refused.append((taken.projection, reason))
        }
        return refused
    }

    /// How many snapshots ``save(_:to:reader:lanes:)`` has in flight at once: two, so that one state is
    /// encoded on one core while another is encoded or written on the other; each holds at most
    /// its store's bounded buffer of state bytes (``SnapshotStore/bufferLimit``), never a whole state.
    package static let saveLanes = 2

    /// Saves the snapshot of each of `projectors` to `store`, each anchored to the log record at its
    /// position: at most `lanes` at once (``saveLanes``; 1 saves one after another), started in
    /// the order given, each anchored and written to its file as it is encoded on its projector
    /// (the bytes do not depend on the lanes or the buffer's size). Each file is replaced whole, so a snapshot
    /// that cannot be written leaves its previous file in place and every other one is either the
    /// new one, anchored, or as it was; once one fails no further one is started.
    /// - Throws: ``SnapshotError`` for a snapshot that cannot be written, or one whose position the
    ///   log does not hold (`writeFailed`, naming it); when several fail, the first one's in the
    ///   order given.
    package static func save(_ projectors: [any RunnableProjector], to store: SnapshotStore, reader: LogReader,
                             lanes: Int = saveLanes) async throws(SnapshotError) {
        precondition(lanes >= 1, "snapshots are saved in at least one lane")
        let known = await anchors(at: projectors, in: reader)
        let failures = await withTaskGroup(of: (Int, SnapshotError?).self) { group in
            var next = 0
            var failures: [(index: Int, error: SnapshotError)] = []
            func start(_ group: inout TaskGroup<(Int, SnapshotError?)>) {
                let index = next, projector = projectors[index]
                next += 1
                group.addTask {
                    do throws(SnapshotError) { try await save(projector, to: store, reader: reader, known: known) } catch {
                        return (index, error)
                    }
                    return (index, nil)
                }
            }
            while next < min(lanes, projectors.count) { start(&group) }
            while let (index, error) = await group.next() {
                if let error { failures.append((index, error)) }
                if failures.isEmpty, next < projectors.count { start(&group) }
            }
            return failures
        }
        if let first = failures.min(by: { $0.index < $1.index }) { throw first.error }
    }

    /// The anchors of the positions `projectors` stand at, each read from the log once (a save's
    /// projectors almost always stand at one position; reading a record's anchor may scan its
    /// segment). A position whose record cannot be read or is missing is left out, for the save
    /// of its snapshot to report.
    private static func anchors(at projectors: [any RunnableProjector], in reader: LogReader) async -> [UInt64: LogAnchor] {
        var anchors: [UInt64: LogAnchor] = [:]
        var tried: Set<UInt64> = []
        for projector in projectors {
            let position = await projector.checkpoint
            guard tried.insert(position).inserted else { continue }
            anchors[position] = try? anchor(at: position, in: reader)
        }
        return anchors
    }

    /// Saves `projector`'s snapshot to `store`, anchored to the log record at its position (its
    /// anchor taken from `known`, or read from the log): encoded and written to its temporary
    /// file on the projector, through the store's bounded buffer, then synced and put in place
    /// off it.
    /// - Throws: ``SnapshotError`` (`writeFailed`, naming the snapshot) when the log cannot be read
    ///   there, holds no record there, or the file cannot be written.
    private static func save(_ projector: any RunnableProjector, to store: SnapshotStore, reader: LogReader,
                             known: [UInt64: LogAnchor]) async throws(SnapshotError) {
        let written = try await projector.encodeSnapshot { descriptor, encode throws(SnapshotError) in
            let anchor = try Self.anchor(of: descriptor, known: known, reader: reader, store: store)
            return try store.write(descriptor, logAnchor: anchor, encode: encode)
        }
        try store.commit(written)
    }

    /// The anchor of the log record at `descriptor`'s position, from `known` or read from the log.
    /// - Throws: ``SnapshotError`` (`writeFailed`, naming the snapshot's file) when the log cannot
    ///   be read there or holds no record there.
    private static func anchor(of descriptor: SnapshotDescriptor, known: [UInt64: LogAnchor], reader: LogReader,
                               store: SnapshotStore) throws(SnapshotError) -> LogAnchor {
        let found: LogAnchor?
        do { found = try known[descriptor.position] ?? Self.anchor(at: descriptor.position, in: reader) } catch {
            throw SnapshotError(.writeFailed, "cannot read the log record at position \(descriptor.position) to anchor "
                                + "the snapshot of '\(descriptor.projection)': \(error)", path: store.path(of: descriptor.projection))
        }
        guard let found else {
            throw SnapshotError(.writeFailed, "the log holds no record at position \(descriptor.position), which the "
                                + "snapshot of '\(descriptor.projection)' covers", path: store.path(of: descriptor.projection))
        }
        return found
    }
}
