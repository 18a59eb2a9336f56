@testable import Events
import Foundation
import Testing
import TestSupport

/// The one-pass reader of exported event JSON
/// (``RecordedEvent/init(canonicalJSON:reader:personalData:)``) against the general path
/// (``JSONParser`` and ``RecordedEvent/init(json:at:buffers:)``): it reads every line an export
/// writes, escapes and all, to the same event; on any other text it steps aside or agrees; and
/// the codec, which tries it first, gives exactly the general path's event or error on valid,
/// rearranged, mutated and truncated lines.
@Suite struct CanonicalJSONReaderTests {
    /// The general path alone: the event, or the error it throws.
    static func general(_ line: [UInt8]) -> Result<RecordedEvent, EventDecodingError> {
        line.withUnsafeBytes { bytes in
            Result { () throws(EventDecodingError) -> RecordedEvent in
                var parser = JSONParser()
                let document = try parser.parse(bytes)
                return try RecordedEvent(json: document, at: document.root, buffers: JSONPayloadBuffers())
            }
        }
    }

    /// The one-pass reader alone: the event, or nil when it leaves the text to the general path.
    static func canonical(_ line: [UInt8]) -> RecordedEvent? {
        var reader = CanonicalBodyReader()
        var personalData: UnsafeRawBufferPointer?
        return line.withUnsafeBytes { RecordedEvent(canonicalJSON: $0, reader: &reader, personalData: &personalData) }
    }

    /// The codec's answer (one-pass reader first, then the general path).
    static func decoded(_ line: [UInt8], _ codec: EventJSONCodec) -> Result<RecordedEvent, EventDecodingError> {
        line.withUnsafeBytes { bytes in Result { () throws(EventDecodingError) in try codec.decode(bytes) } }
    }

    /// Checks that the codec answers as the general path does, and that the one-pass reader, when
    /// it reads `line`, reads the general path's event.
    static func expectAgreement(_ line: [UInt8], _ codec: EventJSONCodec, _ context: String) {
        let expected = general(line)
        #expect(decoded(line, codec) == expected, "\(context): \(String(decoding: line, as: UTF8.self))")
        if let event = canonical(line) {
            #expect(Result.success(event) == expected, "\(context): \(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test(arguments: 0..<24 as Range<UInt64>)
    func exportedLinesAreReadInOnePassToTheSameEvent(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0x2545_F491 ^ 0x3C)
        let codec = EventJSONCodec()
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let line = Array(try codec.encode(event))
            #expect(Self.general(line) == .success(event), "seed \(seed), \(kind.typeName)")
            // Every line, escapes and all (the generator's texts hold every hard character).
            #expect(Self.canonical(line) == event, "seed \(seed), \(kind.typeName): \(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func rearrangedLinesDecodeAsTheGeneralPathDecodesThem(seed: UInt64) throws {
        var g = EventGenerator(seed: seed ^ 0xA5A5)
        var random = SplitMix64(seed: seed)
        let codec = EventJSONCodec()
        for kind in EventKind.allCases {
            let event = try g.recorded(kind)
            let line = Array(try codec.encode(event))
            for variant in JSONRearrangement.allCases {
                let changed = variant.apply(to: line, using: &random)
                Self.expectAgreement(changed, codec, "seed \(seed), \(kind.typeName), \(variant)")
                #expect(Self.general(changed) == .success(event), "seed \(seed), \(kind.typeName), \(variant)")
            }
        }
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func mutatedAndTruncatedLinesGiveTheGeneralPathsAnswer(seed: UInt64) throws {
        var g = EventGenerator(seed: seed ^ 0x5A5A_1234)
        var mutator = Mutator(seed: seed &+ 99)
        let codec = EventJSONCodec()
        var previous = Array(Self.review.utf8)
        for kind in EventKind.allCases {
            let line = Array(try codec.encode(try g.recorded(kind)))
            for _ in 0..<12 {
                Self.expectAgreement(mutator.mutateText(line, splicingWith: previous), codec, "seed \(seed), \(kind.typeName)")
            }
            Self.expectAgreement(Array(line.prefix(mutator.below(line.count))), codec, "seed \(seed), \(kind.typeName), truncated")
            previous = line
        }
    }

    /// The golden review, as an export writes it.
    static let review = #"{"eventId":"00000000-0000-4000-8000-00000000006E","occurredAt":1763000600000,"payload":{"card":"00000000-0000-4000-8000-000000000013","duration":24442,"mode":"cram","rating":2},"position":1010,"profileId":"00000000-0000-4000-8000-0000000000FA","recordedAt":1763000000260,"schemaVersion":2,"streamCategory":"golden","streamId":"00000000-0000-4000-8000-0000000000CD","streamVersion":10,"type":"vocabulary.review-graded","utcOffsetSeconds":-16200}"#

    /// An edit of ``review``, and whether the one-pass reader reads the result (else it leaves
    /// it to the general path, which reads it or refuses it).
    struct Edit: Sendable, CustomStringConvertible {
        let description: String
        let from: String
        let to: String
        let readInOnePass: Bool
    }

    static let edits: [Edit] = [
        Edit(description: "as exported", from: "", to: "", readInOnePass: true),
        Edit(description: "whitespace around every token", from: #"{"eventId":"#, to: " \t{ \"eventId\" :\r\n", readInOnePass: true),
        Edit(description: "whitespace at the end", from: "-16200}", to: "-16200 } \n", readInOnePass: true),
        Edit(description: "lower-case UUID", from: "0000000000FA", to: "0000000000fa", readInOnePass: true),
        Edit(description: "-0 offset", from: "-16200", to: "-0", readInOnePass: true),
        Edit(description: "rating 3.0", from: #""rating":2"#, to: #""rating":2.0"#, readInOnePass: false),
        Edit(description: "rating 2e0", from: #""rating":2"#, to: #""rating":2e0"#, readInOnePass: false),
        Edit(description: "escaped key", from: #""card""#, to: #""c\u0061rd""#, readInOnePass: false),
        Edit(description: "escaped slash in a value", from: #""golden""#, to: #""gol\/den""#, readInOnePass: false),
        Edit(description: "keys out of order", from: #""mode":"cram","rating":2"#, to: #""rating":2,"mode":"cram""#, readInOnePass: false),
        Edit(description: "repeated key, first wins", from: #""rating":2"#, to: #""rating":2,"rating":3"#, readInOnePass: false),
        Edit(description: "unknown payload key", from: #""rating":2"#, to: #""rating":2,"zzz":[1,{"a":null}]"#, readInOnePass: false),
        Edit(description: "unknown envelope key", from: #""position""#, to: #""pet":{},"position""#, readInOnePass: false),
        Edit(description: "personal data", from: #""position""#, to: #""personalData":{"name":"Ann"},"position""#, readInOnePass: true),
        Edit(description: "personal data not an object", from: #""position""#, to: #""personalData":"Ann","position""#, readInOnePass: false),
        Edit(description: "leading zero", from: #""rating":2"#, to: #""rating":02"#, readInOnePass: false),
        Edit(description: "trailing comma", from: #""rating":2}"#, to: #""rating":2,}"#, readInOnePass: false),
        Edit(description: "missing key", from: #""mode":"cram","#, to: "", readInOnePass: false),
        Edit(description: "rating out of range", from: #""rating":2"#, to: #""rating":7"#, readInOnePass: false),
        Edit(description: "rating beyond a byte", from: #""rating":2"#, to: #""rating":256"#, readInOnePass: false),
        Edit(description: "unknown mode", from: #""cram""#, to: #""later""#, readInOnePass: false),
        Edit(description: "lone surrogate", from: #""golden""#, to: #""gol\ud800den""#, readInOnePass: false),
        Edit(description: "control character in a string", from: #""golden""#, to: "\"gol\u{1}den\"", readInOnePass: false),
        Edit(description: "text after the object", from: "-16200}", to: "-16200}x", readInOnePass: false),
        Edit(description: "offset beyond 18 h", from: "-16200", to: "-90000", readInOnePass: false),
        Edit(description: "unknown type", from: "vocabulary.review-graded", to: "vocabulary.review-graded-later", readInOnePass: false),
        Edit(description: "earlier schema version", from: #""schemaVersion":2"#, to: #""schemaVersion":1"#, readInOnePass: false),
        Edit(description: "bad stream category", from: #""golden""#, to: #""Golden!""#, readInOnePass: false),
        Edit(description: "UUID one digit short", from: "-000000000013", to: "-00000000013", readInOnePass: false),
        Edit(description: "UUID not hex", from: "-000000000013", to: "-00000000001G", readInOnePass: false),
        Edit(description: "payload an array", from: #""payload":{"card""#, to: #""payload":[{"card""#, readInOnePass: false),
        Edit(description: "position negative", from: #""position":1010"#, to: #""position":-1010"#, readInOnePass: false),
        Edit(description: "position beyond 64 bits", from: #""position":1010"#, to: #""position":18446744073709551616"#, readInOnePass: false),
    ]

    @Test(arguments: edits)
    func editsAreReadInOnePassOrLeftToTheGeneralPath(edit: Edit) throws {
        let text = edit.from.isEmpty ? Self.review : Self.review.replacingOccurrences(of: edit.from, with: edit.to)
        #expect(text != Self.review || edit.from.isEmpty, "the edit changes nothing")
        let line = Array(text.utf8)
        #expect((Self.canonical(line) != nil) == edit.readInOnePass)
        Self.expectAgreement(line, EventJSONCodec(), edit.description)
    }

    @Test func anArrayOfMoreThan127ElementsKeepsItsCount() throws {
        let words = (0..<200).map { "\"w\($0)\"" }.joined(separator: ",")
        let line = Array((#"{"eventId":"00000000-0000-4000-8000-00000000006E","occurredAt":1,"payload":{"test":"00000000-0000-4000-8000-000000000013","title":"t","words":["#
            + words + #"]},"position":1,"profileId":"00000000-0000-4000-8000-0000000000FA","recordedAt":1,"schemaVersion":1,"streamCategory":"golden","streamId":"00000000-0000-4000-8000-0000000000CD","streamVersion":1,"type":"spelling.test-created","utcOffsetSeconds":0}"#).utf8)
        let expected = Self.general(line)
        guard case .success(let event) = expected, case .spellingTestCreated(let created) = event.event else {
            Issue.record("the general path does not read the line: \(expected)")
            return
        }
        #expect(created.words.words.count == 200)
        #expect(Self.canonical(line) == event)
    }
}

/// Rearrangements of an exported line that keep it valid JSON.
enum JSONRearrangement: CaseIterable, CustomStringConvertible {
    /// The members of every object in a random order.
    case shuffledKeys
    /// An unknown member added to every object.
    case extraKeys
    /// Whitespace between tokens.
    case whitespace
    /// `/` and `e` escaped inside strings.
    case escapes
    /// The first member of every object repeated at its end (the first is read).
    case repeatedKey

    var description: String {
        switch self {
        case .shuffledKeys: "shuffled keys"
        case .extraKeys: "extra keys"
        case .whitespace: "whitespace"
        case .escapes: "escapes"
        case .repeatedKey: "repeated key"
        }
    }

    /// `line` (as the codec writes it) rearranged.
    func apply(to line: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        if self == .escapes { return EventJSONFoundationTests.loosened(line) }
        var parser = JSONParser()
        return line.withUnsafeBytes { bytes in
            // Lines written by the codec always parse.
            let document = try! parser.parse(bytes)
            var out: [UInt8] = []
            emit(document, document.root, depth: 0, into: &out, using: &random)
            return out
        }
    }

    /// Writes value `index` rearranged; members are added or repeated only in the envelope and
    /// the payload (`depth` 0 and 1), not in the one-member objects of a choice (`{"int": 3}`).
    private func emit(_ document: JSONDocument, _ index: JSONDocument.Index, depth: Int, into out: inout [UInt8],
                      using random: inout SplitMix64) {
        let space: [UInt8] = self == .whitespace ? [[], [0x20], [0x0A, 0x09], [0x0D, 0x0A, 0x20]][Int.random(in: 0..<4, using: &random)] : []
        switch document.kind(index) {
        case .object:
            var members = document.members(index).map {
                Array(document.text($0.key)) + [0x3A] + emitted(document, $0.value, depth + 1, &random)
            }
            if self == .shuffledKeys { members.shuffle(using: &random) }
            if self == .extraKeys && depth <= 1 { members.insert(Array(#""zz-extra":[1,{"a":null},"\u00e9"]"#.utf8), at: Int.random(in: 0...members.count, using: &random)) }
            if self == .repeatedKey && depth <= 1, let first = members.first { members.append(first) }
            out += space + [0x7B] + space + Array(members.joined(separator: space + [0x2C] + space)) + space + [0x7D] + space
        case .array:
            let elements = document.elements(index).map { emitted(document, $0, depth + 1, &random) }
            out += space + [0x5B] + Array(elements.joined(separator: space + [0x2C] + space)) + [0x5D] + space
        default:
            out += space + Array(document.text(index)) + space
        }
    }

    private func emitted(_ document: JSONDocument, _ index: JSONDocument.Index, _ depth: Int, _ random: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        emit(document, index, depth: depth, into: &out, using: &random)
        return out
    }
}

