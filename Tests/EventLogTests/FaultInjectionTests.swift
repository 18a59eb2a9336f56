import EventLog
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// A switch that tests flip to make injected faults start or stop.
final class FaultSwitch: Sendable {
    private let flag = Atomic<Bool>(false)
    var isOn: Bool { flag.load(ordering: .relaxed) }
    func set(_ on: Bool) { flag.store(on, ordering: .relaxed) }
}

@Suite struct FaultInjectionTests {
    /// A file system whose data syncs fail with EIO while `failing` is on.
    static func failingSync(_ failing: FaultSwitch) -> FileSystem {
        var fs = FileSystem.posix
        let real = fs.sync
        fs.sync = { fd, kind, path throws(SystemCallError) in
            if failing.isOn { throw SystemCallError(call: "fdatasync", path: path, errno: 5) }
            try real(fd, kind, path)
        }
        return fs
    }

    /// A file system whose writes fail with ENOSPC (a full disk) while `full` is on.
    static func fullDisk(_ full: FaultSwitch) -> FileSystem {
        var fs = FileSystem.posix
        let real = fs.write
        fs.write = { fd, bytes, offset, path throws(SystemCallError) in
            if full.isOn { throw SystemCallError(call: "pwrite", path: path, errno: 28) }
            return try real(fd, bytes, offset, path)
        }
        return fs
    }

    /// After an injected fsync failure the writer refuses every further append with a
    /// clear error, even once syncs would succeed again; reopening recovers what was acknowledged.
    @Test(arguments: [LogOptions.Durability.fsyncEachAppend, .groupCommit])
    func failedSyncPoisonsTheWriter(durability: LogOptions.Durability) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let failing = FaultSwitch()
        let writer = try await LogWriter.open(
            directory: directory.path, options: LogOptions(durability: durability, fileSystem: Self.failingSync(failing)))
        #expect(try await writer.append([1]) == 1)
        failing.set(true)
        let first = try await #require(throws: LogError.self) { _ = try await writer.append([2]) }
        #expect(first.code == .writerFailed)
        #expect(first.message.contains("refuses all further appends"))
        #expect(first.systemError?.errno == 5)
        #expect(first.systemError?.call == "fdatasync")
        failing.set(false)
        let second = try await #require(throws: LogError.self) { _ = try await writer.append([3]) }
        #expect(second.code == .writerFailed)
        #expect(writer.lastPosition == 1)
        try? await writer.close()

        let reopened = try await LogWriter.open(directory: directory.path)
        #expect(try reopened.reader.records().first?.payload == [1])
        try await reopened.close()
    }

    /// A failing write (disk full) is reported with its errno and also poisons the writer.
    @Test func failedWriteIsReported() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let diskFull = FaultSwitch()
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(durability: .fsyncEachAppend, fileSystem: Self.fullDisk(diskFull)))
        diskFull.set(true)
        let error = try await #require(throws: LogError.self) { _ = try await writer.append([1]) }
        #expect(error.code == .writerFailed)
        #expect(error.systemError == SystemCallError(call: "pwrite", path: directory.path + "/" + SegmentName.segment(base: 1), errno: 28))
        #expect(error.description.contains("errno 28"))
    }
}
