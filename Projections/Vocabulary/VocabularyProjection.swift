import Events
import FSRS

/// The vocabulary read models — decks, cards, card states (FSRS) and the due queue — as one
/// pure fold over the log.
///
/// Every counted review costs one `Scheduler.apply` and an O(1) move in the due calendar; cram
/// reviews only count; undone reviews restore the state remembered before them
/// (``UndoRing/depth`` deep). Settings events of a profile (parameters, desired
/// retention, day cut-off) apply to that profile's reviews after them; they never rewrite
/// states already computed ("as scheduled at the time"). A profile's
/// ``SettingKey/newCardsPerDay`` setting replaces ``dailyNewCardLimit`` for that profile
/// (see ``NewCardLimit``); its ``SettingKey/reviewsPerDay`` setting gives it a daily review
/// limit (see ``DailyReviewLimit``).
package struct VocabularyProjection: Projection {
    package static let name = "vocabulary"
    /// 5: reviews and undos of a deleted card, or recorded by a profile that does not own the
    /// card, are ignored (the card-history rules the activity read model and the audit share).
    /// 6: so are those of a card whose deck is deleted, and a gone card no longer moves.
    /// 7: each card's back side, translations and example sentences (``CardContent``), and the
    /// cards buried until the next local day. 8: the card content moved to a read model of its
    /// own (``CardContentProjection``). 9: the daily review limits and the reviews counted
    /// against them (``DailyReviewLimit``). 10: reschedules (``CardsRescheduled``) set the listed
    /// cards' schedules. 11: cards reset to new and due dates set by hand
    /// (``CardHistoryRule/ManualChange``). 12: each cram review's instant, and each card's newest
    /// forgotten review's, so that the store's command validation reads a card's review trail
    /// here (``reviewToUndo(of:)``, ``lastReviewInstantMs(of:)``) and keeps none of its own.
    package static let version: UInt32 = 12

    /// The scheduler configuration of profiles that changed none of its settings.
    package let configuration: SchedulerConfiguration
    /// How many new cards a profile that set no limit of its own is offered per local day.
    package let dailyNewCardLimit: Int

    /// The fold with `configuration` as every profile's default and `dailyNewCardLimit` new
    /// cards a day (negative limits count as 0).
    package init(configuration: SchedulerConfiguration, dailyNewCardLimit: Int) {
        self.configuration = configuration
        self.dailyNewCardLimit = max(0, dailyNewCardLimit)
    }

    /// Covers every field of the configuration and the new-card limit.
    package var fingerprint: UInt64 {
        StableHash.combine(
            configuration.parameters.fingerprint, UInt64(configuration.desiredRetention.bitPattern),
            UInt64(configuration.maximumInterval), UInt64(configuration.dayCutoffHour),
            Self.stepsHash(configuration.learningSteps), Self.stepsHash(configuration.relearningSteps),
            configuration.fuzz ? 1 : 0, UInt64(dailyNewCardLimit))
    }

    private static func stepsHash(_ steps: [Int]) -> UInt64 {
        var hash = StableHash.combine(UInt64(steps.count))
        for step in steps { hash = StableHash.combine(hash, UInt64(bitPattern: Int64(step))) }
        return hash
    }

    package func makeInitialState() -> VocabularyState {
        VocabularyState(configuration: configuration, dailyNewCardLimit: dailyNewCardLimit)
    }

    /// Decks, cards (their fronts and edit counts; the rest of their content is the card-content
    /// model's), reviews, the scheduling settings and typed settings (of which only the
    /// daily new-card limit counts); nothing else changes the model.
    package var kinds: EventKindSet {
        EventKindSet(.reviewGraded, .reviewUndone, .cardCreated, .cardEdited, .cardMoved, .cardSuspended,
                     .cardUnsuspended, .cardDeleted, .deckCreated, .deckRenamed, .deckDeleted,
                     .schedulerParametersChanged, .desiredRetentionChanged, .dayCutoffChanged, .settingChanged,
                     .settingUnset, .cardBuried, .cardsRescheduled, .cardReset, .cardDueSet)
    }

    /// Folds `event`; never throws (events about unknown cards or decks, unknown event types and
    /// events of other domains are ignored).
    package func apply(_ event: RecordedEvent, to state: inout VocabularyState) {
        switch event.event {
        case .reviewGraded(let review): state.grade(review, event)
        case .reviewUndone(let undo): state.undo(undo, recordedBy: event.profile)
        case .cardCreated(let created):
            state.createCard(created.card, deck: created.deck, front: created.front, profile: event.profile,
                             occurred: event.occurred, position: event.position)
        case .cardEdited(let edited): state.editCard(edited)
        case .cardMoved(let moved): state.moveCard(moved)
        case .cardSuspended(let suspended): state.setFlag(CardHot.suspendedFlag, true, card: suspended.card)
        case .cardUnsuspended(let unsuspended): state.setFlag(CardHot.suspendedFlag, false, card: unsuspended.card)
        case .cardDeleted(let deleted): state.setFlag(CardHot.deletedFlag, true, card: deleted.card)
        case .cardBuried(let buried): state.bury(buried, event)
        case .cardReset(let reset): state.change(reset.card, by: .reset, dueMs: nil, recordedBy: event.profile)
        case .cardDueSet(let set): state.change(set.card, by: .dueSet, dueMs: set.due?.milliseconds, recordedBy: event.profile)
        case .deckCreated(let created): state.createDeck(created, event)
        case .deckRenamed(let renamed): state.renameDeck(renamed)
        case .deckDeleted(let deleted): state.deleteDeck(deleted.deck)
        case .schedulerParametersChanged(let change): state.changeParameters(change, profile: event.profile)
        case .desiredRetentionChanged(let change): state.changeRetention(change, profile: event.profile)
        case .dayCutoffChanged(let change): state.changeCutoff(change, event)
        case .settingChanged(let change): state.changeSetting(change, profile: event.profile)
        case .settingUnset(let unset): state.unsetSetting(unset, profile: event.profile)
        case .cardsRescheduled(let rescheduled): state.reschedule(rescheduled, recordedBy: event.profile)
        default: break
        }
    }
}
