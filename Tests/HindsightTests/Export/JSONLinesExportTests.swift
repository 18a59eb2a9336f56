import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// JSON Lines export of the hand-made log, on real files.
@Suite struct JSONLinesExportTests {
    typealias F = ExportLogFixture

    func export(_ filter: ExportFilter = ExportFilter(), policy: PersonalDataPolicy = .resolve(F.personalData()))
        async throws -> (lines: [String], summary: ExportSummary) {
        let data = try await F.dataDirectory()
        defer { data.remove() }
        let out = data.appending("out.jsonl").path
        let summary = try LogExporter(dataDirectory: data.path, personalData: policy).exportJSONLines(to: out, filter: filter)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.isEmpty || text.hasSuffix("\n"))
        #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
        return (text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), summary)
    }

    @Test func theFirstEventsAreExactlyTheseLines() async throws {
        let (lines, summary) = try await export(ExportFilter(until: Timestamp(milliseconds: F.start + 2_500)))
        #expect(summary.recordsRead == 13)
        #expect(summary.rowsWritten == 3)
        #expect(lines == [
            #"{"eventId":"E0010000-0000-0000-0000-000000000001","occurredAt":1767225600000,"payload":{"isChild":false,"name":"50000000-0000-0000-0000-000000000001","profile":"10000000-0000-0000-0000-000000000001"},"personalData":{"name":"Ada Lovelace"},"position":1,"profileId":"10000000-0000-0000-0000-000000000001","recordedAt":1767225600005,"schemaVersion":1,"streamCategory":"profile","streamId":"10000000-0000-0000-0000-000000000001","streamVersion":1,"type":"profiles.profile-created","utcOffsetSeconds":0}"#,
            #"{"eventId":"E0020000-0000-0000-0000-000000000001","occurredAt":1767225601000,"payload":{"isChild":true,"name":"51000000-0000-0000-0000-000000000001","profile":"11000000-0000-0000-0000-000000000001"},"personalData":{"name":"Mia"},"position":2,"profileId":"11000000-0000-0000-0000-000000000001","recordedAt":1767225601005,"schemaVersion":1,"streamCategory":"profile","streamId":"11000000-0000-0000-0000-000000000001","streamVersion":1,"type":"profiles.profile-created","utcOffsetSeconds":0}"#,
            #"{"eventId":"E0030000-0000-0000-0000-000000000001","occurredAt":1767225602000,"payload":{"deck":"20000000-0000-0000-0000-000000000001","name":"Deutsch"},"position":3,"profileId":"10000000-0000-0000-0000-000000000001","recordedAt":1767225602005,"schemaVersion":1,"streamCategory":"deck","streamId":"20000000-0000-0000-0000-000000000001","streamVersion":1,"type":"vocabulary.deck-created","utcOffsetSeconds":3600}"#,
        ])
    }

    @Test func everyLineDecodesBackToTheRecordedEvent() async throws {
        let (lines, _) = try await export()
        let codec = EventJSONCodec()
        let decoded = try lines.map { try codec.decode(Data($0.utf8)) }
        #expect(decoded == (try F.events()))
    }

    @Test func erasedNamesShowAsErased() async throws {
        let store = F.personalData()
        store.erase(F.childName)
        let (lines, _) = try await export(ExportFilter(profiles: [F.child]), policy: .resolve(store))
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""personalData":{"name":"[erased]"}"#))
        #expect(lines[1].contains(#""personalData":{"childName":"[erased]"}"#))
        #expect(lines[2].contains(#""personalData":{"pages[0].text":"Once upon a time, Mia...","title":"Mia and the Moon"}"#))
        #expect(!lines[0].contains("Mia"))
    }

    @Test func redactionHidesEveryNameAndKeepsPseudonymsStable() async throws {
        let (lines, _) = try await export(policy: .redact(salt: "s3cret"))
        let text = lines.joined(separator: "\n")
        for name in ["Ada", "Mia", "Moon", "Once upon"] { #expect(!text.contains(name)) }
        for reference in [F.parentName, F.childName, F.storyTitle, F.pageText] {
            #expect(!text.contains(reference.key.uuidString), "the side-store key must not leak")
        }
        let renderer = PersonalDataRenderer(policy: .redact(salt: "s3cret"))
        let childPseudonym = renderer.text(of: F.childName)
        #expect(childPseudonym.count == 15 && childPseudonym.hasPrefix("person-"))
        #expect(lines[1].contains(#""name":"\#(childPseudonym)""#))
        #expect(lines[11].contains(#""childName":"\#(childPseudonym)""#), "the same person, the same pseudonym")
        #expect(renderer.text(of: F.parentName) != childPseudonym)
        #expect(PersonalDataRenderer(policy: .redact(salt: "other")).text(of: F.childName) != childPseudonym)
        // Redacted lines still decode, with pseudonymous references in place of the keys.
        let decoded = try EventJSONCodec().decode(Data(lines[1].utf8))
        guard case .profileCreated(let created) = decoded.event else { Issue.record("not a profile"); return }
        #expect(created.name != F.childName)
        #expect(created.name == renderer.exported(try F.events()[1]).event.personalDataFields[0].reference)
    }

    @Test(arguments: [
        (ExportFilter(profiles: [ExportLogFixture.child]), [2, 12, 13]),
        (ExportFilter(stream: .card(ExportLogFixture.card)), [4, 5, 6, 7, 8, 9, 10]),
        (ExportFilter(since: Timestamp(milliseconds: ExportLogFixture.start + ExportLogFixture.day),
                      until: Timestamp(milliseconds: ExportLogFixture.start + 3 * ExportLogFixture.day)), [7, 8, 9]),
        (ExportFilter(types: ["vocabulary.review-undone", "vocabulary.deck-created"]), [3, 9]),
        (ExportFilter(profiles: [ExportLogFixture.parent], types: ["profiles.profile-created"]), [1]),
        (ExportFilter(profiles: [ExportLogFixture.child], stream: .card(ExportLogFixture.card)), []),
    ])
    func filtersCombineWithAnd(filter: ExportFilter, positions: [UInt64]) async throws {
        let (lines, _) = try await export(filter)
        let codec = EventJSONCodec()
        #expect(try lines.map { try codec.decode(Data($0.utf8)).position } == positions)
    }

    @Test func aMissingOrEmptyLogIsAClearError() async throws {
        let data = try TemporaryDirectory(prefix: "hindsight-export")
        defer { data.remove() }
        let exporter = LogExporter(dataDirectory: data.path, personalData: .resolve(InMemoryPersonalData()))
        let out = data.appending("out.jsonl").path
        #expect(throws: ExportError(.missingLog, "there is no log here; pass the store's data directory (it holds 'log')",
                                    path: data.path + "/log")) {
            try exporter.exportJSONLines(to: out)
        }
        try await F.write([], to: data.path)
        #expect(throws: ExportError(.emptyLog, "the log holds no events, so there is nothing to export", path: data.path + "/log")) {
            try exporter.exportJSONLines(to: out)
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
