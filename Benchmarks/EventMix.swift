import Foundation
import Hindsight
import SeededRandom

/// A realistic, deterministic history of one learner for benchmarks: reviews dominate (about
/// 65%), then spelling attempts, card creation and enrichment, study sessions, stories,
/// dictation and settings, with realistic text sizes (records average about 150 bytes in the
/// log encoding). Events are consistent (a card is created before it is reviewed; stream
/// versions count per stream; time moves forward), so later benchmarks (projections, replay)
/// can fold it.
///
/// ``Limits`` caps how many cards, spelling tests and stories the history creates: past a cap,
/// the events that would create one act on an existing one instead (a card creation becomes a
/// review), so the read models stop growing while the log goes on (the replay memory proof).
struct EventMix {
    /// Caps on the entities a history creates; nil means no cap (the default history).
    struct Limits: Sendable {
        /// At most this many cards (at least 20: the history's first events create 20).
        var cards: Int?
        /// At most this many spelling tests.
        var spellingTests: Int?
        /// At most this many stories.
        var stories: Int?

        /// No caps: the default history, event for event.
        static let none = Limits()
    }

    /// The seeded generator, so runs are repeatable.
    private var random: SplitMix64
    private var position: UInt64 = 0
    private var clock: Int64 = 1_735_689_600_000  // 2025-01-01T00:00Z
    private var versions: [StreamID: UInt64] = [:]
    private var decks: [DeckID] = []
    private var cards: [CardID] = []
    private var reviews: [(CardID, EventID)] = []
    private var session: StudySessionID?
    private var spellingTests: [(SpellingTestID, [String])] = []
    private var spelling: (SpellingSessionID, [String])?
    private var stories: [StoryID] = []
    private let limits: Limits
    let profile: ProfileID
    private let offset: UTCOffset

    /// A history generator whose output is fixed by `seed` and `limits`; the learner lives at
    /// UTC+01:00. With ``Limits/none`` the history is the same as it always was for `seed`.
    /// - Throws: ``EventValidationError`` only if the constant offset were invalid.
    init(seed: UInt64, limits: Limits = .none) throws {
        self.limits = limits
        random = SplitMix64(seed: seed)
        profile = ProfileID(random.uuid())
        offset = try UTCOffset(seconds: 3600)
    }

    /// The first `count` events of the history.
    /// - Throws: ``EventValidationError`` only if a generated value broke a rule (a bug here).
    static func events(count: Int, seed: UInt64 = 42) throws -> [RecordedEvent] {
        var mix = try EventMix(seed: seed)
        return try (0..<count).map { _ in try mix.next() }
    }

    private static let words = ["der", "Hund", "läuft", "schnell", "über", "die", "Straße", "und", "bellt", "laut",
                                "la", "maison", "est", "très", "belle", "el", "perro", "come", "manzanas", "猫", "が", "好き"]

    private mutating func text(words range: ClosedRange<Int>) -> String {
        (0..<Int.random(in: range, using: &random)).map { _ in Self.words.randomElement(using: &random)! }.joined(separator: " ")
    }

    private mutating func record(_ stream: StreamID, _ event: DomainEvent) -> RecordedEvent {
        position += 1
        clock += Int64.random(in: 2_000...15_000, using: &random)
        let version = (versions[stream] ?? 0) + 1
        versions[stream] = version
        return RecordedEvent(position: position, id: EventID(random.uuid()), stream: stream, streamVersion: version,
                             profile: profile, occurred: EventTime(instant: Timestamp(milliseconds: clock), utcOffset: offset),
                             recordedAt: Timestamp(milliseconds: clock + 3), event: event)
    }

    /// The next event of the history.
    /// - Throws: ``EventValidationError`` only if a generated value broke a rule (a bug here).
    mutating func next() throws -> RecordedEvent {
        if decks.isEmpty {
            let deck = DeckID(random.uuid())
            decks.append(deck)
            return record(.deck(deck), .deckCreated(DeckCreated(deck: deck, name: "Deutsch A2 — Alltag")))
        }
        var roll = Int.random(in: 0..<1000, using: &random)
        if let cap = limits.cards, cards.count >= max(cap, 20), roll < 90 {
            roll = 90 + roll * 650 / 90  // a review instead (scheduled or cram, in the usual shares)
        }
        if cards.count < 20 || roll < 90 {
            let card = CardID(random.uuid())
            cards.append(card)
            return record(.card(card), .cardCreated(CardCreated(card: card, deck: decks.randomElement(using: &random)!,
                                                                front: text(words: 1...5), back: text(words: 10...50))))
        }
        switch roll {
        case ..<740:
            let card = cards.randomElement(using: &random)!
            let rating = Rating(rawValue: [1, 2, 3, 3, 3, 3, 4][Int.random(in: 0..<7, using: &random)])!
            let event = record(.card(card), .reviewGraded(ReviewGraded(
                card: card, rating: rating, mode: roll < 720 ? .scheduled : .cram,
                duration: try ElapsedTime(milliseconds: Int64.random(in: 1_500...25_000, using: &random)))))
            reviews.append((card, event.id))
            return event
        case ..<750 where !reviews.isEmpty:
            let (card, review) = reviews.removeLast()
            return record(.card(card), .reviewUndone(ReviewUndone(card: card, review: review)))
        case ..<860:
            return try nextSpelling()
        case ..<890:
            let card = cards.randomElement(using: &random)!
            return record(.card(card), .exampleSentenceAttached(ExampleSentenceAttached(
                card: card, sentence: text(words: 12...30), generator: "gpt-4o-mini")))
        case ..<935:
            let card = cards.randomElement(using: &random)!
            return record(.card(card), .translationAttached(TranslationAttached(
                card: card, translation: text(words: 3...20), language: try LanguageTag("en"))))
        case ..<960:
            if let current = session {
                session = nil
                return record(.studySession(current), .studySessionEnded(StudySessionEnded(session: current)))
            }
            let new = StudySessionID(random.uuid())
            session = new
            return record(.studySession(new), .studySessionStarted(StudySessionStarted(session: new, deck: decks.first)))
        case ..<975:
            return try nextStory()
        case ..<985:
            return record(.profile(profile), .dictationFinished(DictationFinished(
                wordCount: UInt32.random(in: 5...400, using: &random),
                duration: try ElapsedTime(milliseconds: Int64.random(in: 3_000...240_000, using: &random)),
                language: try LanguageTag("de-DE"))))
        case ..<995:
            let card = cards.randomElement(using: &random)!
            return record(.card(card), .cardEdited(CardEdited(card: card, front: text(words: 1...5), back: text(words: 10...50))))
        default:
            return record(.profile(profile), .settingChanged(SettingChanged(
                key: .newCardsPerDay,
                value: .int(Int64.random(in: 5...50, using: &random)))))
        }
    }

    private mutating func nextSpelling() throws -> RecordedEvent {
        guard let (session, words) = spelling else {
            let full = limits.spellingTests.map { spellingTests.count >= max($0, 1) } ?? false
            if spellingTests.isEmpty || (Int.random(in: 0..<10, using: &random) == 0 && !full) {
                let test = SpellingTestID(random.uuid())
                let words = (0..<12).map { _ in Self.words.randomElement(using: &random)! }
                spellingTests.append((test, words))
                return record(.spellingTest(test), .spellingTestCreated(SpellingTestCreated(
                    test: test, title: "Week \(spellingTests.count)", words: try WordList(words))))
            }
            let (test, words) = spellingTests.randomElement(using: &random)!
            let session = SpellingSessionID(random.uuid())
            spelling = (session, words)
            return record(.spellingSession(session), .spellingPracticeStarted(SpellingPracticeStarted(session: session, test: test)))
        }
        if Int.random(in: 0..<25, using: &random) == 0 {
            spelling = nil
            return record(.spellingSession(session), .spellingPracticeEnded(SpellingPracticeEnded(session: session)))
        }
        let word = words.randomElement(using: &random)!
        let correct = Int.random(in: 0..<4, using: &random) > 0
        return record(.spellingSession(session), .wordSpelled(WordSpelled(
            session: session, word: word, typed: correct ? word : String(word.dropLast()) + "e", correct: correct,
            attempt: try AttemptNumber(Int.random(in: 1...3, using: &random)),
            hintsUsed: UInt32.random(in: 0...2, using: &random),
            duration: try ElapsedTime(milliseconds: Int64.random(in: 2_000...20_000, using: &random)))))
    }

    private mutating func nextStory() throws -> RecordedEvent {
        var story = StoryID(random.uuid())
        if let cap = limits.stories, stories.count >= max(cap, 1) {
            story = stories.randomElement(using: &random)!
        } else if limits.stories != nil {
            stories.append(story)
        }
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            return record(.story(story), .storyRequested(StoryRequested(
                story: story, theme: "space adventure", childAge: try ChildAge(7),
                growthTopic: "sharing with friends", childName: PersonalDataReference(key: random.uuid()))))
        case 1:
            let pages = try (1...Int.random(in: 5...10, using: &random)).map {
                StoryPage(number: try PageNumber($0), text: PersonalDataReference(key: random.uuid()))
            }
            return record(.story(story), .storyGenerated(StoryGenerated(
                story: story, title: PersonalDataReference(key: random.uuid()), pages: pages, model: "bench-model")))
        default:
            return record(.story(story), .storyRead(StoryRead(
                story: story, lastPageRead: try PageNumber(Int.random(in: 1...8, using: &random)),
                finished: Bool.random(using: &random))))
        }
    }
}

extension SplitMix64 {
    /// A UUID of the next 128 random bits (no version bits set: the benchmarks' ids only need to
    /// differ and repeat from run to run).
    mutating func uuid() -> UUID {
        let a = next(), b = next()
        return withUnsafeBytes(of: (a, b)) { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
}
