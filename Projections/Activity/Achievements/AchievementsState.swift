import Events

/// The achievements read model, a part of ``ActivityState``: for each profile, the rules of its table unlocked so far (each
/// once, with the position and time of the event that earned it) and what the rules look at.
///
/// An achievement is never locked again: undoing a review takes it out of the counts and the
/// practice days (so progress and later unlocks see the undo) but does not take back an
/// achievement already earned, the way a game keeps a trophy. A late event (an earlier local
/// day arriving after later ones) can complete a streak or a week; the unlock is then dated by
/// that event.
public struct AchievementsState: Sendable, Equatable {
    /// The rules, in table order.
    public let rules: [AchievementRule]
    /// When a spelling word counts as mastered (the spelling read model's rule, as configured).
    public let mastery: SpellingMasteryRule
    /// Whether a rule counts words mastered: only then does an attempt step its word's run.
    let tracksMastery: Bool
    /// Local days of each profile (the activity state's calendar, shared with the other parts).
    public internal(set) var calendar: ProfileCalendar
    /// Each profile's standing and unlocks (remembering the profile last folded, so a run of one
    /// profile's events hashes nothing).
    var standings = RecentKeyTable<IDKey, ProfileAchievements>()

    /// Each profile's standing and unlocks.
    package var profiles: [IDKey: ProfileAchievements] { standings.dictionary }
    /// The tally each known spelling test's sessions start from: its current words, none spelled.
    package internal(set) var spellingTests: [IDKey: SpellingTally] = [:]
    /// The tallies of spelling sessions started on a known test, not yet ended nor abandoned, that
    /// can still be perfect (a session is forgotten at its first wrong attempt: see
    /// ``SpellingTally``), at most one per profile: the session lifecycle (``OpenSessions``),
    /// shared with the spelling read model and the store's command ledger. An abandoned session
    /// unlocks nothing; its attempts, already counted as practice, stay counted.
    package internal(set) var openSessions = OpenSessions<IDKey, IDKey, OpenSessionTally>()

    /// An empty model over `rules` (already validated), with days starting at `defaultCutoffHour`
    /// and words mastered by `mastery`.
    public init(rules: [AchievementRule], defaultCutoffHour: Int, mastery: SpellingMasteryRule = SpellingMasteryRule()) {
        self.init(rules: rules, calendar: ProfileCalendar(defaultCutoffHour: defaultCutoffHour), mastery: mastery)
    }

    /// An empty model over `rules` (already validated), `calendar` and `mastery`.
    init(rules: [AchievementRule], calendar: ProfileCalendar, mastery: SpellingMasteryRule) {
        self.rules = rules
        self.calendar = calendar
        self.mastery = mastery
        tracksMastery = rules.contains { $0.condition.countsMasteredWords }
    }

    /// The achievements `profile` has earned, in the order earned (ties, earned by one event,
    /// by rule id).
    public func unlocked(profile: ProfileID) -> [UnlockedAchievement] {
        guard let standing = profiles[IDKey(profile)] else { return [] }
        return rules.compactMap { rule in standing.unlocked[rule.id].map { UnlockedAchievement(rule: rule, unlock: $0) } }
            .sorted { ($0.unlock.position, $0.rule.id) < ($1.unlock.position, $1.rule.id) }
    }

    /// How far `profile` is toward each rule it has not unlocked, in table order.
    public func progress(profile: ProfileID) -> [AchievementProgress] {
        let standing = profiles[IDKey(profile)] ?? ProfileAchievements()
        return rules.filter { standing.unlocked[$0.id] == nil }.map { rule in
            AchievementProgress(rule: rule, current: rule.condition.standing(of: standing),
                                target: rule.condition.target)
        }
    }

    /// The part encoded in a snapshot (without the shared calendar), and decoded with it.
    /// - Throws: ``EventDecodingError`` for malformed bytes, a key that appears twice, a mastery
    ///   run length below 1, a profile's mastered-word count that disagrees with its runs (or runs
    ///   kept with no word-mastery rule), a test's tally with words spelled, or two open sessions
    ///   of one profile.
    package init(calendar: ProfileCalendar, from reader: inout BinaryReader) throws(EventDecodingError) {
        let rules = try [AchievementRule](decoding: &reader)
        let runLength = try reader.readInt()
        guard runLength >= 1 else { throw reader.error(.invalidValue, "a spelling mastery run length of \(runLength); it is at least 1") }
        self.init(rules: rules, calendar: calendar, mastery: SpellingMasteryRule(runLength: runLength))
        let profiles = try [IDKey: ProfileAchievements](decoding: &reader)
        if let profile = profiles.keys.sorted().first(where: { !masteredWordsAgree(profiles[$0]!.masteredWords) }) {
            throw reader.error(.invalidValue, "profile \(profile.uuid)'s mastered spelling words disagree with their runs "
                               + "under the rules (\(runLength) right in a row)")
        }
        standings = RecentKeyTable(profiles)
        spellingTests = try [IDKey: SpellingTally](decoding: &reader)
        if let test = spellingTests.keys.sorted().first(where: { spellingTests[$0]!.score.correct != 0 }) {
            throw reader.error(.invalidValue, "spelling test \(test.uuid) has words spelled; a test's tally has none")
        }
        let sessions = try [IDKey: OpenSessionTally](decoding: &reader)
        // In key order, so the sessions named by the error do not depend on hashing.
        for session in sessions.keys.sorted() {
            let open = sessions[session]!
            if let other = openSessions.restore(session, owner: IDKey(open.profile), value: open) {
                throw reader.error(.invalidValue, "spelling sessions \(other.uuid) and \(session.uuid) are both open for profile \(open.profile); a profile has one open at a time")
            }
        }
    }

    /// Whether `words` is what the fold keeps: nothing when no rule counts mastered words, else a
    /// count that ``mastery`` agrees with.
    private func masteredWordsAgree(_ words: MasteredWords) -> Bool {
        tracksMastery ? words.agrees(with: mastery) : words == MasteredWords()
    }

    /// Writes the rules, the mastery run length, the standings, the tests' tallies and the open
    /// sessions' tallies, keyed maps in key order (deterministic bytes).
    package func encode(to writer: inout BinaryWriter) {
        rules.encode(to: &writer)
        mastery.runLength.encode(to: &writer)
        standings.dictionary.encode(to: &writer)
        spellingTests.encode(to: &writer)
        openSessions.entries.mapValues(\.value).encode(to: &writer)
    }
}
