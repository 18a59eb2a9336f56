import Events

/// Folds the log into ``DailyStatsState``: reviews, new cards, time studied, retention,
/// spelling, stories and dictation per profile per local day. Undone reviews are taken back
/// out of the day they were counted on (see ``ReviewLedger`` for the bounded memory that needs).
/// Never throws: events about unknown cards and events of no interest are ignored.
package struct DailyStatsProjection: Projection {
    package typealias State = DailyStatsState

    package static let name = "daily-stats"
    package static let version: UInt32 = 1

    /// The cut-off hour of profiles that never changed theirs.
    package let defaultCutoffHour: Int

    /// A fold whose days start at `defaultCutoffHour` local time unless a profile changes it.
    package init(defaultCutoffHour: Int) {
        self.defaultCutoffHour = defaultCutoffHour
    }

    package var fingerprint: UInt64 { StableHash.combine(UInt64(bitPattern: Int64(defaultCutoffHour))) }

    package func makeInitialState() -> State { State(defaultCutoffHour: defaultCutoffHour) }

    /// - Complexity: O(1) per event: a couple of dictionary lookups by id.
    package func apply(_ event: RecordedEvent, to state: inout State) {
        switch event.event {
        case .reviewGraded(let review):
            let day = state.calendar.day(of: event)
            guard let remembered = state.ledger.record(review, id: event.id, profile: event.profile, day: day) else { return }
            state.table[ProfileDay(profile: event.profile, day: day), default: ActivityCounts()]
                .count(remembered, sign: 1)
        case .reviewUndone(let undone):
            guard let undo = state.ledger.undo(undone.review, of: undone.card) else { return }
            state.update(profile: undo.profile, day: undo.removed.day) { $0.count(undo.removed, sign: -1) }
            if let newFirst = undo.newFirst {
                state.update(profile: undo.profile, day: newFirst.day) { $0.newCards += 1 }
            }
        case .wordSpelled(let spelled):
            state.update(event) { counts in
                if spelled.correct { counts.wordsSpelledRight += 1 } else { counts.wordsSpelledWrong += 1 }
                counts.spellingTimeMs += spelled.duration.milliseconds
            }
        case .spellingPracticeStarted:
            state.update(event) { $0.spellingSessions += 1 }
        case .storyGenerated:
            state.update(event) { $0.storiesGenerated += 1 }
        case .storyRead(let read):
            if read.finished { state.update(event) { $0.storiesRead += 1 } }
        case .dictationFinished(let dictation):
            state.update(event) { counts in
                counts.dictations += 1
                counts.wordsDictated += Int(dictation.wordCount)
                counts.dictationTimeMs += dictation.duration.milliseconds
            }
        case .cardCreated(let created):
            state.ledger.cardCreated(created.card, profile: event.profile)
        case .cardDeleted(let deleted):
            state.ledger.cardDeleted(deleted.card)
        case .dayCutoffChanged:
            state.calendar.observe(event)
        default:
            break
        }
    }
}

extension DailyStatsState {
    /// Changes the counts of the event's local day.
    @inline(__always) mutating func update(_ event: RecordedEvent, _ change: (inout ActivityCounts) -> Void) {
        change(&table[ProfileDay(profile: event.profile, day: calendar.day(of: event)), default: ActivityCounts()])
    }

    /// Changes the counts of `day`, dropping the day when nothing is left on it.
    mutating func update(profile: ProfileID, day: Int64, _ change: (inout ActivityCounts) -> Void) {
        let key = ProfileDay(profile: profile, day: day)
        var counts = table[key] ?? ActivityCounts()
        change(&counts)
        table[key] = counts.isEmpty ? nil : counts
    }
}
