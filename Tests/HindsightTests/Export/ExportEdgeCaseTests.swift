import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Progress reporting and events of types this build does not know.
@Suite struct ExportEdgeCaseTests {
    typealias F = ExportLogFixture

    final class RecordingProgress: ExportProgress {
        var updates: [(UInt64, UInt64)] = []
        var finished = 0
        func update(done: UInt64, total: UInt64) { updates.append((done, total)) }
        func finish() { finished += 1 }
    }

    @Test func progressReachesTheEndOfEveryPass() async throws {
        let data = try await F.dataDirectory()
        defer { data.remove() }
        let progress = RecordingProgress()
        let exporter = LogExporter(dataDirectory: data.path, personalData: .redact(salt: "s"), progress: progress)
        _ = try exporter.exportJSONLines(to: data.appending("a.jsonl").path)
        #expect(progress.updates.last.map { [$0.0, $0.1] } == [13, 13])
        #expect(progress.finished == 1)
        progress.updates = []
        _ = try exporter.exportRevlog(to: data.appending("r.csv").path)
        #expect(progress.updates.map { [$0.0, $0.1] } == [[13, 26], [26, 26]])
        #expect(progress.finished == 2)
    }

    @Test func unknownEventsAreExportedWhole() async throws {
        let data = try TemporaryDirectory(prefix: "hindsight-export")
        defer { data.remove() }
        var events = Array(try F.events().prefix(3))
        let unknown = UnknownEvent(typeName: "future.thing-happened", schemaVersion: 3, payload: [1, 2, 250])
        events.append(RecordedEvent(position: 4, id: EventID(F.uuid(0xEE)), stream: .profile(F.parent), streamVersion: 2,
                                    profile: F.parent, occurred: events[2].occurred, recordedAt: events[2].recordedAt,
                                    event: .unknown(unknown)))
        try await F.write(events, to: data.path)
        let exporter = LogExporter(dataDirectory: data.path, personalData: .resolve(F.personalData()))
        let jsonl = data.appending("out.jsonl").path
        _ = try exporter.exportJSONLines(to: jsonl)
        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
        #expect(try EventJSONCodec().decode(Data(lines[3].utf8)) == events[3])
        #expect(lines[3].contains(#""payload":"AQL6""#))

        let summary = try exporter.exportCSV(toDirectory: data.appending("csv").path)
        let file = try #require(summary.files.first { $0.hasSuffix("/future.thing-happened.v3.csv") })
        let rows = try CSVText.parse(try String(contentsOfFile: file, encoding: .utf8))
        #expect(rows.count == 2)
        #expect(rows[0].last == "payload")
        #expect(rows[1].last == "AQL6")
        #expect(rows[1][2] == "future.thing-happened" && rows[1][3] == "3")
    }

    @Test func aFailedExportLeavesNoFile() async throws {
        let data = try await F.dataDirectory()
        defer { data.remove() }
        let exporter = LogExporter(dataDirectory: data.path, personalData: .resolve(F.personalData()))
        let out = data.appending("missing-dir/out.jsonl").path
        #expect(throws: ExportError.self) { try exporter.exportJSONLines(to: out) }
        do {
            _ = try exporter.exportJSONLines(to: out)
        } catch {
            #expect(error.code == .outputFailed)
            #expect(error.path == out)
            #expect(error.description.contains("check that its directory exists and is writable"))
        }
    }
}
