@testable import Events
import Foundation
import Testing
import TestSupport

/// The pieces the canonical reader's plans are made of: ``ExpectedBytes`` compares as `memcmp`
/// does at every length; each event type's ``CanonicalReadingPlan`` lists its shape's fields in
/// key order, spelled as exports write them; the scanner's steps that compare a member at once
/// (``CanonicalJSONScanner/consumeMember(_:after:)``, ``CanonicalJSONScanner/consumeOne(of:in:)``)
/// and read short numbers in straight-line code answer as the general steps do.
@Suite struct CanonicalReadingPlanTests {
    @Test(arguments: 0..<8 as Range<UInt64>)
    func expectedBytesMatchExactlyWhenMemcmpDoes(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0xE8B7)
        for count in 0...40 {
            let expected = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let bytes = ExpectedBytes(expected)
            #expect(bytes.count == count)
            // The same bytes, each one byte changed, and the bytes with others after them.
            var texts = [expected, expected + [0x22, 0x3A]]
            for changed in 0..<count {
                var text = expected
                text[changed] ^= UInt8.random(in: 1...255, using: &random)
                texts.append(text)
            }
            for text in texts {
                let same = text.withUnsafeBytes { t in expected.withUnsafeBytes { e in count == 0 || memcmp(t.baseAddress!, e.baseAddress!, count) == 0 } }
                let matched = text.withUnsafeBytes { count == 0 || bytes.matches($0.baseAddress!) }
                #expect(matched == same, "count \(count): \(text)")
            }
        }
    }

    @Test func membersAndNamesAreSpelledAsExportsWriteThem() {
        let member = ExpectedBytes(member: "duration")
        #expect(member.bytes == Array(#""duration":"#.utf8))
        let name = ExpectedBytes(quoted: "cram")
        #expect(name.bytes == Array(#""cram""#.utf8))
    }

    @Test(arguments: EventKind.allCases)
    func aPlanListsItsShapesFieldsInKeyOrder(kind: EventKind) {
        let shape = kind.jsonShape
        let plan = kind.canonicalReadingPlan
        let root = plan.objects[plan.root]
        #expect(root.members.count == shape.fields.count)
        #expect(root.keyRank == shape.keyRank)
        #expect(root.isKeyOrdered == shape.isKeyOrdered)
        for (member, fieldIndex) in zip(plan.members[root.members], shape.keyOrder) {
            let field = shape.fields[fieldIndex]
            #expect(member.key.bytes == Array(#""\#(field.key)":"#.utf8))
            #expect(member.isOptional == field.kind.isOptional)
        }
        // Every index a node holds points into the plan's tables.
        for node in plan.nodes {
            switch node {
            case .enumeration(let names): #expect(names.upperBound <= plan.names.count)
            case .optional(let wrapped), .array(let wrapped): #expect(wrapped < plan.nodes.count)
            case .object(let object): #expect(object < plan.objects.count)
            case .oneOf(let variants): #expect(variants.upperBound <= plan.variants.count)
            default: break
            }
        }
    }

    /// A member compared at once with its separator, against the two general steps.
    @Test(arguments: [
        (#","card":1"#, true, 8), (#", "card":1"#, true, 9), (#"  ,"card" : 1"#, true, 11), (#","card" :1"#, true, 9),
        (#","cards":1"#, false, 0), (#";"card":1"#, false, 0), (#","card""#, false, 0), (#","#, false, 0), ("", false, 0),
        (#"{"card":1"#, false, 0),
    ] as [(String, Bool, Int)])
    func aMemberAfterItsSeparatorIsReadAsTheGeneralStepsReadIt(text: String, consumed: Bool, index: Int) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { raw in
            var scanner = CanonicalJSONScanner(raw)
            #expect(scanner.consumeMember("\"card\":", after: 0x2C) == consumed, "\(text)")
            #expect(scanner.index == index, "\(text): moves only when it succeeds")
            var general = CanonicalJSONScanner(raw)
            #expect((general.consume(0x2C) && general.consumeMember("\"card\":")) == consumed, "\(text)")
            var planned = CanonicalJSONScanner(raw)
            if planned.consume(0x2C) {
                let after = planned.index
                #expect(planned.consumeMember(ExpectedBytes(member: "card")) == consumed, "\(text)")
                if !consumed { #expect(planned.index == after, "\(text): moves only when it succeeds") }
            }
        }
    }

    @Test(arguments: [
        (#""cram""#, 1), (#" "scheduled""#, 0), (#""cram ""#, nil), (#""cra\u006d""#, nil), (#""crams""#, nil), ("cram", nil), ("", nil),
    ] as [(String, Int?)])
    func anEnumerationNameIsOneOfTheNamesSpelledExactly(text: String, found: Int?) {
        let names = [ExpectedBytes(quoted: "scheduled"), ExpectedBytes(quoted: "cram")]
        Array(text.utf8).withUnsafeBytes { raw in
            var scanner = CanonicalJSONScanner(raw)
            #expect(scanner.consumeOne(of: names, in: 0..<2) == found, "\(text)")
            if found != nil { #expect(scanner.index == raw.count) }
        }
    }

    /// Numbers in every length and neighbourhood: the straight-line path and the general loop
    /// give the same sign, magnitude and cursor, or both refuse.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func shortNumbersReadInStraightLineCodeAsInTheGeneralLoop(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0x5157)
        let after = [",", "}", ".5", "e3", "E3", " ", "", ",\"rest\":\"padding the text past seventeen bytes\""]
        for _ in 0..<4_000 {
            let digits = Int.random(in: 0...21, using: &random)
            var text = Bool.random(using: &random) ? "-" : ""
            for place in 0..<digits { text += String(place == 0 && digits > 1 && Int.random(in: 0..<4, using: &random) > 0 ? Int.random(in: 1...9, using: &random) : Int.random(in: 0...9, using: &random)) }
            if Int.random(in: 0..<8, using: &random) == 0 { text = " " + text }
            text += after[Int.random(in: 0..<after.count, using: &random)]
            Array(text.utf8).withUnsafeBytes { raw in
                var fast = CanonicalJSONScanner(raw)
                var general = CanonicalJSONScanner(raw)
                let read = fast.wholeNumber()
                let expected = general.wholeNumberInAnyText()
                #expect(read?.negative == expected?.negative && read?.magnitude == expected?.magnitude, "\(text)")
                if read != nil { #expect(fast.index == general.index, "\(text)") }
            }
        }
    }

    @Test func aPayloadStringOutsideUTF8GetsTheGeneralPathsError() throws {
        let codec = EventJSONCodec()
        let deck = #"{"eventId":"00000000-0000-4000-8000-000000000065","occurredAt":1763000060000,"payload":{"deck":"00000000-0000-4000-8000-000000000001","name":"NAME"},"position":1001,"profileId":"00000000-0000-4000-8000-0000000000FA","recordedAt":1763000000251,"schemaVersion":1,"streamCategory":"golden","streamId":"00000000-0000-4000-8000-0000000000C8","streamVersion":1,"type":"vocabulary.deck-created","utcOffsetSeconds":34200}"#
        #expect(CanonicalJSONReaderTests.canonical(Array(deck.utf8)) != nil, "the line is read in one pass before it is spoiled")
        var line = Array(deck.utf8)
        let at = line.firstIndex(of: UInt8(ascii: "N"))!
        // A lone continuation byte and a truncated sequence, among plain text.
        line.replaceSubrange(at..<(at + 4), with: [0x44, 0x80, 0xE2, 0x82] as [UInt8])
        #expect(CanonicalJSONReaderTests.canonical(line) == nil)
        let result = CanonicalJSONReaderTests.decoded(line, codec)
        #expect(result == CanonicalJSONReaderTests.general(line))
        guard case .failure(let error) = result else {
            Issue.record("a text outside UTF-8 was read")
            return
        }
        #expect(error.code == .invalidUTF8)
    }
}
