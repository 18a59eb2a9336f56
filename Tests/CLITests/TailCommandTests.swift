import EventLog
import Events
import Foundation
import Testing
import TestSupport
@testable import HindsightCLI

/// `hindsight tail` on the built binary: a range with `--limit`, live following of appends made
/// by another process, and a clean exit on SIGTERM.
@Suite struct TailCommandTests {
    let cli = BuiltProducts.executable("hindsight")

    @Test func printsFromAPositionAsTextAndAsJSON() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let text = try SmallStore.run(cli, ["tail", "--from", "8", "--limit", "2"], in: dir)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("8  2026-02-27T11:00:00+01:00  vocabulary.card-created  card/"))
        #expect(lines[1].hasPrefix("9  2026-02-27T11:00:00+01:00  vocabulary.review-graded  card/"))
        #expect(lines.allSatisfy { $0.hasSuffix("  profile \(SmallStore.profile)") })

        let json = try SmallStore.run(cli, ["tail", "--from", "2", "--limit", "8", "--json"], in: dir)
        #expect(json.status == 0, "\(json.stderr)")
        let export = try SmallStore.run(cli, ["export", "--format", "jsonl", "--output", "all.jsonl"], in: dir)
        #expect(export.status == 0, "\(export.stderr)")
        let exported = try String(contentsOf: dir.appending("all.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        // Events 2 … 9 hold no personal data, so tail's lines are the export's.
        #expect(json.stdout.split(separator: "\n").map(String.init) == Array(exported[1...8]))
    }

    @Test func followsAppendsOfAnotherProcess() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let store = dir.appending("store").path
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var followed: ProcessOutput?
        let cli = self.cli
        Thread.detachNewThread {
            followed = try? ChildProcess.run(cli, ["tail", "--from", "10", "--limit", "2", "--json", "--data-dir", store])
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.5)
        try Data("card_id,review_time,review_rating,review_state,review_duration\n4,1772269200000,3,0,1000\n".utf8)
            .write(to: dir.appending("more.csv"))
        let imported = try ChildProcess.run(cli, ["import", "more.csv", "--data-dir", store, "--profile", SmallStore.profile,
                                                                "--deck", "small"], currentDirectory: dir.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(done.wait(timeout: .now() + 20) == .success, "tail did not see the new events")
        let output = try #require(followed)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""position":10"#) && lines[0].contains(#""type":"vocabulary.card-created""#))
        #expect(lines[1].contains(#""position":11"#) && lines[1].contains(#""type":"vocabulary.review-graded""#))
    }

    @Test func endsCleanlyOnSIGTERM() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let process = Process()
        process.executableURL = cli
        process.arguments = ["tail", "--data-dir", dir.appending("store").path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 0.7)
        process.terminate()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self).split(separator: "\n").count == 9)
    }

    /// The positions at the start of `tail`'s text lines.
    static func positions(_ output: String) -> [UInt64] {
        output.split(separator: "\n").compactMap { UInt64($0.prefix { $0 != " " }) }
    }

    /// Defect 5: without `--limit`, `tail --from N` printed the whole log (1 … end), not N … end.
    @Test(arguments: [UInt64(1), 5, 9])
    func withoutALimitPrintsFromThePositionToTheEnd(from: UInt64) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let tail = try CLIProcess.Background(["tail", "--from", "\(from)", "--data-dir", dir.appending("store").path])
        #expect(tail.waitForLines(Int(10 - from)))
        Thread.sleep(forTimeInterval: 0.4)
        let output = tail.terminate()
        #expect(output.status == 0 && !output.signalled, "\(output.stderr)")
        #expect(Self.positions(output.stdout) == Array(from...9))
    }

    /// Defect 5: following without `--limit` reprinted the whole log after each append; each new
    /// event must be printed once, in order.
    @Test func followingWithoutALimitPrintsEachNewEventOnce() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let store = dir.appending("store").path
        let tail = try CLIProcess.Background(["tail", "--from", "8", "--data-dir", store])
        #expect(tail.waitForLines(2))
        for (index, card) in [4, 5].enumerated() {
            let file = "more\(card).csv"
            try Data("card_id,review_time,review_rating,review_state,review_duration\n\(card),\(1772269200000 + card * 1000),3,0,1000\n".utf8)
                .write(to: dir.appending(file))
            let imported = try ChildProcess.run(cli, ["import", file, "--data-dir", store, "--profile", SmallStore.profile,
                                                      "--deck", "small"], currentDirectory: dir.url)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(tail.waitForLines(4 + 2 * index), "tail did not print the appended events")
        }
        Thread.sleep(forTimeInterval: 0.4)
        let output = tail.terminate()
        #expect(output.status == 0 && !output.signalled, "\(output.stderr)")
        #expect(Self.positions(output.stdout) == Array(8...13))
    }

    /// A pass reads and prints the log a chunk at a time (bounded memory, output at once): the
    /// chunks are consecutive, each full but the last, together the range asked for and the same
    /// events as one read; and a stop after a chunk reads no further.
    @Test(arguments: [1, 2, 3, 100])
    func aPassReadsTheLogInChunks(chunk: Int) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let reader = LogReader(directory: dir.appending("store/log").path)
        let last = try reader.lastPosition()
        #expect(last >= 8)
        let whole = try reader.records(from: 2, through: last).map { try LogCodec.decode($0.payload, position: $0.position) }
        var chunks: [[RecordedEvent]] = []
        let next = try TailCommand.read(reader, from: 2, through: last, place: LogReadPlace(), chunk: chunk) { events in
            chunks.append(events)
            return true
        }
        #expect(next == last + 1)
        #expect(chunks.flatMap { $0 } == whole)
        #expect(chunks.dropLast().allSatisfy { $0.count == chunk })
        #expect(chunks.count == (whole.count + chunk - 1) / chunk)

        var emitted = 0
        let stopped = try TailCommand.read(reader, from: 2, through: last, place: LogReadPlace(), chunk: chunk) { _ in
            emitted += 1
            return emitted < 2
        }
        #expect(stopped == min(2 + 2 * UInt64(chunk), last + 1))
    }

    /// The pass arithmetic itself: never past the log's end, never wrapping.
    @Test(arguments: [
        (UInt64(1), UInt64(1725), Int?.none, UInt64(1725)),
        (1724, 1725, nil, 1725),
        (UInt64.max - 1, UInt64.max, nil, UInt64.max),
        (10, 1725, 5, 14),
        (1720, 1725, 100, 1725),
        (UInt64.max - 1, UInt64.max, Int.max, UInt64.max),
    ])
    func aPassEndsAtTheLogsEndOrTheLimit(next: UInt64, last: UInt64, remaining: Int?, through: UInt64) {
        #expect(TailCommand.lastToPrint(next: next, last: last, remaining: remaining) == through)
    }

    @Test(arguments: [
        (["tail", "--from", "0"], Int32(2), "option --from expects a log position, 1 or more, got '0'"),
        (["tail", "--limit", "none"], 2, "option --limit expects a number of events, 1 or more, got 'none'"),
        (["tail", "--follow"], 2, "unknown option --follow; 'hindsight tail --help' lists the options"),
    ])
    func errorsGoToStderr(arguments: [String], status: Int32, message: String) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, arguments, in: dir)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aMissingStoreIsAnError() throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-tail")
        defer { dir.remove() }
        let result = try ChildProcess.run(cli, ["tail", "--limit", "1", "--data-dir", dir.appending("none").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("there is no store in "))
    }
}
