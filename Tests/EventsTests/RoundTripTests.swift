import Events
import Foundation
import Testing

/// Property tests: every event type, with seeded random values (Unicode, empty and very long
/// text, extreme instants and offsets), survives both encodings unchanged.
@Suite struct RoundTripTests {
    @Test(arguments: 0..<60 as Range<UInt64>)
    func logEncodingRoundTripsEveryEventType(seed: UInt64) throws {
        var g = EventGenerator(seed: seed)
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let bytes = LogCodec.encode(event)
            let decoded = try LogCodec.decode(bytes, position: event.position)
            #expect(decoded == event, "seed \(seed), \(kind.typeName)")
            #expect(LogCodec.encode(decoded) == bytes, "re-encoding \(kind.typeName) changed its bytes")
        }
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func jsonEncodingRoundTripsEveryEventType(seed: UInt64) throws {
        var g = EventGenerator(seed: seed ^ 0xA5A5)
        let codec = EventJSONCodec()
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let json = try codec.encode(event)
            let decoded = try codec.decode(json)
            #expect(decoded == event, "seed \(seed), \(kind.typeName): \(String(decoding: json.prefix(300), as: UTF8.self))")
            #expect(try codec.encode(decoded) == json, "re-encoding \(kind.typeName) as JSON changed it")
        }
    }

    @Test func pendingEventEncodesAsTheRecordedEventWithoutPosition() throws {
        var g = EventGenerator(seed: 7)
        let recorded = try g.recorded(.reviewGraded)
        let pending = PendingEvent(id: recorded.id, stream: recorded.stream, profile: recorded.profile,
                                   occurred: recorded.occurred, event: recorded.event)
        let bytes = LogCodec.encode(pending, streamVersion: recorded.streamVersion, recordedAt: recorded.recordedAt)
        #expect(bytes == LogCodec.encode(recorded))
        #expect(try LogCodec.decode(bytes, position: 42) == RecordedEvent(pending, position: 42,
            streamVersion: recorded.streamVersion, recordedAt: recorded.recordedAt))
    }

    @Test func eventIDIsReadWithoutDecodingAndDataDecodesLikeAnArray() throws {
        var g = EventGenerator(seed: 13)
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let bytes = LogCodec.encode(event)
            #expect(try bytes.withUnsafeBytes { raw throws(EventDecodingError) in try LogCodec.eventID(in: raw) } == event.id)
            #expect(try LogCodec.decode(Data(bytes), position: event.position) == event)
            #expect(try LogCodec.decode(bytes[...], position: event.position) == event)
        }
        let error = try #require(throws: EventDecodingError.self) {
            try [UInt8]([1, 2, 3]).withUnsafeBytes { raw throws(EventDecodingError) in try LogCodec.eventID(in: raw) }
        }
        #expect(error.code == .truncated)
    }

    @Test func encodingAppendsToAReusedBuffer() throws {
        var g = EventGenerator(seed: 11)
        let first = try g.recorded(.cardCreated), second = try g.recorded(.wordSpelled)
        var buffer: [UInt8] = [0xEE]
        LogCodec.encode(first, into: &buffer)
        #expect(buffer == [0xEE] + LogCodec.encode(first))
        buffer.removeAll(keepingCapacity: true)
        LogCodec.encode(second, into: &buffer)
        #expect(try LogCodec.decode(buffer, position: second.position) == second)
    }

    @Test func jsonExportHasStableSortedKeysAndMillisecondInstants() throws {
        let event = try RecordedEvent(
            position: 5, id: EventID(fixedUUID(1)), stream: .card(CardID(fixedUUID(2))), streamVersion: 3,
            profile: ProfileID(fixedUUID(4)),
            occurred: EventTime(instant: Timestamp(milliseconds: 1_700_000_000_123), utcOffset: UTCOffset(seconds: 3600)),
            recordedAt: Timestamp(milliseconds: 1_700_000_000_456),
            event: .reviewGraded(ReviewGraded(card: CardID(fixedUUID(2)), rating: .good, mode: .scheduled,
                                              duration: ElapsedTime(milliseconds: 5300))))
        let json = String(decoding: try EventJSONCodec().encode(event), as: UTF8.self)
        #expect(json == """
            {"eventId":"00000000-0000-4000-8000-000000000001","occurredAt":1700000000123,"payload":{"card":"00000000-0000-4000-8000-000000000002","duration":5300,"mode":"scheduled","rating":3},"position":5,"profileId":"00000000-0000-4000-8000-000000000004","recordedAt":1700000000456,"schemaVersion":2,"streamCategory":"card","streamId":"00000000-0000-4000-8000-000000000002","streamVersion":3,"type":"vocabulary.review-graded","utcOffsetSeconds":3600}
            """)
    }

    @Test func localTimeFollowsTheRecordedOffsetAndSaturates() throws {
        let time = EventTime(instant: Timestamp(milliseconds: 0), utcOffset: try UTCOffset(seconds: -3600))
        #expect(time.localMilliseconds == -3_600_000)
        let late = EventTime(instant: Timestamp(milliseconds: .max), utcOffset: try UTCOffset(seconds: 60))
        #expect(late.localMilliseconds == .max)
        #expect(try UTCOffset(seconds: -16_200).description == "UTC-04:30")
    }
}
