import Events

/// What the activity fold reads from one event's payload, as plain data (ids, numbers, flags;
/// no strings, no references), taken from the event in place by ``init(_:)``: the fold then
/// never copies a `DomainEvent` (whose payloads hold strings, so a copy retains and releases
/// them) and never passes one to a call. Each case carries every number and flag of its event,
/// so a new counting rule (``DailyStatsRule``) or achievement condition needs no change here.
enum ActivityEvent {
    /// A review graded.
    case review(card: CardID, rating: Rating, mode: ReviewMode, durationMs: Int64)
    /// A review undone.
    case undo(card: CardID, review: EventID)
    /// A word spelled in a session, right or wrong (the word itself is read in place by
    /// ``word(spelledAt:)``, only when it matters).
    case spelled(SpelledWord)
    /// A spelling test created, edited or deleted (the fold reads the event itself: rare).
    case spellingTestListed
    /// A spelling practice session started on `test`.
    case spellingStarted(session: SpellingSessionID, test: SpellingTestID)
    /// A spelling practice session ended.
    case spellingEnded(session: SpellingSessionID)
    /// A story read to its end (a story put down half-way is ``ignored``).
    case storyFinished(story: StoryID)
    /// A story generated.
    case storyGenerated
    /// A dictation finished: `words` dictated in `durationMs`.
    case dictation(words: UInt32, durationMs: Int64)
    /// A card created in `deck`.
    case cardCreated(card: CardID, deck: DeckID)
    /// A card moved to `deck`.
    case cardMoved(card: CardID, deck: DeckID)
    /// A card deleted.
    case cardDeleted(card: CardID)
    /// A card's schedule changed by hand (reset to new, due date set).
    case cardChanged(card: CardID, change: CardHistoryRule.ManualChange)
    /// A deck created.
    case deckCreated(deck: DeckID)
    /// A deck deleted (its cards with it).
    case deckDeleted(deck: DeckID)
    /// A profile's day cut-off changed (the fold reads the event itself: rare).
    case cutoffChanged
    /// Nothing the activity read model counts.
    case ignored

    /// The facts of the event at `event`, read in place.
    @inline(__always) init(_ event: UnsafePointer<RecordedEvent>) {
        self = switch event.pointee.event {
        case .reviewGraded(let review):
            .review(card: review.card, rating: review.rating, mode: review.mode, durationMs: review.duration.countedMilliseconds)
        case .reviewUndone(let undone): .undo(card: undone.card, review: undone.review)
        case .wordSpelled(let spelled):
            .spelled(SpelledWord(session: spelled.session, correct: spelled.correct, attempt: spelled.attempt,
                                 hintsUsed: spelled.hintsUsed, durationMs: spelled.duration.countedMilliseconds))
        case .spellingTestCreated, .spellingTestEdited, .spellingTestDeleted: .spellingTestListed
        case .spellingPracticeStarted(let started): .spellingStarted(session: started.session, test: started.test)
        case .spellingPracticeEnded(let ended): .spellingEnded(session: ended.session)
        case .storyRead(let read): read.finished ? .storyFinished(story: read.story) : .ignored
        case .storyGenerated: .storyGenerated
        case .dictationFinished(let dictation): .dictation(words: dictation.wordCount, durationMs: dictation.duration.countedMilliseconds)
        case .cardCreated(let created): .cardCreated(card: created.card, deck: created.deck)
        case .cardMoved(let moved): .cardMoved(card: moved.card, deck: moved.toDeck)
        case .cardDeleted(let deleted): .cardDeleted(card: deleted.card)
        case .cardReset(let reset): .cardChanged(card: reset.card, change: .reset)
        case .cardDueSet(let set): .cardChanged(card: set.card, change: .dueSet)
        case .deckCreated(let created): .deckCreated(deck: created.deck)
        case .deckDeleted(let deleted): .deckDeleted(deck: deleted.deck)
        case .dayCutoffChanged: .cutoffChanged
        default: .ignored
        }
    }

    /// The word asked by the `WordSpelled` event at `event` (which must be one), read in place:
    /// a `String`, so read only when the word matters.
    @inline(__always) static func word(spelledAt event: UnsafePointer<RecordedEvent>) -> String {
        guard case .wordSpelled(let spelled) = event.pointee.event else { preconditionFailure("not a WordSpelled event") }
        return spelled.word
    }
}

/// The numbers and flags of a `WordSpelled` event (its word and what was typed left in place).
struct SpelledWord {
    /// The session it was spelled in.
    var session: SpellingSessionID
    /// Whether it was spelled right.
    var correct: Bool
    /// Which attempt at the word it was, from 1.
    var attempt: AttemptNumber
    /// How many hints were shown.
    var hintsUsed: UInt32
    /// How long the attempt took.
    var durationMs: Int64

    /// Whether the attempt is right first time, as ``SpellingScore/isRightFirstTry(correct:attempt:)`` says.
    @inline(__always) var rightFirstTry: Bool { SpellingScore.isRightFirstTry(correct: correct, attempt: attempt) }
}
