import EventLog
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real child process appends under a durable policy, printing each acknowledged
/// position; it is killed with SIGKILL at a seeded random moment; every acknowledged
/// record must be there after reopening, with no gap and no damage.
@Suite struct CrashTests {
    @Test(arguments: [(UInt64(1), "single"), (2, "group"), (3, "single"), (4, "group"), (5, "single"), (6, "group")])
    func killedWriterLosesNothingAcknowledged(seed: UInt64, mode: String) async throws {
        let child = BuiltProducts.executable("EventLogCrashChild")
        try #require(FileManager.default.isExecutableFile(atPath: child.path),
                     "build the crash child first: swift build --build-tests")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        var acknowledged: UInt64 = 0
        // Two lives: kill, then restart on the recovered log and kill again.
        for life in 0..<2 {
            let process = Process()
            process.executableURL = child
            process.arguments = [directory.path, String(seed &* 1000 &+ UInt64(life)), mode]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The child appends forever: it is killed whatever happens to this test.
            var childEnded = false
            defer { if !childEnded { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
            try await Task.sleep(for: .milliseconds(Int.random(in: 150...600, using: &random)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            childEnded = true
            #expect(process.terminationReason == .uncaughtSignal)
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let positions = printed.split(separator: "\n").compactMap { UInt64($0) }
            if let highest = positions.max() { acknowledged = max(acknowledged, highest) }

            let report = try LogVerifier.verify(directory: directory.path)
            #expect(report.damage.isEmpty, "\(report.damage)")
            let writer = try await LogWriter.open(directory: directory.path)
            let records = try writer.reader.records()
            #expect(UInt64(records.count) == writer.lastPosition)
            #expect(records.map(\.position) == (0..<records.count).map { UInt64($0) + 1 })
            #expect(writer.lastPosition >= acknowledged, "life \(life): acknowledged \(acknowledged), recovered \(writer.lastPosition)")
            try await writer.close()
        }
        #expect(acknowledged > 0, "the child acknowledged nothing before it was killed")
        let final = try LogVerifier.verify(directory: directory.path)
        #expect(final.isHealthy && final.tornTail == nil)
    }
}
