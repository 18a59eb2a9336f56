import Events
import Foundation
import Testing

/// Older schema versions are read back as the current one, with documented defaults.
@Suite struct UpcastTests {
    /// The JSON of `current` (a review-graded v2) as version 1 wrote it: no `mode`, version 1.
    static func v1JSON(of current: RecordedEvent) throws -> Data {
        let json = try EventJSONCodec().encode(current)
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var payload = try #require(object["payload"] as? [String: Any])
        payload.removeValue(forKey: "mode")
        object["payload"] = payload
        object["schemaVersion"] = 1
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    @Test(arguments: 0..<50 as Range<UInt64>)
    func reviewGradedV1LogRecordReadsAsV2Scheduled(seed: UInt64) throws {
        var g = EventGenerator(seed: seed)
        let template = try g.recorded(.reviewGraded)
        let v1 = ReviewGradedV1(card: CardID(g.uuid()), rating: g.pick(Rating.allCases), duration: try g.elapsed())
        let stored = RecordedEvent(position: template.position, id: template.id, stream: template.stream,
                                   streamVersion: template.streamVersion, profile: template.profile,
                                   occurred: template.occurred, recordedAt: template.recordedAt,
                                   event: .unknown(UnknownEvent(typeName: "vocabulary.review-graded", schemaVersion: 1, payload: v1.logBody)))
        let decoded = try LogCodec.decode(LogCodec.encode(stored), position: stored.position)
        #expect(decoded.event == .reviewGraded(ReviewGraded(card: v1.card, rating: v1.rating, mode: .scheduled, duration: v1.duration)))
        #expect(decoded.schemaVersion == 2)
        #expect(decoded.id == stored.id && decoded.occurred == stored.occurred && decoded.stream == stored.stream)
    }

    @Test func reviewGradedV1JSONReadsAsV2Scheduled() throws {
        var g = EventGenerator(seed: 99)
        let current = try g.recorded(.reviewGraded)
        guard case .reviewGraded(let review) = current.event else { Issue.record("generator"); return }
        let expected = RecordedEvent(position: current.position, id: current.id, stream: current.stream,
                                     streamVersion: current.streamVersion, profile: current.profile,
                                     occurred: current.occurred, recordedAt: current.recordedAt,
                                     event: .reviewGraded(ReviewGraded(card: review.card, rating: review.rating,
                                                                       mode: .scheduled, duration: review.duration)))
        let decoded = try EventJSONCodec().decode(try Self.v1JSON(of: current))
        #expect(decoded == expected)
    }

    @Test func aBase64BodyOfAKnownTypeDecodesThroughTheLogCodec() throws {
        // An export made by an older build that did not know review-graded v2 carries it as base64.
        var g = EventGenerator(seed: 5)
        let event = try g.recorded(.reviewGraded)
        guard case .reviewGraded(let review) = event.event else { Issue.record("generator"); return }
        let body = LogCodec.encode(event).suffix(ReviewGradedBodySize.of(review))
        var object = try #require(try JSONSerialization.jsonObject(with: try EventJSONCodec().encode(event)) as? [String: Any])
        object["payload"] = Data(body).base64EncodedString()
        let json = try JSONSerialization.data(withJSONObject: object)
        #expect(try EventJSONCodec().decode(json) == event)
    }
}

/// The size of a review body in the log encoding: card (16), rating (1), mode (1), duration varint.
enum ReviewGradedBodySize {
    static func of(_ review: ReviewGraded) -> Int {
        var ms = UInt64(review.duration.milliseconds), varint = 1
        while ms >= 0x80 { ms >>= 7; varint += 1 }
        return 18 + varint
    }
}

/// Version-1 parental controls read as version 2 allow exactly the stories they allowed.
@Suite struct ParentalControlsUpcastTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let limit: UInt32
        let themes: [String]
        let expectedLimit: UInt32
        let expectedThemes: [String]?
        var testDescription: String { "\(limit) \(themes)" }
    }

    static let cases = [
        Case(limit: 2, themes: ["space", "sea"], expectedLimit: 2, expectedThemes: ["space", "sea"]),
        Case(limit: 2, themes: [], expectedLimit: 0, expectedThemes: nil),
        Case(limit: 0, themes: ["space"], expectedLimit: 0, expectedThemes: ["space"]),
        Case(limit: 4, themes: ["", "sea"], expectedLimit: 4, expectedThemes: ["sea"]),
        Case(limit: 4, themes: [""], expectedLimit: 0, expectedThemes: nil),
    ]

    @Test(arguments: cases)
    func upcast(_ example: Case) {
        let v2 = ParentalControlsChangedV1(dailyStoryLimit: example.limit, allowedThemes: example.themes).upcastToCurrent()
        #expect(v2.setBy == nil)
        #expect(v2.dailyStoryLimit == example.expectedLimit)
        #expect(v2.themes.allowed == example.expectedThemes)
    }
}
