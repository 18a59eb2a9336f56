import Events
import Foundation
import Testing

/// The JSON shapes that drive the event JSON codec: each lists its struct's properties in
/// declaration order (the order of the log body), and a payload that does not fit its shape is
/// refused with the path of the value in the payload.
@Suite struct JSONShapeTests {
    /// The shape's keys are the struct's stored properties, in declaration order (which the
    /// binary codec follows): a field left out, renamed or moved fails here, before any byte
    /// comparison with Foundation.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func everyShapeListsItsStructsPropertiesInOrder(seed: UInt64) throws {
        var g = EventGenerator(seed: seed ^ 0x5A)
        for kind in EventKind.allCases {
            let event = try g.event(of: kind)
            let payload = try #require(Mirror(reflecting: event).children.first?.value, "\(kind.typeName)")
            let properties = Mirror(reflecting: payload).children.map { $0.label ?? "?" }
            #expect(kind.jsonShape.fields.map { "\($0.key)" } == properties, "\(kind.typeName)")
        }
    }

    static let review = """
        {"eventId":"00000000-0000-4000-8000-000000000001","occurredAt":0,"payload":PAYLOAD,"position":5,\
        "profileId":"00000000-0000-4000-8000-000000000004","recordedAt":0,"schemaVersion":SCHEMA,"streamCategory":"card",\
        "streamId":"00000000-0000-4000-8000-000000000002","streamVersion":3,"type":"TYPE","utcOffsetSeconds":0}
        """
    static let card = "\"00000000-0000-4000-8000-000000000002\""
    static let weights = "[0.2,1.2,3.2,15.7,7.1,0.6,1.5,0.01,1.5,0.1,1,1.9,0.1,0.3,2.3,0.2,3,0.5,0.6]"
    static func rescheduled(stability: String) -> String {
        "{\"cards\":[{\"card\":\(card),\"difficulty\":5,\"dueMs\":0,\"intervalDays\":1,\"stability\":2},"
            + "{\"card\":\(card),\"difficulty\":5,\"dueMs\":0,\"intervalDays\":1,\"stability\":\(stability)}],"
            + "\"parameters\":\(weights),\"retention\":0.9}"
    }

    @Test(arguments: [
        ("vocabulary.review-graded", "{\"card\":\(card),\"duration\":5,\"mode\":\"later\",\"rating\":3}",
         EventDecodingError.Code.invalidValue, "at payload.mode: \"later\" is not one of \"scheduled\", \"cram\""),
        ("vocabulary.review-graded", "{\"duration\":5,\"mode\":\"cram\",\"rating\":3}",
         .invalidJSON, "key \"card\" is missing at payload"),
        ("vocabulary.review-graded", "{\"card\":\(card),\"duration\":5,\"mode\":\"cram\",\"rating\":300}",
         .invalidJSON, "at payload.rating: expected a whole number from 0 to 255, found 300"),
        ("vocabulary.review-graded", "{\"card\":\(card),\"duration\":5,\"mode\":\"cram\",\"rating\":0}",
         .invalidValue, "at payload.rating: "),
        ("vocabulary.review-graded", "{\"card\":null,\"duration\":5,\"mode\":\"cram\",\"rating\":3}",
         .invalidJSON, "at payload.card: expected a UUID string, found null"),
        ("vocabulary.review-graded", "[]", .invalidJSON, "at payload: expected an object, found an array"),
        ("vocabulary.cards-rescheduled", rescheduled(stability: "\"2\""),
         .invalidJSON, "at payload.cards[1].stability: expected a finite number, found the string \"2\""),
        ("vocabulary.cards-rescheduled", rescheduled(stability: "-1"),
         .invalidValue, "at payload.cards: invalid cards (out-of-range): card 00000000-0000-4000-8000-000000000002: stability -1.0 must be above 0 days"),
        ("vocabulary.cards-rescheduled", "{\"cards\":[{\"card\":\(card)}],\"parameters\":\(weights),\"retention\":0.9}",
         .invalidJSON, "key \"stability\" is missing at payload.cards[0]"),
        ("settings.setting-changed", "{\"key\":\"k\",\"value\":{\"bool\":true,\"int\":1}}",
         .invalidJSON, "at payload.value: expected an object with exactly one of the keys bool, int, double, string"),
        ("settings.setting-changed", "{\"key\":\"k\",\"value\":{\"int\":1.5}}",
         .invalidJSON, "at payload.value.int: expected a whole number that fits in 64 bits, found 1.5"),
        ("stories.parental-controls-changed", "{\"dailyStoryLimit\":1,\"themes\":{\"any\":false}}",
         .invalidValue, "at payload.themes.any: must be true"),
        ("stories.parental-controls-changed", "{\"dailyStoryLimit\":1,\"themes\":{\"only\":[\"a\",7]}}",
         .invalidJSON, "at payload.themes.only[1]: expected a string, found 7"),
        ("vocabulary.review-graded", "{\"card\":true,\"duration\":5,\"mode\":\"cram\",\"rating\":3}",
         .invalidJSON, "at payload.card: expected a UUID string, found true"),
        // A value is shown up to 40 bytes, cut at a character's start: "é" is two bytes, and the
        // 40th byte would be the first half of one.
        ("vocabulary.review-graded", "{\"card\":\"\(String(repeating: "x", count: 39))é\",\"duration\":5,\"mode\":\"cram\",\"rating\":3}",
         .invalidJSON, "at payload.card: expected a UUID string, found the string \"\(String(repeating: "x", count: 39))…\""),
        ("vocabulary.review-graded", "{\"card\":\(card),\"duration\":-12345678901234567890123456789012345678901234,\"mode\":\"cram\",\"rating\":3}",
         .invalidJSON, "at payload.duration: expected a whole number from 0 to 2^64-1, found -123456789012345678901234567890123456789…"),
    ])
    func payloadsOfTheWrongShapeNameTheirPath(type: String, payload: String, code: EventDecodingError.Code, message: String) throws {
        let kind = try #require(EventKind.allCases.first { $0.typeName == type })
        let json = Self.review.replacingOccurrences(of: "PAYLOAD", with: payload).replacingOccurrences(of: "TYPE", with: type)
            .replacingOccurrences(of: "SCHEMA", with: "\(kind.schemaVersion)")
        let error = try #require(throws: EventDecodingError.self) { try EventJSONCodec().decode(Data(json.utf8)) }
        #expect(error.code == code, "\(error)")
        #expect(error.message.hasPrefix(message), "\(error)")
    }

    /// An envelope value of the wrong kind is refused naming its key and showing the value.
    @Test(arguments: [
        ("\"streamVersion\":3", "\"streamVersion\":-1", "at streamVersion: expected a whole number that fits in UInt64, found -1"),
        ("\"streamVersion\":3", "\"streamVersion\":2.5", "at streamVersion: expected a whole number that fits in UInt64, found 2.5"),
        ("\"eventId\":\"00000000-0000-4000-8000-000000000001\"", "\"eventId\":\"nope\"",
         "at eventId: expected a UUID string, found the string \"nope\""),
        ("\"type\":\"TYPE\"", "\"type\":null", "at type: expected a string, found null"),
        ("\"occurredAt\":0", "\"occurredAt\":false", "at occurredAt: expected a whole number that fits in Int64, found false"),
    ])
    func envelopeValuesOfTheWrongKindAreShown(valid: String, invalid: String, message: String) throws {
        let payload = "{\"card\":\(Self.card),\"duration\":5,\"mode\":\"cram\",\"rating\":3}"
        let kind = try #require(EventKind.allCases.first { $0.typeName == "vocabulary.review-graded" })
        let json = Self.review.replacingOccurrences(of: valid, with: invalid).replacingOccurrences(of: "PAYLOAD", with: payload)
            .replacingOccurrences(of: "TYPE", with: kind.typeName).replacingOccurrences(of: "SCHEMA", with: "\(kind.schemaVersion)")
        #expect(json.contains(invalid))
        let error = try #require(throws: EventDecodingError.self) { try EventJSONCodec().decode(Data(json.utf8)) }
        #expect(error.code == .invalidJSON, "\(error)")
        #expect(error.message == message, "\(error)")
    }

    /// A text that is not an object at the top level says what it is.
    @Test(arguments: [("[1]", "an array"), ("7", "7"), ("\"x\"", "the string \"x\"")])
    func aTopLevelValueThatIsNoObjectIsShown(text: String, found: String) throws {
        let error = try #require(throws: EventDecodingError.self) { try EventJSONCodec().decode(Data(text.utf8)) }
        #expect(error.message == "at the top level: expected an object (an exported event), found \(found)", "\(error)")
    }

    /// An optional given as null or left out is absent; any key order, unknown keys ignored, the
    /// first of a repeated key read.
    @Test(arguments: [
        "{\"session\":\"00000000-0000-4000-8000-000000000009\",\"deck\":null}",
        "{\"session\":\"00000000-0000-4000-8000-000000000009\"}",
        "{\"extra\":[1,{\"a\":2}],\"session\":\"00000000-0000-4000-8000-000000000009\",\"session\":\"00000000-0000-4000-8000-00000000000A\"}",
    ])
    func optionalsMayBeNullOrMissing(payload: String) throws {
        let json = Self.review.replacingOccurrences(of: "PAYLOAD", with: payload)
            .replacingOccurrences(of: "TYPE", with: StudySessionStarted.typeName).replacingOccurrences(of: "SCHEMA", with: "1")
        let event = try EventJSONCodec().decode(Data(json.utf8))
        let session = StudySessionID(try #require(UUID(uuidString: "00000000-0000-4000-8000-000000000009")))
        #expect(event.event == .studySessionStarted(StudySessionStarted(session: session, deck: nil)))
    }
}
