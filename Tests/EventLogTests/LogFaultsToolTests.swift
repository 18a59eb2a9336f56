import EventLog
import Foundation
import LogFaults
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// The test tools themselves: a FaultPlan counts and faults exactly the call it names; a
/// SimulatedDisk behaves as a file system and crashes as its model says.
@Suite struct LogFaultsToolTests {
    /// Counting, then failing the n-th call of one kind with its errno, and a short write.
    @Test func aPlanCountsAndFaultsTheNthCall() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let counting = FaultPlan()
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(durability: .fsyncEachAppend, fileSystem: counting.wrapping(.posix)))
        let before = counting.calls[.sync] ?? 0
        _ = try await writer.append([1, 2, 3])
        #expect(counting.calls[.sync] == before + 1)
        #expect(counting.totalCalls == counting.calls.values.reduce(0, +))
        try await writer.close()
        #expect(!counting.fired)

        let second = try TemporaryDirectory()
        defer { second.remove() }
        let plan = FaultPlan(trigger: FaultTrigger(call: 2, kind: .sync), fault: .error(InjectedErrno.enospc))
        let faulty = try await LogWriter.open(directory: second.path,
                                              options: LogOptions(durability: .fsyncEachAppend, fileSystem: plan.wrapping(.posix)))
        let syncsAtOpen = plan.calls[.sync] ?? 0
        #expect(syncsAtOpen == 1)  // the new segment's header
        let error = try await #require(throws: LogError.self) { _ = try await faulty.append([9]) }
        #expect(plan.fired && plan.firedKind == .sync)
        #expect(error.code == .writerFailed)
        #expect(error.systemError?.errno == 28)
        #expect(error.systemError?.call == "fdatasync")
        try? await faulty.close()
    }

    /// A short write stores half the bytes, then fails.
    @Test func aShortWriteStoresHalfThenFails() throws {
        let disk = SimulatedDisk()
        let plan = FaultPlan(trigger: FaultTrigger(call: 1, kind: .write), fault: .shortWrite(InjectedErrno.eio))
        let fs = plan.wrapping(disk.fileSystem)
        try fs.makeDirectory("/d")
        let fd = try fs.open("/d/f", .createTruncate)
        let error = try #require(throws: SystemCallError.self) { try fs.writeAll(fd, [UInt8](1...10), at: 0, path: "/d/f") }
        #expect(error == SystemCallError(call: "pwrite", path: "/d/f", errno: 5))
        #expect(disk.contents(of: "/d/f") == [1, 2, 3, 4, 5])
        fs.close(fd)
    }

    /// A log written, closed, reopened and read on the simulated disk round-trips; a crash keeps
    /// what was synced.
    @Test func aLogRoundTripsOnTheSimulatedDisk() async throws {
        let disk = SimulatedDisk()
        let payloads = LogFixtures.payloads(300, seed: 3, lengths: 0...200)
        let options = LogOptions(durability: .fsyncEachAppend, segmentSize: 8192, fileSystem: disk.fileSystem)
        let writer = try await LogWriter.open(directory: "/log", options: options)
        for payload in payloads { _ = try await writer.append(payload) }
        #expect(disk.names(in: "/log").filter { $0.hasSuffix(".log") }.count > 3)
        let crashed = disk.crash(seed: 1)
        try await writer.close()
        for survivor in [disk, crashed] {
            let reopened = try await LogWriter.open(directory: "/log", options: LogOptions(durability: .fsyncEachAppend, fileSystem: survivor.fileSystem))
            #expect(try reopened.reader.records().map(\.payload) == payloads)
            #expect(try LogReader(directory: "/log", fileSystem: survivor.fileSystem, tail: nil).records().count == 300)
            try await reopened.close()
        }
    }

    /// Unsynced bytes are torn per sector: every sector holds the old or the new bytes.
    @Test(arguments: 0..<20)
    func unsyncedWritesTearAtSectors(seed: UInt64) throws {
        let disk = SimulatedDisk()
        let fs = disk.fileSystem
        try fs.makeDirectory("/d")
        let fd = try fs.open("/d/f", .createTruncate)
        let old = [UInt8](repeating: 1, count: 2048)
        try fs.writeAll(fd, old, at: 0, path: "/d/f")
        try fs.sync(fd, .data, "/d/f")
        try fs.syncDirectory("/d")
        let new = [UInt8](repeating: 2, count: 3000)
        try fs.writeAll(fd, new, at: 0, path: "/d/f")
        let bytes = try #require(disk.crash(seed: seed).contents(of: "/d/f"))
        #expect(bytes.count == 2048 || bytes.count == 3000)
        for start in stride(from: 0, to: bytes.count, by: 512) {
            let sector = Set(bytes[start..<min(start + 512, bytes.count)])
            #expect(sector == [1] || sector == [2] || sector == [0], "sector at \(start): \(sector)")
            if start < 2048 { #expect(sector != [0]) }
        }
    }

    /// A created file whose directory was not synced may vanish; after the directory sync it stays.
    @Test func directoryEntriesNeedTheDirectorySync() throws {
        let disk = SimulatedDisk()
        let fs = disk.fileSystem
        try fs.makeDirectory("/d")
        let fd = try fs.open("/d/f", .createTruncate)
        try fs.writeAll(fd, [1], at: 0, path: "/d/f")
        try fs.sync(fd, .data, "/d/f")
        let outcomes = Set((0..<32).map { disk.crash(seed: $0).names(in: "/d") })
        #expect(outcomes == [[], ["f"]])
        try fs.syncDirectory("/d")
        #expect(Set((0..<32).map { disk.crash(seed: $0).contents(of: "/d/f") }) == [[1]])
        fs.close(fd)
    }
}
