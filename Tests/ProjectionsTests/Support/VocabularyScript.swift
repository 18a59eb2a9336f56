import Events
import FSRS
@testable import Projections

/// Hand-written vocabulary histories: decks, cards and reviews with readable ids, folded by a
/// ``VocabularyProjection``.
struct VocabularyScript {
    var script: EventScript
    var projection: VocabularyProjection

    init(configuration: SchedulerConfiguration = .testDefault, dailyNewCardLimit: Int = 20,
         profile: ProfileID = testProfile(0), utcOffsetSeconds: Int = 0) {
        script = EventScript(profile: profile, utcOffsetSeconds: utcOffsetSeconds)
        projection = VocabularyProjection(configuration: configuration, dailyNewCardLimit: dailyNewCardLimit)
    }

    var events: [RecordedEvent] { script.events }

    mutating func deck(_ n: UInt64, _ name: String = "Deck", at time: Timestamp, profile: ProfileID? = nil) {
        script.record(.deckCreated(DeckCreated(deck: testDeck(n), name: name)), stream: .deck(testDeck(n)),
                      at: time, profile: profile)
    }

    mutating func card(_ n: UInt64, deck: UInt64, front: String = "front", at time: Timestamp,
                       profile: ProfileID? = nil) {
        script.record(.cardCreated(CardCreated(card: testCard(n), deck: testDeck(deck), front: front, back: "back")),
                      stream: .card(testCard(n)), at: time, profile: profile)
    }

    /// Records a review and returns its event id (for undo).
    @discardableResult
    mutating func review(_ n: UInt64, _ rating: Rating, mode: ReviewMode = .scheduled, at time: Timestamp,
                         utcOffsetSeconds: Int? = nil, profile: ProfileID? = nil) -> EventID {
        script.record(.reviewGraded(ReviewGraded(card: testCard(n), rating: rating, mode: mode,
                                                 duration: try! ElapsedTime(milliseconds: 5000))),
                      stream: .card(testCard(n)), at: time, utcOffsetSeconds: utcOffsetSeconds, profile: profile).id
    }

    mutating func undo(_ n: UInt64, _ review: EventID, at time: Timestamp) {
        script.record(.reviewUndone(ReviewUndone(card: testCard(n), review: review)), stream: .card(testCard(n)), at: time)
    }

    mutating func record(_ event: DomainEvent, card n: UInt64, at time: Timestamp) {
        script.record(event, stream: .card(testCard(n)), at: time)
    }

    mutating func record(_ event: DomainEvent, deck n: UInt64, at time: Timestamp) {
        script.record(event, stream: .deck(testDeck(n)), at: time)
    }

    mutating func setting(_ event: DomainEvent, at time: Timestamp, profile: ProfileID? = nil) {
        let owner = profile ?? script.profile
        script.record(event, stream: .profile(owner), at: time, profile: owner)
    }

    /// The state after every event so far.
    func fold() -> VocabularyState { fold(events) }

    /// The state after `events`.
    func fold(_ events: some Sequence<RecordedEvent>, from start: VocabularyState? = nil) -> VocabularyState {
        var state = start ?? projection.makeInitialState()
        for event in events { projection.apply(event, to: &state) }
        return state
    }
}

extension SchedulerConfiguration {
    /// The defaults (FSRS-6, retention 0.9, steps 1 and 10 minutes, relearning 10 minutes,
    /// cut-off 04:00, fuzz on).
    static let testDefault = try! SchedulerConfiguration()
    /// FSRS-6 defaults without steps or fuzz: intervals are the memory model's alone.
    static let plainModel = try! SchedulerConfiguration.memoryModel()
}

func testProfile(_ n: UInt64) -> ProfileID { ProfileID(testUUID(0xF000 + n)) }
func testDeck(_ n: UInt64) -> DeckID { DeckID(testUUID(0xD000 + n)) }
func testCard(_ n: UInt64) -> CardID { CardID(testUUID(0xC000 + n)) }

/// Where the card record of `card` starts in the encoded vocabulary state `bytes`: the first
/// place its id's two little-endian words appear (a card's record starts with its id).
func cardRecordOffset(of card: IDKey, in bytes: [UInt8]) -> Int? {
    let id = withUnsafeBytes(of: card.high.littleEndian, Array.init) + withUnsafeBytes(of: card.low.littleEndian, Array.init)
    return (0...(bytes.count - 16)).first { Array(bytes[$0 ..< $0 + 16]) == id }
}

