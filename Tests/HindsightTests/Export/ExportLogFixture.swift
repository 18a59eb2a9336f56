import Foundation
import TestSupport
@testable import Hindsight
import EventLog

/// A small hand-made history written to a real log in a temporary directory: two profiles (one a
/// child), a deck and a card with five reviews (one cram, one undone), a story with a child's
/// name, and a card whose texts need CSV quoting.
struct ExportLogFixture {
    static func uuid(_ a: UInt8, _ b: UInt8 = 0) -> UUID {
        UUID(uuid: (a, b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    }

    static let parent = ProfileID(uuid(0x10))
    static let child = ProfileID(uuid(0x11))
    static let deck = DeckID(uuid(0x20))
    static let card = CardID(uuid(0x30))
    static let quotedCard = CardID(uuid(0x31))
    static let story = StoryID(uuid(0x40))
    static let parentName = PersonalDataReference(key: uuid(0x50))
    static let childName = PersonalDataReference(key: uuid(0x51))
    static let storyTitle = PersonalDataReference(key: uuid(0x52))
    static let pageText = PersonalDataReference(key: uuid(0x53))
    static let start: Int64 = 1_767_225_600_000  // 2026-01-01T00:00Z
    static let day: Int64 = 86_400_000

    /// The texts of the side store.
    static func personalData() -> InMemoryPersonalData {
        InMemoryPersonalData([parentName: "Ada Lovelace", childName: "Mia", storyTitle: "Mia and the Moon",
                              pageText: "Once upon a time, Mia..."])
    }

    /// The events, in log order (positions from 1).
    static func events() throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        var versions: [StreamID: UInt64] = [:]
        func add(_ event: DomainEvent, stream: StreamID, profile: ProfileID = parent, at ms: Int64, offset: Int = 0) throws {
            let version = (versions[stream] ?? 0) + 1
            versions[stream] = version
            let position = UInt64(events.count + 1)
            events.append(RecordedEvent(position: position, id: EventID(uuid(0xE0, UInt8(position))), stream: stream,
                                        streamVersion: version, profile: profile,
                                        occurred: EventTime(instant: Timestamp(milliseconds: ms), utcOffset: try UTCOffset(seconds: offset)),
                                        recordedAt: Timestamp(milliseconds: ms + 5), event: event))
        }
        func review(_ rating: Rating, _ mode: ReviewMode = .scheduled, at ms: Int64) throws {
            try add(.reviewGraded(ReviewGraded(card: card, rating: rating, mode: mode, duration: try ElapsedTime(milliseconds: 4_000))),
                    stream: .card(card), at: ms)
        }
        try add(.profileCreated(ProfileCreated(profile: parent, name: parentName, isChild: false)), stream: .profile(parent), at: start)
        try add(.profileCreated(ProfileCreated(profile: child, name: childName, isChild: true)), stream: .profile(child),
                profile: child, at: start + 1_000)
        try add(.deckCreated(DeckCreated(deck: deck, name: "Deutsch")), stream: .deck(deck), at: start + 2_000, offset: 3600)
        try add(.cardCreated(CardCreated(card: card, deck: deck, front: "der Hund", back: "the dog")), stream: .card(card), at: start + 3_000)
        try review(.good, at: start + 10_000)                       // 5: new
        try review(.again, .cram, at: start + 20_000)               // 6: cram (a revlog's state 4)
        try review(.good, at: start + day)                          // 7
        try review(.easy, at: start + 2 * day)                      // 8: undone below
        try add(.reviewUndone(ReviewUndone(card: card, review: EventID(uuid(0xE0, 8)))), stream: .card(card), at: start + 2 * day + 1_000)
        try review(.hard, at: start + 3 * day)                      // 10
        try add(.cardCreated(CardCreated(card: quotedCard, deck: deck, front: "a, \"quoted\"\nline", back: "🐶 emoji")),
                stream: .card(quotedCard), at: start + 4 * day)
        try add(.storyRequested(StoryRequested(story: story, theme: "space", childAge: try ChildAge(6), growthTopic: "sharing",
                                               childName: childName)), stream: .story(story), profile: child, at: start + 5 * day)
        try add(.storyGenerated(StoryGenerated(story: story, title: storyTitle,
                                               pages: [StoryPage(number: try PageNumber(1), text: pageText)], model: nil)),
                stream: .story(story), profile: child, at: start + 5 * day + 60_000)
        return events
    }

    /// Writes `events` to `<directory>/log`.
    static func write(_ events: [RecordedEvent], to directory: String) async throws {
        let writer = try await LogWriter.open(directory: directory + "/log", options: LogOptions(durability: .fsyncEachAppend, preallocationSize: 0))
        for event in events {
            _ = try await writer.append(LogCodec.encode(event))
        }
        try await writer.close()
    }

    /// A temporary data directory holding the fixture's log.
    static func dataDirectory() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(prefix: "hindsight-export")
        try await write(try events(), to: directory.path)
        return directory
    }

    /// Calls `append` as an export's scan calls a writer: with the bytes of the log record `record`
    /// at `position`, its envelope read in place and a decoder of the whole event (each failure an
    /// ``ExportError`` naming the position).
    /// - Throws: what `append` throws, or `.undecodableEvent` for an unreadable envelope.
    static func scan(_ record: [UInt8], position: UInt64,
                     _ append: (UnsafeRawBufferPointer, RecordEnvelope, () throws(ExportError) -> RecordedEvent) throws -> Void) throws {
        try record.withUnsafeBytes { bytes in
            let envelope: RecordEnvelope
            do { envelope = try RecordEnvelope(record: bytes, position: position) } catch {
                throw ExportError(.undecodableEvent, "\(error)", position: position)
            }
            try append(bytes, envelope) { () throws(ExportError) in
                do { return try LogCodec.decode(bytes, position: position) } catch {
                    throw ExportError(.undecodableEvent, "\(error)", position: position)
                }
            }
        }
    }
}
