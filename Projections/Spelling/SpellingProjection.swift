import Events

/// Folds the spelling events into ``SpellingProgress``.
///
/// - `SpellingTestCreated` / `SpellingTestEdited`: the test's title and normalized words
///   (an edit of an unknown test is ignored).
/// - `SpellingPracticeStarted`: abandons the session the event's profile left open, if any (one
///   open session per profile: see ``OpenSessions``), then opens a
///   session on a known test, remembering its words then.
/// - `WordSpelled`: counts toward the (event's profile, word) progress whether or not its
///   session is known; in an open session, the word's first attempt decides its first-try result.
/// - `SpellingTestArchived`: the test leaves the list to practise (``SpellingProgress/tests(profile:)``)
///   for ``SpellingProgress/archivedTests(profile:)``, keeping its sessions and scores.
/// - `SpellingTestDeleted`: the test leaves the read model; its words' progress stays (they were
///   spelled), and a session open on it scores nothing when it ends.
/// - `SpellingPracticeEnded`: scores the session on its test (if a word was spelled) and forgets
///   it; the end of a session not open (abandoned, say) changes nothing.
/// Never throws.
package struct SpellingProjection: Projection {
    package typealias State = SpellingProgress

    package static let name = "spelling"
    /// 2: an open session remembers its profile, which has at most one open (a new start
    /// abandons the one left open).
    /// 3: tests can be archived (a flag in each test) and deleted.
    package static let version: UInt32 = 3

    /// When a word counts as mastered.
    package let mastery: SpellingMasteryRule

    /// A projection mastering words after `mastery.runLength` correct answers in a row.
    package init(mastery: SpellingMasteryRule = SpellingMasteryRule()) { self.mastery = mastery }

    package var fingerprint: UInt64 { StableHash.combine(UInt64(mastery.runLength)) }

    package func makeInitialState() -> SpellingProgress { SpellingProgress() }

    /// The spelling events; nothing else changes spelling progress.
    package var kinds: EventKindSet {
        EventKindSet(.wordSpelled, .spellingTestCreated, .spellingTestEdited, .spellingPracticeStarted, .spellingPracticeEnded,
                     .spellingTestArchived, .spellingTestDeleted)
    }

    package func apply(_ event: RecordedEvent, to state: inout SpellingProgress) {
        switch event.event {
        case .wordSpelled(let spelled):
            count(spelled, profile: event.profile, at: event.occurred, to: &state)
        case .spellingTestCreated(let created):
            guard state.tests[created.test] == nil else { return }
            let (words, numbers) = state.words.normalizedTestWords(created.words.words)
            state.setTest(SpellingTestProgress(id: created.test, profile: event.profile, title: created.title,
                                               words: words, created: event.occurred), wordNumbers: numbers)
        case .spellingTestEdited(let edited):
            guard var test = state.tests[edited.test] else { return }
            let (words, numbers) = state.words.normalizedTestWords(edited.words.words)
            test.title = edited.title
            test.words = words
            state.setTest(test, wordNumbers: numbers)
        case .spellingPracticeStarted(let started):
            // A start on an unknown test opens nothing but still abandons what the profile left open.
            let session = state.tests[started.test].map { test in
                OpenSpellingSession(profile: event.profile, test: started.test, words: test.words,
                                    wordNumbers: state.testWordNumbers[started.test] ?? [])
            }
            state.openSessions.start(started.session, owner: event.profile, value: session)
        case .spellingTestArchived(let archived):
            state.tests[archived.test]?.isArchived = true
        case .spellingTestDeleted(let deleted):
            state.tests[deleted.test] = nil
            state.testWordNumbers[deleted.test] = nil
        case .spellingPracticeEnded(let ended):
            guard let session = state.openSessions.end(ended.session) else { return }
            if let score = session.score {
                state.tests[session.test]?.recordSession(score, at: event.occurred)
            }
        default:
            return
        }
    }

    /// Counts an attempt toward its (profile, word) row and, in an open session, its first try.
    @inline(__always)
    private func count(_ spelled: WordSpelled, profile: ProfileID, at time: EventTime, to state: inout SpellingProgress) {
        let row = state.words.row(profile: profile, spelling: spelled.word, at: time)
        state.words.record(row: row, correct: spelled.correct, hints: spelled.hintsUsed, at: time, rule: mastery)
        let words = state.words
        state.openSessions.modify(spelled.session) { session in
            let right = SpellingScore.isRightFirstTry(correct: spelled.correct, attempt: spelled.attempt)
            session.recordFirstTry(ofRow: row, in: words, correct: right)
        }
    }

    /// The batch fold: one `switch` on each event's case picks the spelling events (the kinds
    /// of ``kinds``) without copying the others (a call to `DomainEvent.kind` copies the event
    /// first); attempts (nearly every spelling event) are read in place, the rest go through
    /// ``apply(_:to:)``.
    package func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout SpellingProgress) -> BatchOutcome {
        applyInPlace(batch, after: checkpoint, to: &state) { events, index, state in
            switch events[index].event {
            case .wordSpelled(let attempt):
                count(attempt, profile: events[index].profile, at: events[index].occurred, to: &state)
            case .spellingTestCreated, .spellingTestEdited, .spellingPracticeStarted, .spellingPracticeEnded,
                 .spellingTestArchived, .spellingTestDeleted:
                apply(events[index], to: &state)
            default:
                break
            }
        }
    }
}
