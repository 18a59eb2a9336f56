import Foundation
import Hindsight

/// `hindsight demo`: the main job. On a fresh data directory it generates a realistic
/// multi-profile history through the store's commands; on later runs it opens the existing
/// store (from snapshots). Either way it prints what the apps would show today.
struct DemoCommand: Command {
    static let spec = CommandSpec(
        path: ["demo"],
        summary: "build a demo history and show what the apps would show today",
        about: """
            On first run, generates 90 days of history for three profiles (flashcards, spelling,
            bedtime stories, dictation, settings) up to now, through the store's commands; on later
            runs, opens the existing store. Then prints what an app would show today. With --now on
            an existing store, the view is the store as it stood then: every event that happened by
            --now (the history itself is not made again).
            """,
        options: [
            .dataDirectory,
            .nowWithOffset,
        ],
        notes: """
            Times print as local time at the offset of --now (or the system's), as in every other
            command; the demo's learners practise at their own local times.
            """)

    let dataDirectory: String
    let now: EventTime
    /// Whether the command line gave --now (else it is the system's time).
    let nowIsGiven: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        now = try TimeOption.now(arguments.value("now"), environment: environment)
        nowIsGiven = arguments.value("now") != nil
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        try StoreDirectoryCheck.requireUsableForWriting(at: dataDirectory)
        let started = ContinuousClock.now
        let now = self.now.instant
        let options = StoreOptions(clock: { now }, durability: .buffered(flushInterval: .milliseconds(200)),
                                   settings: DemoContent.settings,
                                   diagnostics: { line in try? StandardDescriptors.writeAll(Array((line + "\n").utf8), to: StandardDescriptors.error) })
        let store = try await Store.open(directory: dataDirectory, options: options)
        let report = store.openReport
        io.print("Hindsight demo — data directory: \(dataDirectory)")
        if report.existingStore {
            io.print("opened an existing store: \(report.lastPosition) events; \(report.restoredFromSnapshots) of \(report.total) read models "
                     + "from snapshots, \(report.replayedEvents) events replayed (in \(Self.milliseconds(since: started)) ms)")
        } else {
            var history = DemoHistory(store: store, now: now)
            do { try await history.generate() } catch {
                try? await store.close()
                throw error
            }
            io.print("created a new demo store: \(await store.lastPosition()) events from \(history.commands) commands, "
                     + "\(DemoProfile.all.count) profiles, \(DemoHistory.days) days of history (in \(Self.milliseconds(since: started)) ms)")
        }
        let refusals = await DemoScenes.childAttempts(store, at: self.now)
        try await store.close()
        // Shown from the store as the query commands read it, so the demo and they agree; on an
        // existing store with --now, as it stood at --now (its history may run past it).
        let asOf: AsOf = report.existingStore && nowIsGiven ? .occurred(now) : .latest
        let models = try await CurrentReadModels.load(dataDirectory: dataDirectory, asOf: asOf, reading: .all)
        if asOf != .latest {
            io.print("shown as of --now: \(asOf) (read through position \(models.position) of \(report.lastPosition))")
        }
        for line in try DemoView(models: models, now: self.now).render() { io.print(line) }
        for line in DemoScenes(models: models, now: self.now, refusals: refusals).render() { io.print(line) }
        let reportPath = try await ReportCommand.write(dataDirectory: dataDirectory, profile: nil, now: self.now, days: 30,
                                                   to: (dataDirectory as NSString).appendingPathComponent(Self.reportName))
        io.print("report: \(reportPath) (open it in a browser)")
        return .success
    }

    /// The report's file name in the store's directory.
    static let reportName = "report.html"

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int64 {
        let elapsed = ContinuousClock.now - start
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }
}
