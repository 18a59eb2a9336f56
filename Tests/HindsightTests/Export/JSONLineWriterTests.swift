import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// The JSON Lines writer's two paths: a record written straight from its bytes and the same
/// record decoded and written from the event give the same line, under every personal-data
/// policy, for known, personal-data, older-version and unknown records; a damaged record is a
/// typed error naming its position.
@Suite struct JSONLineWriterTests {
    typealias F = ExportLogFixture

    static let policies: [(String, PersonalDataPolicy)] = [
        ("resolve", .resolve(F.personalData())), ("resolve with nothing stored", .resolve(InMemoryPersonalData())),
        ("redact", .redact(salt: "a salt")), ("redact with another salt", .redact(salt: "")),
    ]

    /// The fixture's events, a story requested without a child's name, a story of twelve pages
    /// (paths `pages[10].text` sort before `pages[2].text`), an older version of two story events
    /// and an event of a type this build does not know.
    static func records() throws -> [RecordedEvent] {
        var events = try F.events()
        let template = events[0]
        func current(_ event: DomainEvent) -> RecordedEvent {
            RecordedEvent(position: UInt64(events.count + 1), id: template.id, stream: .story(F.story),
                          streamVersion: 9, profile: F.child, occurred: template.occurred, recordedAt: template.recordedAt, event: event)
        }
        events.append(current(.storyRequested(StoryRequested(story: F.story, theme: "sea", childAge: try ChildAge(4),
                                                             growthTopic: nil, childName: nil))))
        let pages = try (1...12).map { StoryPage(number: try PageNumber($0), text: PersonalDataReference(key: F.uuid(0x60, UInt8($0)))) }
        events.append(current(.storyGenerated(StoryGenerated(story: F.story, title: F.storyTitle, pages: pages, model: "m"))))
        func stored(_ typeName: String, _ version: UInt32, _ body: [UInt8]) -> RecordedEvent {
            RecordedEvent(position: UInt64(events.count + 1), id: template.id, stream: template.stream,
                          streamVersion: template.streamVersion, profile: template.profile, occurred: template.occurred,
                          recordedAt: template.recordedAt,
                          event: .unknown(UnknownEvent(typeName: typeName, schemaVersion: version, payload: body)))
        }
        let requested = StoryRequestedV1(story: F.story, theme: "space", childAge: try ChildAge(6), growthTopic: "sharing",
                                         childName: F.childName)
        events.append(stored(StoryRequested.typeName, 1, requested.logBody))
        let generated = StoryGeneratedV1(story: F.story, title: F.storyTitle, pages: [StoryPage(number: try PageNumber(1), text: F.pageText)])
        events.append(stored(StoryGenerated.typeName, 1, generated.logBody))
        events.append(stored("future.thing-happened", 2, [1, 2, 3, 0xFF]))
        return events
    }

    /// The line of `record` written by `writer` through the record path.
    static func viaRecord(_ record: [UInt8], position: UInt64, _ writer: JSONLineWriter) throws -> [UInt8] {
        try F.scan(record, position: position) { bytes, envelope, decoded in
            try writer.append(record: bytes, envelope: envelope, position: position, decoded: decoded)
        }
        return writer.bufferedBytes
    }

    @Test(arguments: policies.indices)
    func bothPathsWriteTheSameLines(policy index: Int) throws {
        let policy = Self.policies[index].1
        for event in try Self.records() {
            let record = LogCodec.encode(event)
            let straight = try Self.viaRecord(record, position: event.position, JSONLineWriter(renderer: PersonalDataRenderer(policy: policy)))
            let decodedWriter = JSONLineWriter(renderer: PersonalDataRenderer(policy: policy))
            try decodedWriter.append(try LogCodec.decode(record, position: event.position))
            #expect(straight == decodedWriter.bufferedBytes,
                    "\(Self.policies[index].0), \(event.typeName) v\(event.schemaVersion): \(String(decoding: straight, as: UTF8.self))")
            #expect(straight.last == 0x0A && straight.filter { $0 == 0x0A }.count == 1)
        }
    }

    @Test func aDamagedRecordIsATypedErrorWithItsPosition() throws {
        let event = try F.events()[2]  // the deck's creation: written straight when whole
        let record = LogCodec.encode(event)
        let writer = JSONLineWriter(renderer: PersonalDataRenderer(policy: .redact(salt: "s")))
        let error = try #require(throws: ExportError.self) { try Self.viaRecord(record + [0], position: 3, writer) }
        #expect(error.code == .undecodableEvent)
        #expect(error.position == 3)
        // Nothing of the refused line stays in the buffer.
        #expect(writer.bufferedBytes.isEmpty)
    }
}
