import EventLog
import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Real kills (issue 19, build item 3): a child process holds a store and is killed with SIGKILL
/// at a seeded random moment, while several of its tasks send commands with group commit, or
/// while it imports a large revlog. After each kill the store is reopened and checked
/// (``RecoveredStore``): every command the child acknowledged is there exactly once, positions
/// are contiguous, the log verifies clean, the read models equal a fresh fold; an import is
/// there whole or not at all.
@Suite(.serialized) struct StoreKillTests {
    /// The child's store options (``RecoveredStore`` opens the store the same way).
    static let options = StoreOptions(clock: { Timestamp(milliseconds: 1_800_000_000_000) }, durability: .groupCommit,
                                      snapshots: .init(onClose: true, everyEvents: 40))
    static var child: URL { BuiltProducts.executable("StoreStressChild") }

    @Test func killedProcessesLoseNothingAcknowledged() async throws {
        let kills = TestScale.cases(short: 8, long: 200)
        let importKills = kills / 4
        var random = SplitMix64(seed: 0x6B_111)
        let clock = ContinuousClock()
        let started = clock.now
        let (commandKills, acknowledged) = try await killCommands(times: kills - importKills, random: &random)
        let commandsTook = clock.now - started
        let (importsKilled, outcomes) = try await killImports(times: importKills, random: &random)
        TestScale.report("processes killed", commandKills + importsKilled)
        print("reliability: kills: \(commandKills) while sending commands (\(acknowledged) acknowledged, each checked after every later kill), \(importsKilled) while importing (\(outcomes.whole) left the import whole, \(outcomes.nothing) left nothing of it, \(outcomes.torn) cut it mid-write); \(commandsTook) for the command kills, \(clock.now - started) in all")
    }

    /// Kills the command-sending child `times` times on one store, checking it after each kill.
    private func killCommands(times: Int, random: inout SplitMix64) async throws -> (Int, Int) {
        let directory = try TemporaryDirectory(prefix: "hindsight-kill")
        defer { directory.remove() }
        var acknowledged: [UUID] = []
        var killed = 0
        for run in 1...max(1, times) {
            let child = try RunningChild(Self.child, ["commands", directory.path, "\(run)"])
            let started = try await child.waitForLine { $0.hasPrefix("ack ") }
            try await Task.sleep(for: .milliseconds(Int(random.next() % 400)))
            let bySignal = child.kill()
            try #require(started, "run \(run): the child printed no acknowledgement within a minute (\(bySignal ? "killed" : "it exited with status \(child.status)")): \(child.standardError)")
            try #require(bySignal, "run \(run): the child ended by itself (status \(child.status)): \(child.standardError)")
            let acks = child.lines.compactMap { line in line.hasPrefix("ack ") ? UUID(uuidString: String(line.dropFirst(4))) : nil }
            acknowledged += acks
            _ = try await RecoveredStore.check(directory.path, options: Self.options, acknowledged: acknowledged, resend: acks)
            killed += 1
        }
        return (killed, acknowledged.count)
    }

    /// Kills the importing child `times` times, each importing the same revlog for a new profile,
    /// at a random moment within the time a whole import takes.
    private func killImports(times: Int, random: inout SplitMix64) async throws -> (Int, (whole: Int, nothing: Int, torn: Int)) {
        guard times > 0 else { return (0, (0, 0, 0)) }
        let directory = try TemporaryDirectory(prefix: "hindsight-kill-import")
        defer { directory.remove() }
        let revlog = directory.appending("revlog.csv").path
        try RevlogText.make(rows: TestScale.cases(short: 3_000, long: 10_000), seed: 21).write(toFile: revlog, atomically: true, encoding: .utf8)
        let store = directory.path + "/store"
        // One import to the end: how many events a whole import adds, and how long it takes.
        let clock = ContinuousClock()
        let started = clock.now
        let whole = try RunningChild(Self.child, ["import", store, revlog, UUID(uuid: Self.profileBytes(0)).uuidString])
        whole.waitUntilExit()
        let duration = clock.now - started
        let added = try #require(whole.lines.first.flatMap { $0.hasPrefix("imported ") ? UInt64($0.dropFirst(9)) : nil },
                                 "the import did not finish: \(whole.standardError)")
        var last = try await RecoveredStore.check(store, options: Self.options, acknowledged: [], resend: [])
        #expect(last == added)
        var outcomes = (whole: 0, nothing: 0, torn: 0)
        for run in 1...times {
            let logBefore = Self.logBytes(store)
            let child = try RunningChild(Self.child, ["import", store, revlog, UUID(uuid: Self.profileBytes(UInt8(run % 250 + 1))).uuidString])
            if run % 2 == 0 {
                // Any moment of the whole import: parsing, planning, writing, folding, closing.
                try await Task.sleep(for: duration * (Double(random.next() % 1000) / 1000.0 * 1.1))
            } else {
                // Aim at the batch's write: as soon as the log grows, then up to 0.5 ms later.
                let clock = ContinuousClock(), deadline = clock.now + duration * 2
                while Self.logBytes(store) == logBefore && clock.now < deadline {
                    try await Task.sleep(for: .microseconds(50))
                }
                try await Task.sleep(for: .microseconds(Int(random.next() % 500)))
            }
            child.kill()
            // Before any reopen: a kill in the middle of the batch's write leaves part of it.
            if try LogVerifier.verify(directory: store + "/log").tornTail != nil { outcomes.torn += 1 }
            let reported = child.lines.contains { $0 == "imported \(added)" }
            let before = last
            last = try await RecoveredStore.check(store, options: Self.options, acknowledged: [], resend: [])
            #expect(last == before || last == before + added, "run \(run): the import left \(last - before) of \(added) events")
            if reported { #expect(last == before + added, "run \(run): an import reported done is not all there") }
            if last == before + added { outcomes.whole += 1 } else { outcomes.nothing += 1 }
        }
        return (times, outcomes)
    }

    /// The bytes of the log's segment files.
    private static func logBytes(_ store: String) -> Int64 {
        let log = store + "/log"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: log)) ?? []
        var total: Int64 = 0
        for name in names where name.hasSuffix(".log") {
            let size = (try? FileManager.default.attributesOfItem(atPath: log + "/" + name)[.size] as? Int64) ?? nil
            total += size ?? 0
        }
        return total
    }

    private static func profileBytes(_ n: UInt8) -> uuid_t {
        (0x1F, n, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)
    }
}
