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

    /// An empty model over `rules` (already validated), with days starting at `defaultCutoffHour`.
    public init(rules: [AchievementRule], defaultCutoffHour: Int) {
        self.init(rules: rules, calendar: ProfileCalendar(defaultCutoffHour: defaultCutoffHour))
    }

    /// An empty model over `rules` (already validated) and `calendar`.
    init(rules: [AchievementRule], calendar: ProfileCalendar) {
        self.rules = rules
        self.calendar = calendar
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
    /// - Throws: ``EventDecodingError`` for malformed bytes, a key that appears twice, a test's
    ///   tally with words spelled, or two open sessions of one profile.
    package init(calendar: ProfileCalendar, from reader: inout BinaryReader) throws(EventDecodingError) {
        self.init(rules: try [AchievementRule](decoding: &reader), calendar: calendar)
        standings = RecentKeyTable(try [IDKey: ProfileAchievements](decoding: &reader))
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

    /// Writes the rules, the standings, the tests' tallies and the open sessions' tallies, keyed
    /// maps in key order (deterministic bytes).
    package func encode(to writer: inout BinaryWriter) {
        rules.encode(to: &writer)
        standings.dictionary.encode(to: &writer)
        spellingTests.encode(to: &writer)
        openSessions.entries.mapValues(\.value).encode(to: &writer)
    }
}
