import Foundation
import TestSupport
@testable import Hindsight
import EventLog

/// Builds a consistent history of recorded events (positions from 1, stream versions per
/// stream, deterministic ids) and writes it as a real log into a data directory.
struct HistoryBuilder {
    private(set) var events: [RecordedEvent] = []
    private var streamVersions: [StreamID: UInt64] = [:]
    private var counter: UInt32 = 0

    static func uuid(_ tag: UInt8, _ n: UInt32) -> UUID {
        UUID(uuid: (tag, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)))
    }

    static func profile(_ n: UInt32) -> ProfileID { ProfileID(uuid(1, n)) }
    static func deck(_ n: UInt32) -> DeckID { DeckID(uuid(2, n)) }
    static func card(_ n: UInt32) -> CardID { CardID(uuid(3, n)) }

    /// Appends `event` at `ms` (UTC offset `offsetMinutes`), recorded at the same instant.
    @discardableResult
    mutating func add(_ event: DomainEvent, stream: StreamID, profile: ProfileID, at ms: Int64,
                      offsetMinutes: Int = 0) -> RecordedEvent {
        counter += 1
        let version = (streamVersions[stream] ?? 0) + 1
        streamVersions[stream] = version
        let time = EventTime(instant: Timestamp(milliseconds: ms), utcOffset: try! UTCOffset(seconds: offsetMinutes * 60))
        let recorded = RecordedEvent(position: UInt64(events.count + 1), id: EventID(Self.uuid(9, counter)),
                                     stream: stream, streamVersion: version, profile: profile, occurred: time,
                                     recordedAt: time.instant, event: event)
        events.append(recorded)
        return recorded
    }

    mutating func createDeck(_ deck: DeckID, profile: ProfileID, at ms: Int64) {
        add(.deckCreated(DeckCreated(deck: deck, name: "Deck")), stream: .deck(deck), profile: profile, at: ms)
    }

    mutating func createCard(_ card: CardID, deck: DeckID, profile: ProfileID, at ms: Int64) {
        add(.cardCreated(CardCreated(card: card, deck: deck, front: "front", back: "back")), stream: .card(card),
            profile: profile, at: ms)
    }

    @discardableResult
    mutating func review(_ card: CardID, _ rating: Int, profile: ProfileID, at ms: Int64, mode: ReviewMode = .scheduled,
                         offsetMinutes: Int = 0) -> RecordedEvent {
        let graded = ReviewGraded(card: card, rating: try! Rating(validating: rating), mode: mode,
                                  duration: try! ElapsedTime(milliseconds: 5_000))
        return add(.reviewGraded(graded), stream: .card(card), profile: profile, at: ms, offsetMinutes: offsetMinutes)
    }

    mutating func undo(_ review: RecordedEvent, card: CardID, profile: ProfileID, at ms: Int64) {
        add(.reviewUndone(ReviewUndone(card: card, review: review.id)), stream: .card(card), profile: profile, at: ms)
    }

    mutating func changeParameters(_ parameters: FSRSParameters, profile: ProfileID, at ms: Int64, count: Int = 21) {
        let weights = parameters.weights.prefix(count).map(Double.init)
        add(.schedulerParametersChanged(SchedulerParametersChanged(parameters: try! SchedulerParameters(weights))),
            stream: .profile(profile), profile: profile, at: ms)
    }

    mutating func changeRetention(_ retention: Double, profile: ProfileID, at ms: Int64) {
        add(.desiredRetentionChanged(DesiredRetentionChanged(retention: try! DesiredRetention(retention))),
            stream: .profile(profile), profile: profile, at: ms)
    }

    /// Writes every event into `<dataDirectory>/log`, `batch` events per append.
    func write(to dataDirectory: String, batch: Int = 7) async throws {
        let writer = try await LogWriter.open(directory: dataDirectory + "/log", options: LogOptions(durability: .groupCommit))
        var index = 0
        while index < events.count {
            let slice = events[index..<min(events.count, index + batch)]
            _ = try await writer.append(contentsOf: slice.map { LogCodec.encode($0) })
            index += batch
        }
        try await writer.close()
    }

    /// Fresh read models folded directly over `events` (no log).
    static func fold(_ events: some Collection<RecordedEvent>, configuration: ReadModelConfiguration) async throws -> ReadModels {
        let models = try ReadModels(configuration: configuration)
        let batch = Array(events)
        for projector in models.all { await projector.apply(batch) }
        return models
    }
}
