import Events

/// Folds the log into ``StreaksState``: the local days on which each profile practised.
/// Never throws: events about unknown cards and events of no interest are ignored.
package struct StreaksProjection: Projection {
    package typealias State = StreaksState

    package static let name = "streaks"
    package static let version: UInt32 = 1

    /// The cut-off hour of profiles that never changed theirs.
    package let defaultCutoffHour: Int

    /// A fold whose days start at `defaultCutoffHour` local time unless a profile changes it.
    package init(defaultCutoffHour: Int) {
        self.defaultCutoffHour = defaultCutoffHour
    }

    package var fingerprint: UInt64 { StableHash.combine(UInt64(bitPattern: Int64(defaultCutoffHour))) }

    package func makeInitialState() -> State { State(defaultCutoffHour: defaultCutoffHour) }

    /// - Complexity: O(1) per event for practice on the latest day, O(runs) for late events.
    package func apply(_ event: RecordedEvent, to state: inout State) {
        switch event.event {
        case .reviewGraded(let review):
            let day = state.calendar.day(of: event)
            guard state.ledger.record(review, id: event.id, profile: event.profile, day: day) != nil else { return }
            state.profiles[IDKey(event.profile), default: ActiveDays()].add(day)
        case .reviewUndone(let undone):
            guard let undo = state.ledger.undo(undone.review, of: undone.card) else { return }
            state.profiles[IDKey(undo.profile)]?.remove(undo.removed.day)
        case .wordSpelled, .storyRead:
            guard Practice.isPractice(event.event) else { return }
            state.profiles[IDKey(event.profile), default: ActiveDays()].add(state.calendar.day(of: event))
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
