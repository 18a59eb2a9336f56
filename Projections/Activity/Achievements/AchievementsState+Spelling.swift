import Events

// The spelling sub-folds. Words mastered (see ``MasteredWords``): each attempt steps its word's
// run by the spelling read model's mastery rule. Perfect sessions (see ``SpellingTally`` for the
// rule): the words of each spelling test, a tally per open session, and the unlock when a perfect
// session ends. Which tests and
// sessions it knows mirrors the spelling read model (``SpellingProjection``), so that both judge
// the same sessions on the same words: a test is known from its creation (a second creation is
// ignored), an edit of a known test replaces its words and a deletion forgets it; a session opens when it starts on a
// known test and keeps the words the test had then, and a start abandons the session its
// profile left open (one open session per profile: see ``OpenSessions``).
extension AchievementsState {
    /// Notes the words of the test `event` creates (a test not yet known) or edits (a known one),
    /// or forgets the test it deletes; any other event changes nothing. Sessions already open keep
    /// their words.
    mutating func noteSpellingTest(_ event: DomainEvent) {
        switch event {
        case .spellingTestCreated(let created) where spellingTests[IDKey(created.test)] == nil:
            spellingTests[IDKey(created.test)] = SpellingTally(testWords: created.words.words)
        case .spellingTestEdited(let edited) where spellingTests[IDKey(edited.test)] != nil:
            spellingTests[IDKey(edited.test)] = SpellingTally(testWords: edited.words.words)
        case .spellingTestDeleted(let deleted):
            spellingTests[IDKey(deleted.test)] = nil
        default:
            break
        }
    }

    /// Opens `session` of `profile` on `test`'s current words, none spelled yet (a session
    /// restarted starts over), after abandoning the session `profile` left open (see
    /// ``OpenSessions``); a start on a test never created opens nothing (but still abandons).
    /// - Complexity: O(1) expected.
    mutating func started(_ session: SpellingSessionID, test: SpellingTestID, profile: ProfileID) {
        openSessions.start(IDKey(session), owner: IDKey(profile),
                           value: spellingTests[IDKey(test)].map { OpenSessionTally(profile: profile, test: test, tally: $0) })
    }

    /// Counts an attempt in `session` (see ``SpellingTally/count(correct:rightFirstTry:word:)``)
    /// and forgets the session as soon as it can no longer be perfect: its end would unlock
    /// nothing, so it needs no memory. Attempts in sessions not open (never started on a known
    /// test, ended, abandoned or already forgotten) change nothing.
    /// - Complexity: O(1) when no session is open; else one lookup, plus the word's when it matters.
    @inline(__always)
    mutating func spelled(in session: SpellingSessionID, correct: Bool, rightFirstTry: Bool, word: () -> String) {
        let key = IDKey(session)
        if openSessions.modify(key, { $0.tally.count(correct: correct, rightFirstTry: rightFirstTry, word: word) }) == false {
            openSessions.end(key)
        }
    }

    /// Closes `session`; when it is perfect (every word of its test spelled right, no attempt
    /// wrong) `profile` counts one more perfect session on its test and unlocks the perfect-session
    /// rules that meets, dated by `unlock` (the end's event). The end of a session not open
    /// (abandoned, say) counts and unlocks nothing.
    mutating func ended(_ session: SpellingSessionID, profile: ProfileID, unlocking unlock: Unlock) {
        guard let open = openSessions.end(IDKey(session)), open.tally.isPerfect else { return }
        let rules = self.rules
        modify(profile) {
            let onTest = $0.countPerfectSession(on: open.test)
            $0.unlock(rules, as: unlock, when: .perfectSessionEnded(onTest: onTest))
        }
    }

    /// Counts an attempt, `correct` or not, at the word `word` returns (as the event names it) by
    /// `profile` toward its words mastered, and unlocks the word-mastery rules the attempt meets,
    /// dated by `unlock` (the attempt's event). Every attempt counts, in any session or none, as
    /// in the spelling read model. Does nothing (and never reads the word) when no rule of the
    /// table counts words mastered.
    /// - Complexity: O(length of the word) expected.
    @inline(__always)
    mutating func spelled(_ word: () -> String, correct: Bool, profile: ProfileID, unlocking unlock: Unlock) {
        guard tracksMastery else { return }
        let rules = self.rules, mastery = self.mastery
        let key = SpellingWord.normalized(word())
        modify(profile) { standing in
            if let mastered = standing.masteredWords.record(key, correct: correct, rule: mastery) {
                standing.unlock(rules, as: unlock, when: .wordMastered(count: mastered))
            }
        }
    }
}
