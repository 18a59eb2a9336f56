import Events
import Projections

/// The checks of an import, one event at a time in file order: ids seen once, stream versions
/// that follow on, and admission as the store's commands (``ImportAdmission``). The events come
/// in chunks: the store finds which are in the log already and which repeat an event staged by an
/// earlier chunk before checking a chunk (``stagedCandidates(of:)``), so that those reads of the
/// log are done in order, a chunk at a time. What grows with the file is compact: the ids of the
/// events staged (``StagedEventIDs``, about 8 bytes an event) and a bit for each log position found
/// present; a fixed 2 MB bit set of the staged ids (``StagedIDFilter``) spares most lookups and most
/// false candidates. A source whose ids cannot repeat (``ImportEventSource/idsAreDistinct``) is
/// spared all of that but the ids staged.
struct ImportChecks {
    private var admission: ImportAdmission
    /// The events staged by earlier chunks, by id: their positions in the staged batch.
    private var staged = StagedEventIDs()
    /// The staged ids as a bit set, asked before ``staged`` (most new ids end there); nil when
    /// the ids cannot repeat.
    private var stagedFilter: StagedIDFilter?
    /// The events of this chunk to be added, in order, as they will be recorded.
    private(set) var chunkAdded: [RecordedEvent] = []
    private var chunkIDs: Set<EventID> = []
    /// The log positions of the events found present so far (one bit a position of the log).
    private var presentSeen: [UInt64] = []
    private let firstPosition: UInt64
    private let path: String?
    /// Whether the events' ids cannot repeat (``ImportEventSource/idsAreDistinct``): then neither
    /// the chunk's ids nor the staged ones are looked through for a repeat (and there is no bit set).
    var idsAreDistinct: Bool { stagedFilter == nil }
    /// Events already in the store (left out).
    private(set) var present = 0
    /// Events to be added.
    private(set) var added = 0

    /// Checks on `admission` (which holds the command ledger), the first event added getting
    /// `firstPosition`, of events whose ids cannot repeat when `idsAreDistinct`.
    init(admission: ImportAdmission, firstPosition: UInt64, path: String?, idsAreDistinct: Bool = false) {
        self.admission = admission
        self.firstPosition = firstPosition
        self.path = path
        stagedFilter = idsAreDistinct ? nil : StagedIDFilter()
    }

    /// The admission's read models and command ledger, with every event of the chunks ended so
    /// far folded in (call after the last ``endChunk()``; the checks are used up).
    consuming func admitted() -> AdmittedModels {
        // The staged ids move out, and the admission gives its models up in place, so that the
        // merge of the ids holds the only reference to each run and to the ledger's index (a run
        // still held here too would be copied whole before its pages could go back).
        var ids = StagedEventIDs()
        swap(&ids, &staged)
        return admission.giveUpModels(staged: consume ids)
    }

    /// The positions of events staged by earlier chunks that may have the id `id` (to be read
    /// back and compared): none, almost always, for an id not staged, and always none when the
    /// ids cannot repeat.
    func stagedCandidates(of id: EventID) -> [UInt64] {
        guard let stagedFilter, stagedFilter.mayContain(id) else { return [] }
        return staged.candidates(of: id)
    }

    /// Events between the stages of the prefetch pipeline (see ``check(_:logged:repeats:clockTime:)``;
    /// below 16, the size of its ring of cards looked up ahead). 8, as the vocabulary's batch fold.
    static let prefetchDistance = 8

    /// Checks the events of a chunk in order, each as ``check(_:logged:repeatsStaged:clockTime:)``
    /// does, the records of the cards of the events ahead prefetched (three stages,
    /// ``prefetchDistance`` events apart: see ``ImportAdmission/prefetchIndexes(of:)``), so that
    /// their cache misses overlap.
    /// - Parameters:
    ///   - logged: the position in the log of each event's id (nil: the log does not hold it).
    ///   - repeats: the indices of the events whose id an event staged by an earlier chunk has.
    ///   - clockTime: the recording time of the events the file gives none (the store's clock).
    /// - Returns: the indices of the events to be added (in ``chunkAdded``, in the same order).
    /// - Throws: as ``check(_:logged:repeatsStaged:clockTime:)``, for the first event refused.
    mutating func check(_ events: [ImportedEvent], logged: [UInt64?], repeats: Set<Int>,
                        clockTime: Timestamp) throws(ImportError) -> [Int] {
        var accepted: [Int] = []
        accepted.reserveCapacity(events.count)
        // Through the buffer: the stages read the events ahead in place.
        try events.withUnsafeBufferPointer { (events) throws(ImportError) in
            let distance = Self.prefetchDistance, count = events.count
            // The card of each event's stream (stage 1) and its vocabulary slot (stage 2; -1:
            // none), by index modulo a power of two above the distance.
            let ring = 16
            var cards = [CardID?](repeating: nil, count: ring), slots = [Int32](repeating: -1, count: ring)
            func stage1(_ ahead: Int) {
                let card = events[ahead].pending.stream.cardID
                cards[ahead & (ring - 1)] = card
                if let card { admission.prefetchIndexes(of: card) }
            }
            func stage2(_ ahead: Int) {
                slots[ahead & (ring - 1)] = cards[ahead & (ring - 1)].map { admission.prefetchRecords(of: $0) } ?? -1
            }
            func stage3(_ ahead: Int) {
                let slot = slots[ahead & (ring - 1)]
                if slot >= 0 { admission.prefetchTargets(ofSlot: slot) }
            }
            for ahead in 0..<min(3 * distance, count) { stage1(ahead) }
            for ahead in 0..<min(2 * distance, count) { stage2(ahead) }
            for ahead in 0..<min(distance, count) { stage3(ahead) }
            for index in 0..<count {
                if index + 3 * distance < count { stage1(index + 3 * distance) }
                if index + 2 * distance < count { stage2(index + 2 * distance) }
                if index + distance < count { stage3(index + distance) }
                if try check(events, at: index, logged: logged[index], repeatsStaged: !repeats.isEmpty && repeats.contains(index),
                             clockTime: clockTime) != nil {
                    accepted.append(index)
                }
            }
        }
        return accepted
    }

    /// Checks the event at `index` of `events`: its stream version when it is to be added (it is
    /// then in ``chunkAdded``, as it will be recorded), nil when it is already present. The event
    /// is read in place, never copied whole.
    /// - Parameters:
    ///   - logged: the position of its id in the log (nil: the log does not hold it).
    ///   - repeatsStaged: whether an event staged by an earlier chunk has its id.
    ///   - clockTime: its recording time when the file gives none (the store's clock).
    /// - Throws: ``ImportError`` `duplicateEvent`, `streamVersion`, `refusedEvent`,
    ///   `reviewOutOfOrder`, naming its line.
    @inline(__always)
    private mutating func check(_ events: UnsafeBufferPointer<ImportedEvent>, at index: Int, logged: UInt64?,
                                repeatsStaged: Bool, clockTime: Timestamp) throws(ImportError) -> UInt64? {
        let event = events.baseAddress! + index
        let id = event.pointee.pending.id
        if let logged {
            guard notePresent(logged) else { throw duplicate(event.pointee) }
            present += 1
            return nil
        }
        guard !repeatsStaged, idsAreDistinct || chunkIDs.insert(id).inserted else { throw duplicate(event.pointee) }
        if let requirement = event.pointee.requiresPresence { throw requirement.refusal(path: path, line: event.pointee.line) }
        let stream = event.pointee.pending.stream
        // The admission's ledger holds every event added before this one: its stream's next version.
        let version = admission.version(of: stream) + 1
        if let given = event.pointee.streamVersion, given != version {
            throw ImportError(.streamVersion,
                              "event \(id) is version \(given) of stream \(stream), but the stream's next version here is \(version); import into a store that holds the events before it (or a fresh one)",
                              path: path, line: event.pointee.line)
        }
        let position = firstPosition + UInt64(added)
        let recorded = RecordedEvent(event.pointee.pending, position: position, streamVersion: version,
                                     recordedAt: event.pointee.recordedAt ?? clockTime)
        try admission.admit(event.pointee.pending, as: recorded, line: event.pointee.line, path: path)
        chunkAdded.append(recorded)
        added += 1
        return version
    }

    /// Ends a chunk: its events added are noted as staged.
    mutating func endChunk() {
        if var filter = stagedFilter.take() {
            for event in chunkAdded { filter.insert(event.id) }
            stagedFilter = filter
        }
        staged.append(chunkAdded.map { EventIDIndex.word($0.id, at: $0.position) })
        chunkAdded.removeAll(keepingCapacity: true)
        chunkIDs.removeAll(keepingCapacity: true)
    }

    /// Notes that the event at log position `position` was found present; false when it was before.
    private mutating func notePresent(_ position: UInt64) -> Bool {
        if presentSeen.isEmpty { presentSeen = Array(repeating: 0, count: Int(firstPosition / 64) + 1) }
        let word = Int(position / 64), bit = UInt64(1) << (position % 64)
        guard word < presentSeen.count else { return true }
        guard presentSeen[word] & bit == 0 else { return false }
        presentSeen[word] |= bit
        return true
    }

    private func duplicate(_ event: ImportedEvent) -> ImportError {
        ImportError(.duplicateEvent, "event id \(event.pending.id) appears again (an earlier line has it); each event may appear once",
                    path: path, line: event.line)
    }
}
