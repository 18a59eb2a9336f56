import Foundation
import Events
import Projections

/// What command handling needs beyond the read models, folded from the log: every stream's
/// version (for optimistic concurrency and for numbering new events), every event id with its
/// position (idempotency: a retried command finds its events), each card's recent reviews (for
/// undo and for refusing reviews dated before the previous one), the open study and spelling
/// sessions (at most one of each kind per profile: see ``openSessions``) and the abandoned ones.
package struct CommandLedger: ProjectionState, Equatable {
    /// The number of events in each stream.
    var streamVersions: [StreamID: UInt64] = [:]
    /// The position of every event in the log, by id.
    var eventPositions: [EventID: UInt64] = [:]
    /// Each reviewed card's recent reviews.
    var reviews: [CardID: ReviewTrail] = [:]
    /// Open study and spelling sessions (by stream) and their profiles, owned by a profile and a
    /// kind of session: one of each kind per profile, a new start abandoning the one left open
    /// (the session lifecycle, ``OpenSessions``, shared with the spelling read model and the
    /// achievements).
    var openSessions = OpenSessions<StreamID, SessionSlot, ProfileID>()
    /// Each abandoned session (see ``openSessions``) and the session whose start abandoned
    /// it, so that a command on it is refused saying why. One entry per abandoned session, as
    /// ``streamVersions`` has one per session.
    var abandonedSessions: [StreamID: StreamID] = [:]

    package init() {}

    /// The version of `stream` (0 when it has no event).
    package func version(of stream: StreamID) -> UInt64 { streamVersions[stream] ?? 0 }

    /// The position of the event `id`, if it is in the log.
    package func position(of id: EventID) -> UInt64? { eventPositions[id] }

    /// Folds one event.
    mutating func apply(_ event: RecordedEvent) {
        streamVersions[event.stream] = event.streamVersion
        eventPositions[event.id] = event.position
        switch event.event {
        case .reviewGraded(let review):
            reviews[review.card, default: ReviewTrail()].push(ReviewMark(id: event.id, instantMs: event.occurred.instant.milliseconds))
        case .reviewUndone(let undo):
            reviews[undo.card]?.remove(undo.review)
        case .studySessionStarted(let started):
            startSession(.studySession(started.session), profile: event.profile)
        case .studySessionEnded(let ended):
            endSession(.studySession(ended.session))
        case .spellingPracticeStarted(let started):
            startSession(.spellingSession(started.session), profile: event.profile)
        case .spellingPracticeEnded(let ended):
            endSession(.spellingSession(ended.session))
        default:
            break
        }
    }

    /// Opens session `stream` for `profile` as ``OpenSessions/start(_:owner:value:)`` says, and
    /// remembers the session it abandons.
    /// - Complexity: O(1) expected.
    private mutating func startSession(_ stream: StreamID, profile: ProfileID) {
        abandonedSessions[stream] = nil
        if let left = openSessions.start(stream, owner: SessionSlot(profile: profile, kind: stream.category), value: profile) {
            abandonedSessions[left] = stream
        }
    }

    /// Closes session `stream`, if open.
    /// - Complexity: O(1) expected.
    private mutating func endSession(_ stream: StreamID) {
        openSessions.end(stream)
    }
}

/// A profile's place for one open session of a kind (a session stream's category).
struct SessionSlot: Hashable, Sendable {
    let profile: ProfileID
    let kind: String
}

/// One review remembered for undo: its event id and when it happened.
struct ReviewMark: Sendable, Equatable {
    var id: EventID
    var instantMs: Int64
}

/// A card's most recent reviews (at most ``depth``, as deep as the vocabulary read model can
/// undo) and the instant of the newest review that fell off the stack.
struct ReviewTrail: Sendable, Equatable {
    /// How many reviews can be undone in a row: as many as the read models remember.
    static let depth = UndoDepth.reviews
    var marks: [ReviewMark] = []
    var olderInstantMs: Int64?

    /// The instant of the latest review that still counts, if any.
    var lastInstantMs: Int64? { marks.last?.instantMs ?? olderInstantMs }

    mutating func push(_ mark: ReviewMark) {
        if marks.count == Self.depth { olderInstantMs = marks.removeFirst().instantMs }
        marks.append(mark)
    }

    mutating func remove(_ id: EventID) {
        if let index = marks.lastIndex(where: { $0.id == id }) { marks.remove(at: index) }
    }
}

/// Folds the ``CommandLedger``.
package struct CommandLedgerProjection: Projection {
    package static let name = "command-ledger"
    /// 2: a profile has one session of a kind open (a new start abandons the one left open),
    /// and the abandoned sessions are remembered.
    package static let version: UInt32 = 2
    package var fingerprint: UInt64 { 0 }
    package init() {}
    package func makeInitialState() -> CommandLedger { CommandLedger() }
    package func apply(_ event: RecordedEvent, to state: inout CommandLedger) { state.apply(event) }

    /// The default batch fold's loop, restated: the default implementation lives in another
    /// module (`Projections`) and would run unspecialized here, at about 100 ns an event, when
    /// the store opens and replays the log into the ledger.
    package func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout CommandLedger) -> BatchOutcome {
        var last = checkpoint
        for index in batch.indices where batch[index].position > checkpoint {
            state.apply(batch[index])
            last = batch[index].position
        }
        return BatchOutcome(lastApplied: last, failure: nil)
    }
}
