import Foundation
import Hindsight
import Testing
import TestSupport
@testable import HindsightCLI

/// `hindsight report` on the built binary over the demo store: the numbers in the page's tables
/// are the read models', the page is the same bytes on every run and in every time zone, and
/// it names no outside resource.
@Suite struct ReportCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    /// Writes the demo store's report into `dir` with `extra` arguments and returns its text.
    func report(_ dir: TemporaryDirectory, _ name: String = "report.html", _ extra: [String] = [],
                environment: [String: String] = [:]) throws -> String {
        let output = dir.appending(name).path
        let result = try ChildProcess.run(cli, ["report", "--output", output, "--data-dir", try DemoStore.path(), "--now", DemoStore.now] + extra,
                                          environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote \(output)\n")
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    @Test func tablesEqualTheReadModels() async throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-report")
        defer { dir.remove() }
        let html = try report(dir)
        let store = try DemoStore.path()
        let models = try await CurrentReadModels.load(dataDirectory: store, reading: .all)
        let history = try await RetentionHistory.read(dataDirectory: store)
        let now = try #require(TimeOption.withOffset(DemoStore.now))
        let records = try models.profiles(nil)
        #expect(records.count == 3)
        for record in records {
            let id = record.id.description
            #expect(html.contains("<h2>\(HTMLText.escape(models.name(of: record))) "))
            let today = models.dailyStats.today(profile: record.id, at: now).day
            // Heatmap: every day of the year with a review, and its count.
            let year = try models.dailyStats.days(profile: record.id, from: today - 364, through: today).filter { $0.counts.reviews > 0 }
            #expect(try ReportTableText.rows(html, "\(id)-heatmap") == year.map { [LocalTimeText.date(ofLocalDay: $0.day), String($0.counts.reviews)] })
            // The demo's grown-ups review cards; its child only spells and listens.
            #expect(year.isEmpty == (models.name(of: record) == "Sam"), "\(models.name(of: record))")
            // Forecast: the store's query, day by day.
            let forecast = models.vocabulary.dueForecast(profile: record.id, deck: nil, at: now, days: 30, reviewLimit: nil)
            #expect(try ReportTableText.rows(html, "\(id)-forecast") == forecast.days.map {
                [LocalTimeText.date(ofLocalDay: $0.day), String($0.due), String($0.reviews), String($0.backlog), String($0.newCards)]
            })
            // True retention: the counts of each month and the total.
            let retention = history.table(profile: record.id, by: .month)
            let rows = try ReportTableText.rows(html, "\(id)-retention")
            #expect(rows.map { Int($0[6]) } == (retention.rows.map(\.tally) + [retention.total]).map(\.reviews))
            #expect(rows.map { Int($0[2]) } == (retention.rows.map(\.tally) + [retention.total]).map { $0.youngPassed + $0.youngFailed })
            // Distributions: each bucket's cards.
            let distributions = models.vocabulary.cardDistributions(profile: record.id, at: now)
            for (key, histogram) in [("stability", distributions.stability), ("difficulty", distributions.difficulty),
                                     ("retrievability", distributions.retrievability), ("interval", distributions.interval)] {
                #expect(try ReportTableText.rows(html, "\(id)-\(key)").map { Int($0[1]) } == histogram.counts, "\(key)")
            }
            // Answer buttons: again, hard, good, easy by age.
            let answers = history.answerButtons(profile: record.id)
            #expect(try ReportTableText.rows(html, "\(id)-answers").map { $0[1...4].compactMap { Int($0) } }
                    == AnswerAge.allCases.map { answers.counts(at: $0) })
            // Streaks and achievements.
            let streak = models.streaks.streak(profile: record.id, at: now)
            let achievements = try ReportTableText.rows(html, "\(id)-achievements")
            #expect(achievements.prefix(2).map { $0[2] } == [String(streak.current), String(streak.longest)])
            #expect(achievements.count == 2 + models.achievements.unlocked(profile: record.id).count
                    + models.achievements.progress(profile: record.id).count)
        }
        #expect(html.components(separatedBy: "<svg ").count - 1 == records.count * ReportPage.chartsPerProfile)
    }

    @Test func sameBytesOnEveryRunAndInEveryTimeZone() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-report")
        defer { dir.remove() }
        let first = try report(dir, "a.html")
        #expect(try report(dir, "b.html", environment: ["TZ": "Pacific/Kiritimati", "LANG": "de_DE.UTF-8"]) == first)
        #expect(try report(dir, "c.html", ["--days", "7"]) != first)
        // Self-contained: no script, no link, no address but the SVG namespace.
        for outside in ["<script", "<link", "http://", "https://", "@import", "url("] {
            #expect(first.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains(outside) == false, "\(outside)")
        }
    }

    @Test func usageErrors() throws {
        let missing = try ChildProcess.run(cli, ["report", "--data-dir", try DemoStore.path()])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("report needs --output FILE: the HTML file to write"), "\(missing.stderr)")
        let days = try ChildProcess.run(cli, ["report", "--output", "/tmp/x.html", "--days", "366"])
        #expect(days.status == 2)
        #expect(days.stderr.contains("option --days expects a number of days in 1 … 365, got '366'"), "\(days.stderr)")
        let unwritable = try ChildProcess.run(cli, ["report", "--output", "/nonexistent-dir/r.html", "--data-dir", try DemoStore.path()])
        #expect(unwritable.status != 0)
        #expect(unwritable.stderr.contains("cannot write the report to /nonexistent-dir/r.html"), "\(unwritable.stderr)")
    }

    @Test func theDemoPrintsItsReport() throws {
        let output = try DemoStore.demoOutput()
        let path = try DemoStore.path() + "/" + DemoCommand.reportName
        #expect(output.contains("report: \(path) (open it in a browser)"))
        #expect(FileManager.default.fileExists(atPath: path))
    }
}

/// Reads a report table back from the page's HTML: the cells of each body row, in order.
enum ReportTableText {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The rows of the table with `id`, each its cells' text (character references decoded).
    static func rows(_ html: String, _ id: String) throws -> [[String]] {
        guard let start = html.range(of: "<table id=\"\(id)\">") else { throw Missing(description: "no table \(id)") }
        let rest = html[start.upperBound...]
        guard let end = rest.range(of: "</table>"), let body = rest[..<end.lowerBound].range(of: "<tbody>") else {
            throw Missing(description: "table \(id) has no body")
        }
        return rest[body.upperBound..<end.lowerBound].components(separatedBy: "<tr>").dropFirst().map { row in
            row.components(separatedBy: "<t").dropFirst().map { cell in
                unescape(String(cell.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }))
            }
        }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
