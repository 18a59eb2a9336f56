import Foundation
import Hindsight

/// `hindsight report`: one self-contained HTML file with each profile's charts and their tables.
struct ReportCommand: Command {
    static let spec = CommandSpec(
        path: ["report"],
        summary: "write an HTML report of each profile's statistics, with charts and their tables",
        about: """
            Writes one self-contained HTML file (inline SVG and CSS, no script, nothing fetched) with,
            per profile (or the one given): a heatmap of reviews per local day over the last year,
            the due forecast for the next --days days, true retention per month, the distributions
            of stability, difficulty, retrievability and interval, the answer buttons by card age
            (learning, young, mature) and the streaks and achievements. Every chart has its numbers
            in a table beside it. The same store and --now give the same file.
            """,
        options: [
            .value("output", "FILE", "the HTML file to write (required; replaced if it exists)"),
            .profile,
            .value("days", "N", "days of due forecast, 1 … 365 (default 30)"),
            .dataDirectory,
            .nowWithOffset,
        ])

    let query: QueryOptions
    let output: String
    let days: Int

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        query = try QueryOptions(arguments, environment: environment)
        guard let output = arguments.value("output"), !output.isEmpty else {
            throw UsageError("report needs --output FILE: the HTML file to write")
        }
        self.output = output
        days = try arguments.value("days", default: 30, expecting: "a number of days in 1 … 365") { text in
            Int(text).flatMap { (1...365).contains($0) ? $0 : nil }
        }
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let path = try await Self.write(dataDirectory: query.dataDirectory, profile: query.profile, now: query.now, days: days, to: output)
        io.print("wrote \(path)")
        return .success
    }

    /// Writes the report of the store in `dataDirectory` to `output` and returns its path.
    /// - Throws: ``QueryError`` when there is no store, the profile is unknown or the file
    ///   cannot be written; the store's errors when it cannot be read.
    static func write(dataDirectory: String, profile: ProfileID?, now: EventTime, days: Int, to output: String) async throws -> String {
        let models = try await CurrentReadModels.load(dataDirectory: dataDirectory, reading: [.vocabulary, .activity])
        let history = try await RetentionHistory.read(dataDirectory: dataDirectory, asOf: .position(models.position))
        let profiles = try models.profiles(profile).map {
            try ReportProfile($0, models: models, history: history, now: now, days: days)
        }
        let html = ReportPage(profiles: profiles, position: models.position).html
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw QueryError("cannot write the report to \(output): \(error.localizedDescription); give --output a file in a writable directory")
        }
        return output
    }
}
