import EventLog
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Directory readers against a writer in another process (the CLI's read commands while an app
/// or an import writes): reading while the child appends never reports damage (a write in
/// progress is not damage), and after the child is killed a directory reader, verify and the
/// next writer open agree exactly on where the log ends.
@Suite struct CrossProcessReadTests {
    @Test(arguments: [(UInt64(11), "group"), (12, "single")])
    func readersAgreeWithTheNextOpen(seed: UInt64, mode: String) async throws {
        let child = BuiltProducts.executable("EventLogCrashChild")
        try #require(FileManager.default.isExecutableFile(atPath: child.path),
                     "build the crash child first: swift build --build-tests")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        let process = Process()
        process.executableURL = child
        process.arguments = [directory.path, String(seed), mode]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Whatever this test throws or fails, the child (which appends forever) does not outlive it.
        var childEnded = false
        defer { if !childEnded { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        let reader = LogReader(directory: directory.path)
        let deadline = ContinuousClock.now + .milliseconds(Int.random(in: 300...700, using: &random))
        var reads = 0
        var lastSeen: UInt64 = 0
        // Reads for a random while, and at least two whatever the machine's load (the child adds a
        // 64 KiB segment every few milliseconds, so on a crowded machine a read takes longer and
        // longer: a hard limit ends the loop).
        let limit = ContinuousClock.now + .seconds(20)
        while (ContinuousClock.now < deadline || reads < 2) && ContinuousClock.now < limit {
            do {
                var count: UInt64 = 0
                try reader.forEach { position, _ in
                    count += 1
                    #expect(position == count)
                }
                #expect(count >= lastSeen, "a later read saw fewer records")
                lastSeen = count
                reads += 1
            } catch let error as LogError where error.code == .io && error.message.contains("listing") {
                continue  // the directory did not exist yet
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        childEnded = true
        #expect(reads >= 1)

        let fromDirectory = try reader.records()
        let lastPosition = try reader.lastPosition()
        let report = try LogVerifier.verify(directory: directory.path)
        #expect(report.isHealthy, "\(report.damage)")
        let writer = try await LogWriter.open(directory: directory.path)
        let kept = try writer.reader.records()
        try await writer.close()
        #expect(fromDirectory.count == kept.count)
        #expect(fromDirectory == kept)
        #expect(lastPosition == UInt64(kept.count))
        #expect(report.lastPosition == UInt64(kept.count) && report.records == kept.count)
        #expect(kept.count > 0)
    }
}
