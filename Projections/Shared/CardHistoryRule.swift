import Events
import FSRS

/// The card-history rule: which creations, reviews, undos, moves and deletions count in a
/// card's history, and what an undo takes back. Every part that tells a card's story decides
/// with these functions and nothing else: the vocabulary read model (its ``UndoRing``), the
/// activity read model (its ``ReviewLedger``), the audit and the revlog export (`CardHistory`),
/// and the store's command validation (which reads the vocabulary's ring:
/// ``VocabularyState/reviewToUndo(of:)``). Their storage (packed records, rings, windows, id
/// tables) only keeps the facts these functions are given.
///
/// The rule (README, "What the read models promise"):
/// - A card exists from its first creation; its id is never reused (a later creation is
///   ignored, even after the card is gone). Its owner is the profile that created it.
/// - It is *gone*, for good, once deleted, or once its deck is deleted (``DeckLifecycle``), or
///   when created in or moved into a deleted deck. A gone or unknown card does not move.
/// - A review or an undo counts only while the card exists and is not gone, and only when
///   recorded by the owner.
/// - A card remembers its last ``undoDepth`` counted reviews not undone, oldest first; a
///   review beyond that forgets the oldest. An undo takes back the newest remembered review
///   with the undone id; a scheduled one only when no later scheduled review is remembered
///   (the store undoes only the latest review). Any other undo is ignored.
/// - A card's first scheduled review (not undone) makes it a new card of its day; undoing it
///   leaves the card with no scheduled review.
/// - The store's undo command takes back the latest remembered review.
/// - A change by hand (``ManualChange``: a reset to new, a due date set) counts as a review does
///   (the card exists, is not gone, the owner recorded it). It ends what an undo can take back:
///   the reviews remembered before it are forgotten (an undo of one of them is ignored), as
///   Anki's undo cannot reach past a reset or a rescheduling either.
/// - A reset starts a new FSRS history: the card is new again (no memory state, offered among the
///   new cards, reps and lapses from zero), so its next scheduled review is one of that day's new
///   cards for the daily new-card limit, as Anki's new queue counts it. Undoing that review makes
///   the card new again. Its earlier reviews stay in the log and still count as answers given
///   (daily statistics, streaks, achievements); the daily statistics' *new cards* count a card
///   once in its life, at its first scheduled review ever, as Anki's statistics count a card
///   introduced once (its `introduced:` search).
/// - A due date set moves only the card's due; its memory state is unchanged (Anki's "set due
///   date"). A new card has no due to move: the change is recorded and changes nothing else.
///
/// The store refuses every event the rule leaves out, so on a log it wrote the rule leaves out
/// nothing; on other logs every reader leaves out the same events.
///
/// Every function is a pure decision on plain values, small enough to inline into the hot folds.
package enum CardHistoryRule {
    /// How many of a card's latest counted reviews can be undone, one after another: as many
    /// as every reader remembers per card, so that an undo the store accepts is taken back
    /// everywhere.
    package static let undoDepth = 8

    /// Why a review or an undo is not part of a card's history.
    package enum Exclusion: Sendable, Equatable {
        /// Recorded before the card was created.
        case beforeCreation
        /// Recorded once the card was gone.
        case cardGone
        /// Recorded by a profile that does not own the card.
        case otherProfile
    }

    /// A change to a card's schedule made by hand, not by an answer.
    package enum ManualChange: Sendable, Equatable {
        /// Reset to new: a new FSRS history starts.
        case reset
        /// A due date set: only the due moves.
        case dueSet
    }

    /// Whether a manual change forgets the reviews remembered before it (none of them can be
    /// undone any more): every one does.
    @inline(__always) package static func forgetsRemembered(_ change: ManualChange) -> Bool { true }

    /// Whether a manual change starts a new FSRS history (the card is new again): a reset.
    @inline(__always) package static func startsNewHistory(_ change: ManualChange) -> Bool { change == .reset }

    /// Whether a manual change moves the due of a card that has (`hasState`) or has not a memory
    /// state to the recorded due (`hasDue`): a due date set, recorded with its date, on a card
    /// that has been reviewed in its current history.
    @inline(__always) package static func movesDue(_ change: ManualChange, hasState: Bool, hasDue: Bool) -> Bool {
        change == .dueSet && hasState && hasDue
    }

    /// Whether a revlog answer in `state` starts a new FSRS history after the card's previous
    /// answer in its current history was in `previous` (nil: none since the card was new or
    /// reset): a learning answer that does not continue a learning run, fsrs-rs's "a card's
    /// history starts at its last learning run". Its one home is
    /// ``RevlogRow/State/startsHistory(after:)``, which the FSRS module's revlog reader uses as
    /// well. A revlog import records such a start after earlier answers (`previous` not nil) as a
    /// reset (`vocabulary.card-reset`) before the answer, so every fold and the audit apply it
    /// through ``startsNewHistory(_:)`` like any other reset.
    @inline(__always)
    package static func revlogAnswerStartsHistory(_ state: RevlogRow.State, after previous: RevlogRow.State?) -> Bool {
        state.startsHistory(after: previous)
    }

    /// Whether a creation starts a card: only when its id was never seen (`idKnown`: created
    /// before, gone or not).
    @inline(__always) package static func createsCard(idKnown: Bool) -> Bool { !idKnown }

    /// Whether a card is gone: it was `deleted`, or its deck is deleted (`deckDeleted`: deleted
    /// while it was there, or before it was created in it or moved into it).
    @inline(__always) package static func isGone(deleted: Bool, deckDeleted: Bool) -> Bool { deleted || deckDeleted }

    /// Whether a move applies to a card: it exists (`created`) and is not gone.
    @inline(__always) package static func moves(created: Bool, isGone: Bool) -> Bool { created && !isGone }

    /// Whether a deletion ends the history of a card: it exists (`created`).
    @inline(__always) package static func deletes(created: Bool) -> Bool { created }

    /// Why a review or undo is not part of the history of a card that `created` or not, is
    /// gone or not, recorded by its owner or not; nil when it counts.
    @inline(__always)
    package static func exclusion(created: Bool, isGone: Bool, recordedByOwner: Bool) -> Exclusion? {
        if !created { return .beforeCreation }
        if isGone { return .cardGone }
        return recordedByOwner ? nil : .otherProfile
    }

    /// Whether a review or undo of an existing card counts: the card is not gone and the
    /// recorder owns it (``exclusion(created:isGone:recordedByOwner:)`` for a created card).
    @inline(__always)
    package static func counts(isGone: Bool, recordedByOwner: Bool) -> Bool { !isGone && recordedByOwner }

    /// Whether remembering one more review forgets the oldest of the `remembered` ones.
    @inline(__always) package static func forgetsOldest(remembered: Int) -> Bool { remembered >= undoDepth }

    /// Whether a counted review is the card's first scheduled one: it is scheduled and the
    /// card has no counted scheduled review (`hasScheduledReview`).
    @inline(__always)
    package static func isFirstScheduled(isScheduled: Bool, hasScheduledReview: Bool) -> Bool {
        isScheduled && !hasScheduledReview
    }

    /// Whether the card still has a counted scheduled review after an undo took back a review
    /// that was (`tookBackFirst`) or was not its first scheduled one. Only the latest scheduled
    /// review can be undone, so taking back the first leaves none.
    @inline(__always)
    package static func hasScheduledReview(afterUndo tookBackFirst: Bool, had: Bool) -> Bool {
        had && !tookBackFirst
    }

    /// The place (0 is the oldest) of the remembered review that an undo of `review` takes
    /// back, among `count` remembered reviews whose ids and kinds `id(i)` and `isScheduled(i)`
    /// give; nil when the undo is ignored (not remembered, or a scheduled review followed by a
    /// later scheduled one).
    @inline(__always)
    package static func reviewTakenBack(_ review: IDKey, count: Int, id: (Int) -> IDKey,
                                        isScheduled: (Int) -> Bool) -> Int? {
        var index = count - 1
        while index >= 0 && id(index) != review { index -= 1 }
        guard index >= 0 else { return nil }
        if isScheduled(index) {
            var later = index + 1
            while later < count {
                if isScheduled(later) { return nil }
                later += 1
            }
        }
        return index
    }

    /// The place of the review the store's undo command takes back among `count` remembered
    /// reviews: the latest; nil when none is left.
    @inline(__always) package static func reviewToUndo(count: Int) -> Int? { count > 0 ? count - 1 : nil }
}
