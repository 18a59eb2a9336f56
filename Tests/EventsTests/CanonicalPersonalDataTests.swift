@testable import Events
import Foundation
import Testing
import TestSupport

/// A line with the `personalData` member a JSON Lines export adds is read in one pass, and what
/// the codec's `extra` reads from it is what it reads from the whole document on the general
/// path: the same event, the same member, the same error for a member that is no valid JSON.
@Suite struct CanonicalPersonalDataTests {
    /// What the import reads from a line's root: the `personalData` member's texts, or why not.
    static func texts(_ document: JSONDocument, _ root: JSONDocument.Index) throws(EventDecodingError) -> String {
        guard let member = document.member(root, "personalData") else { return "absent" }
        guard document.kind(member) == .object else { return "not an object" }
        var texts: [String] = []
        for (key, value) in document.members(member) {
            guard let field = document.string(key), let text = document.string(value) else {
                throw EventDecodingError(.invalidValue, "personalData.\(document.string(key) ?? "?") is not a text")
            }
            texts.append("\(field)=\(text)")
        }
        return texts.joined(separator: ",")
    }

    /// The general path alone: the event and what `texts` reads from the whole document.
    static func general(_ line: [UInt8]) -> Result<[String], EventDecodingError> {
        line.withUnsafeBytes { bytes in
            Result { () throws(EventDecodingError) -> [String] in
                var parser = JSONParser()
                let document = try parser.parse(bytes)
                let event = try RecordedEvent(json: document, at: document.root, buffers: JSONPayloadBuffers())
                return ["\(event)", try texts(document, document.root)]
            }
        }
    }

    /// The codec's answer, one-pass reader first.
    static func decoded(_ line: [UInt8], _ codec: EventJSONCodec) -> Result<[String], EventDecodingError> {
        line.withUnsafeBytes { bytes in
            Result { () throws(EventDecodingError) -> [String] in
                let read = try codec.decode(bytes) { (document, root) throws(EventDecodingError) -> String in try texts(document, root) }
                return ["\(read.event)", read.extra]
            }
        }
    }

    @Test(arguments: [
        (#"{"childName":"Ann","title":"Tom \u0026 \"Jerry\""}"#, true),
        (#"{}"#, true),
        (#" { "childName" : "Ann" } "#, true),
        (#"{"childName":"Ann","childName":"Bob"}"#, true),
        (#"["Ann"]"#, true),
        (#"{"childName":{"nested":[1,2,{"a":null}]}}"#, true),
        (#"{"childName":7}"#, true),
        (#"{"childName":"Ann",}"#, true),
        (#"{"childName":"A\x"}"#, true),
        (#"{"childName":"\ud800"}"#, true),
        (#"{"childName":01}"#, true),
        (#"{"childName":"Ann"]"#, true),
        (#"{"childName":"Ann""#, false),
        (#""Ann""#, false),
        (#"null"#, false),
    ])
    func personalDataIsReadAsTheGeneralPathReadsIt(member: String, envelopeInOnePass: Bool) {
        let line = Array(CanonicalJSONReaderTests.review.replacingOccurrences(
            of: #""position""#, with: #""personalData":"# + member + #","position""#).utf8)
        // The one-pass reader takes the envelope around any object or array with balanced
        // brackets; the codec then parses the member, and leaves the line to the general path
        // when the member is no valid JSON.
        #expect((CanonicalJSONReaderTests.canonical(line) != nil) == envelopeInOnePass, "\(member)")
        #expect(Self.decoded(line, EventJSONCodec()) == Self.general(line), "\(member)")
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func randomMembersAndDamageGiveTheGeneralPathsAnswer(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0x9D)
        var mutator = Mutator(seed: seed &+ 3)
        let codec = EventJSONCodec()
        var g = EventGenerator(seed: seed)
        for _ in 0..<40 {
            var texts: [String] = []
            for index in 0..<Int.random(in: 0...3, using: &random) {
                texts.append("\"field\(index)\":" + String(decoding: EscapeRespelling.spelled(g.text(), using: &random), as: UTF8.self))
            }
            let line = Array(CanonicalJSONReaderTests.review.replacingOccurrences(
                of: #""position""#, with: #""personalData":{"# + texts.joined(separator: ",") + #"},"position""#).utf8)
            #expect(CanonicalJSONReaderTests.canonical(line) != nil)
            #expect(Self.decoded(line, codec) == Self.general(line))
            let damaged = mutator.mutateText(line, splicingWith: line)
            #expect(Self.decoded(damaged, codec) == Self.general(damaged), "\(String(decoding: damaged, as: UTF8.self))")
        }
    }
}
