import Foundation
import Testing
import TestSupport

/// `hindsight demo`, end to end on the built binary: a first run builds a history, a second
/// opens it from snapshots and shows the same view.
@Suite struct DemoCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    @Test func firstRunBuildsAndSecondRunReopens() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-demo")
        defer { dir.remove() }
        let data = dir.path + "/store"
        let first = try ChildProcess.run(cli, ["demo", "--data-dir", data, "--now", "2026-03-01T18:30:00Z"])
        #expect(first.status == 0, "\(first.stderr)")
        let firstLines = first.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let created = try #require(firstLines.first { $0.hasPrefix("created a new demo store: ") })
        let events = try #require(Int(created.dropFirst("created a new demo store: ".count).prefix { $0.isNumber }))
        #expect(events > 1000)
        for section in ["== Alex (A1E00000-", "== Sam (5A300000-", "child profile", "== Robin (40B10000-", "due now: ",
                        "; due today: ", "streak: current ", "achievements: ", "last 14 days:", "14-day total: ",
                        "spelling tests: ", "story library: "] {
            #expect(first.stdout.contains(section), "missing section \(section)")
        }
        // The 14-day totals agree with the rows above them.
        let rowsByProfile = first.stdout.components(separatedBy: "last 14 days:").dropFirst()
        for block in rowsByProfile {
            let rows = block.split(separator: "\n").dropFirst(1).prefix(14)
            #expect(rows.count == 14)
            let reviews = try rows.map { try #require(Int($0.split(separator: " ")[1]), "\($0)") }.reduce(0, +)
            let total = try #require(block.split(separator: "\n").first { $0.contains("14-day total: ") })
            #expect(total.hasPrefix("14-day total: \(reviews) review"))
        }
        // No personal data in the log.
        let log = try FileManager.default.contentsOfDirectory(atPath: data + "/log").filter { $0.hasSuffix(".log") }
        for file in log {
            let bytes = try #require(FileManager.default.contents(atPath: data + "/log/" + file))
            #expect(bytes.range(of: Data("Sam and the".utf8)) == nil)
        }

        let second = try ChildProcess.run(cli, ["demo", "--now=2026-03-01T18:30:00Z"], environment: ["HINDSIGHT_DATA_DIR": data])
        #expect(second.status == 0, "\(second.stderr)")
        let secondLines = second.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let opened = try #require(secondLines.first { $0.hasPrefix("opened an existing store: ") })
        #expect(opened.hasPrefix("opened an existing store: \(events) events; 7 of 7 read models from snapshots, 0 events replayed"))  // six read models and the command ledger
        #expect(Array(secondLines.dropFirst(2)) == Array(firstLines.dropFirst(2)))
        #expect(first.stdout.contains("\n2026-03-01  "))
    }

    @Test func rejectsAMalformedNow() throws {
        let result = try ChildProcess.run(cli, ["demo", "--now", "yesterday"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("option --now expects an ISO 8601 time with its offset, e.g. 2026-03-01T18:00:00+01:00, got 'yesterday'"))
    }
}
