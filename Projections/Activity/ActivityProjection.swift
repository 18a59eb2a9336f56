import Events

/// Folds the log into ``ActivityState``: daily stats, streaks and achievements in one pass.
///
/// Per event, the local day is computed once and, for a review, the ledger is looked up once;
/// the facts are then handed to each part's sub-fold. Undone reviews are taken back out of every
/// part (see ``ReviewLedger`` for the bounded memory that needs). Never throws: events about
/// unknown cards and events of no interest are ignored.
package struct ActivityProjection: Projection {
    package typealias State = ActivityState

    package static let name = "activity"
    package static let version: UInt32 = 2

    /// The achievement rule table.
    package let rules: [AchievementRule]
    /// The cut-off hour of profiles that never changed theirs.
    package let defaultCutoffHour: Int
    package let fingerprint: UInt64

    /// A fold over the achievement `rules`, with days starting at `defaultCutoffHour` unless a
    /// profile changes it.
    /// - Throws: ``AchievementRuleError`` when the table has an empty or repeated id or a target below 1.
    package init(rules: [AchievementRule] = AchievementRule.defaultTable, defaultCutoffHour: Int) throws(AchievementRuleError) {
        try AchievementRule.validate(rules)
        self.rules = rules
        self.defaultCutoffHour = defaultCutoffHour
        var writer = BinaryWriter()
        rules.encode(to: &writer)
        fingerprint = StableHash.combine(UInt64(bitPattern: Int64(defaultCutoffHour)), StableHash.fnv1a64(writer.bytes))
    }

    package func makeInitialState() -> State { State(rules: rules, defaultCutoffHour: defaultCutoffHour) }

    /// Reviews and their undos, practice (spelling, stories, dictation), card creation and
    /// deletion (the ledger) and day cut-off changes.
    package var kinds: EventKindSet {
        EventKindSet(.reviewGraded, .reviewUndone, .wordSpelled, .spellingPracticeStarted, .spellingPracticeEnded,
                     .storyRead, .storyGenerated, .dictationFinished, .cardCreated, .cardDeleted, .dayCutoffChanged)
    }

    /// - Complexity: O(1) per event for practice on the latest day (a rule-table walk when a
    ///   count reaches a target or a day becomes active); O(runs) for late events.
    package func apply(_ event: RecordedEvent, to state: inout State) {
        switch event.event {
        case .reviewGraded(let review):
            let day = state.calendar.day(of: event)
            guard let fact = state.ledger.record(review, id: event.id, profile: event.profile, day: day) else { return }
            state.dailyStats.counted(fact, profile: event.profile)
            state.streaks.practised(event.profile, on: day)
            state.achievements.reviewed(event.profile, on: day, at: event)
        case .reviewUndone(let undone):
            guard let undo = state.ledger.undo(undone.review, of: undone.card) else { return }
            state.dailyStats.tookBack(undo)
            state.streaks.tookBack(undo.profile, on: undo.removed.day)
            state.achievements.tookBack(undo)
        case .wordSpelled(let spelled):
            let day = state.calendar.day(of: event)
            state.dailyStats.counted(event.event, profile: event.profile, day: day)
            state.streaks.practised(event.profile, on: day)
            state.achievements.spelled(spelled, profile: event.profile, on: day, at: event)
        case .spellingPracticeStarted(let started):
            state.dailyStats.counted(event.event, profile: event.profile, day: state.calendar.day(of: event))
            state.achievements.started(started.session)
        case .spellingPracticeEnded(let ended):
            state.achievements.ended(ended.session, profile: event.profile, at: event)
        case .storyRead(let read):
            guard Practice.isPractice(event.event) else { return }
            let day = state.calendar.day(of: event)
            state.dailyStats.counted(event.event, profile: event.profile, day: day)
            state.streaks.practised(event.profile, on: day)
            state.achievements.finished(read.story, profile: event.profile, on: day, at: event)
        case .storyGenerated, .dictationFinished:
            state.dailyStats.counted(event.event, profile: event.profile, day: state.calendar.day(of: event))
        case .cardCreated(let created):
            state.ledger.cardCreated(created.card, profile: event.profile)
        case .cardDeleted(let deleted):
            state.ledger.cardDeleted(deleted.card)
        case .dayCutoffChanged:
            state.observeCutoff(event)
        default:
            break
        }
    }
}
