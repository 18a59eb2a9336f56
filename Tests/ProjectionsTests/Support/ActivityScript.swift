import Foundation
@testable import Events
@testable import Projections

/// Shorthands over ``EventScript`` for the activity read models' tests: cards, reviews,
/// spelling, stories and dictation with readable ids, and folds of the three projections.
extension EventScript {
    /// Creates card `n` (in deck 1).
    mutating func createCard(_ n: UInt64, at time: Timestamp, profile: ProfileID? = nil) {
        let card = CardID(testUUID(0xC000 + n))
        record(.cardCreated(CardCreated(card: card, deck: DeckID(testUUID(0xD001)), front: "f\(n)", back: "b\(n)")),
               stream: .card(card), at: time, profile: profile)
    }

    /// Deletes card `n`.
    mutating func deleteCard(_ n: UInt64, at time: Timestamp, profile: ProfileID? = nil) {
        let card = CardID(testUUID(0xC000 + n))
        record(.cardDeleted(CardDeleted(card: card)), stream: .card(card), at: time, profile: profile)
    }

    /// Resets card `n` to new (`dueMs` nil) or sets its due date (`dueMs` given).
    mutating func changeByHand(_ n: UInt64, dueMs: Int64?, at time: Timestamp, profile: ProfileID? = nil) {
        let card = CardID(testUUID(0xC000 + n))
        let event: DomainEvent = dueMs.map { .cardDueSet(CardDueSet(card: card, due: Timestamp(milliseconds: $0))) }
            ?? .cardReset(CardReset(card: card))
        record(event, stream: .card(card), at: time, profile: profile)
    }

    /// Grades card `n`; returns the review event (its id is what an undo names).
    @discardableResult
    mutating func review(_ n: UInt64, _ rating: Rating, mode: ReviewMode = .scheduled, seconds: Int64 = 10,
                         at time: Timestamp, utcOffsetSeconds: Int? = nil, profile: ProfileID? = nil) -> RecordedEvent {
        let card = CardID(testUUID(0xC000 + n))
        let review = ReviewGraded(card: card, rating: rating, mode: mode, duration: try! ElapsedTime(milliseconds: seconds * 1000))
        return record(.reviewGraded(review), stream: .card(card), at: time, utcOffsetSeconds: utcOffsetSeconds, profile: profile)
    }

    /// Undoes `review` (an event returned by ``review(_:_:mode:seconds:at:utcOffsetSeconds:profile:)``).
    mutating func undo(_ review: RecordedEvent, at time: Timestamp) {
        guard case let .reviewGraded(graded) = review.event else { fatalError("not a review") }
        record(.reviewUndone(ReviewUndone(card: graded.card, review: review.id)), stream: review.stream, at: time,
               profile: review.profile)
    }

    /// The id of spelling test `n`.
    static func spellingTest(_ n: UInt64) -> SpellingTestID { SpellingTestID(testUUID(0x7E00 + n)) }

    /// The test sessions practise unless told otherwise (`startSpelling(_:test:at:profile:)`).
    static let defaultSpellingTest: UInt64 = 0x57

    /// Creates spelling test `n` listing `words`.
    mutating func createSpellingTest(_ n: UInt64 = defaultSpellingTest, words: [String], at time: Timestamp,
                                     profile: ProfileID? = nil) {
        let test = Self.spellingTest(n)
        record(.spellingTestCreated(SpellingTestCreated(test: test, title: "Test \(n)", words: try! WordList(words))),
               stream: .spellingTest(test), at: time, profile: profile)
    }

    /// Replaces the words of spelling test `n` with `words`.
    mutating func editSpellingTest(_ n: UInt64 = defaultSpellingTest, words: [String], at time: Timestamp,
                                   profile: ProfileID? = nil) {
        let test = Self.spellingTest(n)
        record(.spellingTestEdited(SpellingTestEdited(test: test, title: "Test \(n) edited", words: try! WordList(words))),
               stream: .spellingTest(test), at: time, profile: profile)
    }

    /// Starts spelling session `n` on test `test`.
    mutating func startSpelling(_ n: UInt64, test: UInt64 = defaultSpellingTest, at time: Timestamp, profile: ProfileID? = nil) {
        let session = SpellingSessionID(testUUID(0x5E00 + n))
        record(.spellingPracticeStarted(SpellingPracticeStarted(session: session, test: Self.spellingTest(test))),
               stream: .spellingSession(session), at: time, profile: profile)
    }

    /// Spells `word` in session `n`: try number `attempt`, after `hints` hints.
    mutating func spell(_ n: UInt64, _ word: String, correct: Bool, attempt: Int = 1, hints: UInt32 = 0, seconds: Int64 = 5,
                        at time: Timestamp, profile: ProfileID? = nil) {
        let session = SpellingSessionID(testUUID(0x5E00 + n))
        let spelled = WordSpelled(session: session, word: word, typed: correct ? word : word + "x", correct: correct,
                                  attempt: try! AttemptNumber(attempt), hintsUsed: hints,
                                  duration: try! ElapsedTime(milliseconds: seconds * 1000))
        record(.wordSpelled(spelled), stream: .spellingSession(session), at: time, profile: profile)
    }

    /// Ends spelling session `n`.
    mutating func endSpelling(_ n: UInt64, at time: Timestamp, profile: ProfileID? = nil) {
        let session = SpellingSessionID(testUUID(0x5E00 + n))
        record(.spellingPracticeEnded(SpellingPracticeEnded(session: session)), stream: .spellingSession(session),
               at: time, profile: profile)
    }

    /// Story `n` generated (two pages).
    mutating func generateStory(_ n: UInt64, at time: Timestamp, profile: ProfileID? = nil) {
        let story = StoryID(testUUID(0x5700 + n))
        let pages = [StoryPage(number: try! PageNumber(1), text: PersonalDataReference(key: testUUID(0xA1))),
                     StoryPage(number: try! PageNumber(2), text: PersonalDataReference(key: testUUID(0xA2)))]
        record(.storyGenerated(StoryGenerated(story: story, title: PersonalDataReference(key: testUUID(0xA0)), pages: pages, model: "story-model")),
               stream: .story(story), at: time, profile: profile)
    }

    /// Story `n` read, to the end or not.
    mutating func readStory(_ n: UInt64, finished: Bool = true, at time: Timestamp, profile: ProfileID? = nil) {
        let story = StoryID(testUUID(0x5700 + n))
        record(.storyRead(StoryRead(story: story, lastPageRead: try! PageNumber(finished ? 2 : 1), finished: finished)),
               stream: .story(story), at: time, profile: profile)
    }

    /// A dictation of `words` words lasting `seconds`.
    mutating func dictate(words: UInt32, seconds: Int64, at time: Timestamp, profile: ProfileID? = nil) {
        let dictation = DictationFinished(wordCount: words, duration: try! ElapsedTime(milliseconds: seconds * 1000),
                                          language: try! LanguageTag("en-GB"))
        record(.dictationFinished(dictation), stream: .profile(profile ?? self.profile), at: time, profile: profile)
    }

    /// The profile's day cut-off set to `hour`.
    mutating func changeCutoff(to hour: Int, at time: Timestamp, profile: ProfileID? = nil) {
        record(.dayCutoffChanged(DayCutoffChanged(hour: try! HourOfDay(hour))), stream: .profile(profile ?? self.profile),
               at: time, profile: profile)
    }
}

/// The local day number of a UTC calendar date (cut-off 0, offset 0): handy for expected days.
func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
    utc(year, month, day).milliseconds / 86_400_000
}

