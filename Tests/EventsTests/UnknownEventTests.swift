import Events
import Foundation
import TestSupport
import Testing

/// Events written by a newer app survive this build whole: byte for byte through the log
/// codec, and visibly (type, version, base64 payload) through JSON.
@Suite struct UnknownEventTests {
    static func unknownRecord(seed: UInt64, typeName: String, version: UInt32) throws -> RecordedEvent {
        var g = EventGenerator(seed: seed)
        let template = try g.recorded(.deckDeleted)
        let body = g.rng.bytes(Int.random(in: 0...300, using: &g.rng))
        return RecordedEvent(position: template.position, id: template.id, stream: template.stream,
                             streamVersion: template.streamVersion, profile: template.profile,
                             occurred: template.occurred, recordedAt: template.recordedAt,
                             event: .unknown(UnknownEvent(typeName: typeName, schemaVersion: version, payload: body)))
    }

    @Test(arguments: [("vocabulary.card-starred", 1), ("future.thing-happened 🚀", 3), ("vocabulary.review-graded", 9),
                      ("spelling.word-spelled", 2), ("", 0)] as [(String, UInt32)])
    func unknownTypesSurviveTheLogCodecByteForByte(typeName: String, version: UInt32) throws {
        for seed in 0..<20 as Range<UInt64> {
            let record = try Self.unknownRecord(seed: seed, typeName: typeName, version: version)
            let bytes = LogCodec.encode(record)
            let decoded = try LogCodec.decode(bytes, position: record.position)
            #expect(decoded == record)
            #expect(decoded.typeName == typeName && decoded.schemaVersion == version)
            #expect(LogCodec.encode(decoded) == bytes)
        }
    }

    @Test(arguments: [("stories.story-narrated", 2), ("vocabulary.review-graded", 9)] as [(String, UInt32)])
    func jsonExportShowsTypeVersionAndBase64PayloadAndReadsBack(typeName: String, version: UInt32) throws {
        let record = try Self.unknownRecord(seed: 4, typeName: typeName, version: version)
        guard case .unknown(let unknown) = record.event else { Issue.record("not unknown"); return }
        let json = try EventJSONCodec().encode(record)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["type"] as? String == typeName)
        #expect(object["schemaVersion"] as? Int == Int(version))
        #expect(object["payload"] as? String == Data(unknown.payload).base64EncodedString())
        let back = try EventJSONCodec().decode(json)
        #expect(back == record)
        #expect(LogCodec.encode(back) == LogCodec.encode(record))
    }

    @Test func anUnknownTypeWithAnObjectPayloadIsAClearError() throws {
        let record = try Self.unknownRecord(seed: 8, typeName: "stories.story-narrated", version: 1)
        var object = try #require(try JSONSerialization.jsonObject(with: try EventJSONCodec().encode(record)) as? [String: Any])
        object["payload"] = ["voice": "calm"]
        let json = try JSONSerialization.data(withJSONObject: object)
        let error = try #require(throws: EventDecodingError.self) { try EventJSONCodec().decode(json) }
        #expect(error.code == .invalidJSON)
        #expect(error.message.contains("stories.story-narrated version 1 is not known"))
    }
}
