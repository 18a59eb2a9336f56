import Foundation
import Events
import Projections

/// What command handling needs beyond the read models, folded from the log: every stream's
/// version (for optimistic concurrency and for numbering new events), where every event id is
/// (idempotency: a retried command finds its events, an import skips what the log holds; about
/// 8 bytes an event, see ``EventIDIndex``), the open study and spelling sessions (at most one of
/// each kind per profile: see ``openSessions``) and the abandoned ones. A card's recent reviews
/// (for undo, and for refusing a review dated before the previous one) are the vocabulary read
/// model's (``VocabularyState/reviewToUndo(of:)``), which the decisions read beside the ledger.
package struct CommandLedger: ProjectionState, BinaryCodable, Equatable {
    /// The number of events in each stream but the cards' (theirs are in ``cardStreams``: see
    /// ``version(of:)``).
    var streamVersions: [StreamID: UInt64] = [:]
    /// Where every event of the log is, by id.
    var eventPositions = EventIDIndex()
    /// The number of events in each card's stream, in a table of their own (``CardStreamVersions``).
    var cardStreams = CardStreamVersions()
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
    package func version(of stream: StreamID) -> UInt64 {
        if let card = stream.cardID { return cardStreams.version(of: card) ?? 0 }
        return streamVersions[stream] ?? 0
    }

    /// Sets the version of `stream` (a card's in ``cardStreams``).
    /// - Complexity: O(1) amortized expected.
    mutating func setVersion(_ version: UInt64, of stream: StreamID) {
        if let card = stream.cardID {
            cardStreams.setVersion(version, of: card)
        } else {
            streamVersions[stream] = version
        }
    }

    /// The position of the event `id`, or nil when the log does not hold it: exact, each
    /// candidate the compact index gives confirmed by `idAt` (the id of the log's record at a position).
    /// - Throws: what `idAt` throws.
    func position<Failure: Error>(of id: EventID, confirmingWith idAt: (UInt64) throws(Failure) -> EventID?) throws(Failure) -> UInt64? {
        try eventPositions.position(of: id, confirmingWith: idAt)
    }

    /// Folds one event.
    mutating func apply(_ event: RecordedEvent) {
        eventPositions.insert(event.id, at: event.position)
        applyDecisionFacts(event)
    }

    /// Folds what deciding and admitting later events needs of `event` (its stream's version,
    /// sessions), leaving out its position: an import's admission folds its staged events so,
    /// without copying the table of every event's position.
    mutating func applyDecisionFacts(_ event: RecordedEvent) {
        switch event.event {
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
        setVersion(event.streamVersion, of: event.stream)
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

/// Folds the ``CommandLedger``.
package struct CommandLedgerProjection: Projection {
    package static let name = "command-ledger"
    /// 2: a profile has one session of a kind open (a new start abandons the one left open),
    /// and the abandoned sessions are remembered. 3: each card's history (owner, deck, whether
    /// gone, its recent counted reviews) and the decks, kept by ``CardHistoryRule``, in place of
    /// the reviews of every reviewed card.
    /// 4: resets and due dates set by hand end what an undo can take back.
    /// 5: the event positions as packed fingerprints (``EventIDIndex``), 8 bytes an event.
    /// 6: no card histories or decks: the decisions read a card's recent reviews from the
    /// vocabulary read model (``VocabularyState/reviewToUndo(of:)``).
    package static let version: UInt32 = 6
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
