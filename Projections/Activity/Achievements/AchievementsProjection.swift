import Events

/// Folds the log into ``AchievementsState``: counts, practice days and open spelling sessions
/// per profile, and the rules of its table they unlock. Never throws: events about unknown
/// cards and events of no interest are ignored.
package struct AchievementsProjection: Projection {
    package typealias State = AchievementsState

    package static let name = "achievements"
    package static let version: UInt32 = 1

    /// The rule table.
    package let rules: [AchievementRule]
    /// The cut-off hour of profiles that never changed theirs.
    package let defaultCutoffHour: Int
    package let fingerprint: UInt64

    /// A fold over `rules`, with days starting at `defaultCutoffHour` unless a profile changes it.
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

    /// - Complexity: O(rules) per practice event, O(1) otherwise.
    package func apply(_ event: RecordedEvent, to state: inout State) {
        switch event.event {
        case .reviewGraded(let review):
            let day = state.calendar.day(of: event)
            guard state.ledger.record(review, id: event.id, profile: event.profile, day: day) != nil else { return }
            state.profiles[IDKey(event.profile), default: ProfileAchievements()].reviewed(on: day, rules, at: event)
        case .reviewUndone(let undone):
            guard let undo = state.ledger.undo(undone.review, of: undone.card) else { return }
            state.profiles[IDKey(undo.profile)]?.reviews -= 1
            state.profiles[IDKey(undo.profile)]?.activeDays.remove(undo.removed.day)
        case .wordSpelled(let spelled):
            state.openSessions[IDKey(spelled.session), default: SpellingTally()].count(correct: spelled.correct)
            let day = state.calendar.day(of: event)
            state.profiles[IDKey(event.profile), default: ProfileAchievements()].practised(on: day, rules, at: event)
        case .spellingPracticeStarted(let started):
            state.openSessions[IDKey(started.session)] = SpellingTally()
        case .spellingPracticeEnded(let ended):
            guard let tally = state.openSessions.removeValue(forKey: IDKey(ended.session)),
                  tally.attempts > 0, tally.wrong == 0 else { return }
            state.profiles[IDKey(event.profile), default: ProfileAchievements()].unlock(rules, at: event) {
                $0 == .perfectSpellingSession
            }
        case .storyRead(let read):
            guard read.finished else { return }
            let day = state.calendar.day(of: event)
            state.profiles[IDKey(event.profile), default: ProfileAchievements()].finished(read.story, on: day, rules, at: event)
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

extension ProfileAchievements {
    /// Counts a review on `day` and unlocks what it earns.
    @inline(__always)
    mutating func reviewed(on day: Int64, _ rules: [AchievementRule], at event: RecordedEvent) {
        reviews += 1
        let total = reviews
        unlock(rules, at: event) { condition in
            switch condition {
            // Counts rise one at a time, so each target is met exactly when reached (a count
            // that falls by an undo and rises again finds the rule already unlocked).
            case .firstReview: total == 1
            case .reviews(let count): total == count
            default: false
            }
        }
        practised(on: day, rules, at: event)
    }

    /// Counts a story read to its end on `day` and unlocks what it earns.
    mutating func finished(_ story: StoryID, on day: Int64, _ rules: [AchievementRule], at event: RecordedEvent) {
        if storiesFinished.insert(story).inserted {
            let total = storiesFinished.count
            unlock(rules, at: event) { condition in
                if case .storiesRead(let count) = condition { total == count } else { false }
            }
        }
        practised(on: day, rules, at: event)
    }
}

extension SpellingTally {
    @inline(__always) mutating func count(correct: Bool) {
        attempts += 1
        if !correct { wrong += 1 }
    }
}
