import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// CSV export: RFC 4180 quoting, one file per type, one chosen type.
@Suite struct CSVExportTests {
    typealias F = ExportLogFixture

    @Test(arguments: ["plain", "a,b", "say \"hi\"", "two\nlines", "cr\r\nlf", "🐶🦊 emoji", " padded ", "", "\"", ",,,"])
    func quotedFieldsParseBack(field: String) throws {
        var out: [UInt8] = []
        CSVText.appendRecord([field, "x", field], to: &out)
        let records = try CSVText.parse(String(decoding: out, as: UTF8.self))
        #expect(records == [[field, "x", field]])
    }

    @Test func quotingIsExactlyRFC4180() {
        var out: [UInt8] = []
        CSVText.appendRecord(["a,b", "say \"hi\"", "x\ny", "🐶", "plain"], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\"a,b\",\"say \"\"hi\"\"\",\"x\ny\",🐶,plain\r\n")
    }

    @Test(arguments: 0..<50)
    func randomRecordsRoundTrip(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let alphabet = ["a", "Z", ",", "\"", "\n", "\r\n", " ", "é", "🐶", "0"]
        let records = (0..<Int(rng.next() % 4) + 1).map { _ in
            (0..<Int(rng.next() % 5) + 1).map { _ in
                (0..<Int(rng.next() % 6)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }.joined()
            }
        }
        var out: [UInt8] = []
        for record in records { CSVText.appendRecord(record, to: &out) }
        let parsed = try CSVText.parse(String(decoding: out, as: UTF8.self))
        // A record of one empty field is written as an empty line, which reads back as no field.
        #expect(parsed.count == records.count)
        for (got, want) in zip(parsed, records) where want != [""] { #expect(got == want) }
    }

    func exportDirectory(policy: PersonalDataPolicy = .resolve(F.personalData())) async throws -> [String: [[String]]] {
        let data = try await F.dataDirectory()
        defer { data.remove() }
        let out = data.appending("csv").path
        let summary = try LogExporter(dataDirectory: data.path, personalData: policy).exportCSV(toDirectory: out)
        #expect(summary.rowsWritten == 13)
        var tables: [String: [[String]]] = [:]
        for file in summary.files {
            let name = URL(fileURLWithPath: file).lastPathComponent
            tables[name] = try CSVText.parse(try String(contentsOfFile: file, encoding: .utf8))
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out)) == Set(tables.keys))
        return tables
    }

    @Test func oneFilePerTypeWithEnvelopeAndFieldColumns() async throws {
        let tables = try await exportDirectory()
        #expect(tables.keys.sorted() == ["profiles.profile-created.csv", "stories.story-generated.csv", "stories.story-requested.csv",
                                         "vocabulary.card-created.csv", "vocabulary.deck-created.csv",
                                         "vocabulary.review-graded.csv", "vocabulary.review-undone.csv"])
        let envelope = EventCSVLayout.envelopeColumns
        let reviews = try #require(tables["vocabulary.review-graded.csv"])
        #expect(reviews[0] == envelope + ["card", "rating", "mode", "duration"])
        #expect(reviews.count == 6)
        #expect(reviews[2] == ["6", "E0060000-0000-0000-0000-000000000001", "vocabulary.review-graded", "2", "card",
                               "30000000-0000-0000-0000-000000000001", "3", "10000000-0000-0000-0000-000000000001",
                               "1767225620000", "0", "1767225620005", "30000000-0000-0000-0000-000000000001", "1", "cram", "4000"])
        let cards = try #require(tables["vocabulary.card-created.csv"])
        #expect(cards[0] == envelope + ["card", "deck", "front", "back"])
        #expect(Array(cards[2].suffix(2)) == ["a, \"quoted\"\nline", "🐶 emoji"])
        let profiles = try #require(tables["profiles.profile-created.csv"])
        #expect(profiles[0] == envelope + ["profile", "name", "isChild"])
        #expect(profiles.dropFirst().map { $0[envelope.count + 1] } == ["Ada Lovelace", "Mia"])
        let stories = try #require(tables["stories.story-generated.csv"])
        #expect(stories[0] == envelope + ["story", "title", "pages", "model"])
        #expect(Array(stories[1].suffix(3)) == ["Mia and the Moon", #"[{"number":1,"text":"Once upon a time, Mia..."}]"#, ""])
        let requests = try #require(tables["stories.story-requested.csv"])
        #expect(requests[0] == envelope + ["story", "theme", "childAge", "growthTopic", "childName"])
        #expect(Array(requests[1].suffix(4)) == ["space", "6", "sharing", "Mia"])
    }

    @Test func redactedCSVHoldsNoName() async throws {
        let tables = try await exportDirectory(policy: .redact(salt: "pepper"))
        let text = tables.values.flatMap { $0 }.flatMap { $0 }.joined(separator: "|")
        for name in ["Ada", "Mia", "Moon", "Once upon", F.childName.key.uuidString] { #expect(!text.contains(name)) }
        let pseudonym = PersonalDataRenderer(policy: .redact(salt: "pepper")).text(of: F.childName)
        #expect(tables["profiles.profile-created.csv"]?[2].contains(pseudonym) == true)
        #expect(tables["stories.story-requested.csv"]?[1].last == pseudonym)
    }

    @Test func oneChosenTypeToAFile() async throws {
        let data = try await F.dataDirectory()
        defer { data.remove() }
        let exporter = LogExporter(dataDirectory: data.path, personalData: .resolve(F.personalData()))
        let out = data.appending("undone.csv").path
        let summary = try exporter.exportCSV(type: "vocabulary.review-undone", to: out,
                                             filter: ExportFilter(profiles: [F.parent]))
        #expect(summary.rowsWritten == 1)
        let rows = try CSVText.parse(try String(contentsOfFile: out, encoding: .utf8))
        #expect(rows == [EventCSVLayout.envelopeColumns + ["card", "review"],
                         ["9", "E0090000-0000-0000-0000-000000000001", "vocabulary.review-undone", "1", "card",
                          "30000000-0000-0000-0000-000000000001", "6", "10000000-0000-0000-0000-000000000001",
                          "1767398401000", "0", "1767398401005", "30000000-0000-0000-0000-000000000001",
                          "E0080000-0000-0000-0000-000000000001"]])
        let none = try exporter.exportCSV(type: "dictation.dictation-finished", to: out)
        #expect(none.rowsWritten == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == EventCSVLayout.envelopeColumns.joined(separator: ",") + "\r\n")
    }

    /// The record `record` written by `writer` through the record path (straight from its bytes
    /// when it can be), as the export writes it.
    static func viaRecord(_ record: [UInt8], position: UInt64, _ writer: CSVTableWriter) throws {
        try F.scan(record, position: position) { bytes, envelope, decoded in
            try writer.append(record: bytes, envelope: envelope, position: position, decoded: decoded)
        }
    }

    /// A record of a current type without personal data is written straight from its log bytes;
    /// every record, whichever path takes it (personal data, older versions, unknown types), gives
    /// the bytes its decoded event gives, under every policy.
    @Test(arguments: JSONLineWriterTests.policies.indices)
    func bothPathsWriteTheSameRecords(policy index: Int) throws {
        let renderer = PersonalDataRenderer(policy: JSONLineWriterTests.policies[index].1)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (number, event) in try JSONLineWriterTests.records().enumerated() {
            let layout = EventCSVLayout(of: event.event)
            let record = LogCodec.encode(event)
            let straight = try CSVTableWriter(path: directory.path + "/straight\(number).csv", layout: layout, renderer: renderer)
            try Self.viaRecord(record, position: event.position, straight)
            let decoded = try CSVTableWriter(path: directory.path + "/decoded\(number).csv", layout: layout, renderer: renderer)
            try decoded.append(try LogCodec.decode(record, position: event.position))
            #expect(straight.bufferedBytes == decoded.bufferedBytes,
                    "\(JSONLineWriterTests.policies[index].0), \(event.typeName) v\(event.schemaVersion): \(String(decoding: straight.bufferedBytes, as: UTF8.self))")
            let rows = try CSVText.parse(String(decoding: straight.bufferedBytes, as: UTF8.self))
            #expect(rows.count == 2 && rows[1].count == layout.header.count, "\(event.typeName)")
            let current = event.event.kind.map { $0.schemaVersion == event.schemaVersion } ?? false
            #expect(straight.recordsWrittenStraight == (current && !event.event.kind!.holdsPersonalData ? 1 : 0), "\(event.typeName)")
        }
    }

    /// Texts that must be quoted or hold JSON escapes come out of the straight path as the decoder's.
    @Test(arguments: ["plain", "a,b", "say \"hi\"", "back\\slash", "two\nlines", "tab\tand\u{1}", " padded ", "", "é猫😀", "null"])
    func textsNeedingQuotesOrEscapesAreTheDecodersCells(text: String) throws {
        let event = RecordedEvent(position: 4, id: EventID(F.uuid(0xE0, 4)), stream: .card(CardID(F.uuid(0x30, 1))), streamVersion: 1,
                                  profile: F.parent, occurred: EventTime(instant: Timestamp(milliseconds: 1_000), utcOffset: try UTCOffset(seconds: 3600)),
                                  recordedAt: Timestamp(milliseconds: 1_001),
                                  event: .cardCreated(CardCreated(card: CardID(F.uuid(0x30, 1)), deck: DeckID(F.uuid(0x20, 1)), front: text, back: text)))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let renderer = PersonalDataRenderer(policy: .redact(salt: "s"))
        let layout = EventCSVLayout(of: event.event)
        let straight = try CSVTableWriter(path: directory.path + "/straight.csv", layout: layout, renderer: renderer)
        try Self.viaRecord(LogCodec.encode(event), position: 4, straight)
        #expect(straight.recordsWrittenStraight == 1)
        let decoded = try CSVTableWriter(path: directory.path + "/decoded.csv", layout: layout, renderer: renderer)
        try decoded.append(event)
        #expect(straight.bufferedBytes == decoded.bufferedBytes)
        let rows = try CSVText.parse(String(decoding: straight.bufferedBytes, as: UTF8.self))
        #expect(Array(rows[1].suffix(2)) == [text, text])
    }

    /// A damaged record is the decoder's typed error naming its position, and leaves no partial record.
    @Test func aDamagedRecordIsATypedErrorWithItsPosition() throws {
        let event = try F.events()[2]  // the deck's creation: written straight when whole
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try CSVTableWriter(path: directory.path + "/deck.csv", layout: EventCSVLayout(of: event.event),
                                        renderer: PersonalDataRenderer(policy: .redact(salt: "s")))
        let header = writer.bufferedBytes
        let error = try #require(throws: ExportError.self) { try Self.viaRecord(LogCodec.encode(event) + [0], position: 3, writer) }
        #expect(error.code == .undecodableEvent)
        #expect(error.position == 3)
        #expect(writer.bufferedBytes == header)
    }
}
