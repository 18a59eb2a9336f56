import EventLog
import Foundation
import Synchronization
import SystemSeam
import Testing
import TestSupport

/// A staged batch's parts are handed to the system's writeback as they are written
/// (``FileSystem/adviseWritten``), so the commit's sync has little left to wait for: every byte
/// staged is advised once, right after its own write and never before, the advice covers
/// nothing unwritten, and a part whose write fails is not advised. The hint changes nothing
/// recorded: the batch reads back as staged.
@Suite struct StagedWritebackTests {
    /// A call the recording file system saw on the log's segment files.
    enum Call: Equatable, Sendable {
        case write(fd: Int32, offset: Int64, length: Int)
        case advise(fd: Int32, offset: Int64, length: Int64)
        case sync(fd: Int32)
    }

    /// The calls seen, in order, and whether writes should fail.
    final class Recorder: Sendable {
        let calls = Mutex<[Call]>([])
        let failWrites = Atomic(false)
        var seen: [Call] { calls.withLock { $0 } }
        func add(_ call: Call) { calls.withLock { $0.append(call) } }
    }

    /// The real file system, recording writes, advice and syncs of segment files (`.log`), and
    /// failing writes with `ENOSPC` while `recorder.failWrites` is set.
    static func recording(_ recorder: Recorder) -> FileSystem {
        var fs = FileSystem.posix
        let (write, sync, advise) = (fs.write, fs.sync, fs.adviseWritten)
        fs.write = { fd, bytes, offset, path throws(SystemCallError) in
            guard path.hasSuffix(".log") else { return try write(fd, bytes, offset, path) }
            if recorder.failWrites.load(ordering: .relaxed) { throw SystemCallError(call: "pwrite", path: path, errno: ENOSPC) }
            let written = try write(fd, bytes, offset, path)
            recorder.add(.write(fd: fd, offset: offset, length: written))
            return written
        }
        fs.sync = { fd, kind, path throws(SystemCallError) in
            try sync(fd, kind, path)
            if path.hasSuffix(".log") { recorder.add(.sync(fd: fd)) }
        }
        fs.adviseWritten = { fd, offset, length in
            recorder.add(.advise(fd: fd, offset: offset, length: length))
            advise(fd, offset, length)
        }
        return fs
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func everyStagedByteIsAdvisedOnceRightAfterItsWrite(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = Recorder()
        var options = LogOptions(durability: .fsyncEachAppend, fileSystem: Self.recording(recorder))
        options.preallocationSize = 0 // no zero-filling writes between a part's write and its advice
        let writer = try await LogWriter.open(directory: directory.path, options: options)
        _ = try await writer.append(contentsOf: LogFixtures.payloads(50, seed: seed))
        let before = recorder.seen.count
        var random = SplitMix64(seed: seed)
        var staged: [[UInt8]] = []
        for part in 0..<10 {
            let payloads = LogFixtures.payloads(Int.random(in: 1...300, using: &random), seed: seed &* 31 &+ UInt64(part),
                                                lengths: 0...2_000)
            try await writer.stageRecords(payloads)
            staged += payloads
        }
        let staging = Array(recorder.seen[before...])
        _ = try await writer.commitStagedBatch()
        let commit = Array(recorder.seen[(before + staging.count)...])

        // Staging: the appends before are synced once, then every write is followed by the
        // advice of exactly its range, and the ranges follow one another.
        let writes = staging.compactMap { if case let .write(fd, offset, length) = $0 { (fd, offset, length) } else { nil } }
        let advised = staging.compactMap { if case let .advise(fd, offset, length) = $0 { (fd, offset, length) } else { nil } }
        #expect(!writes.isEmpty)
        #expect(advised.count == writes.count, "one advice a part")
        var expectedNext: Int64?
        for (index, call) in staging.enumerated() {
            guard case let .write(fd, offset, length) = call else { continue }
            #expect(staging.indices.contains(index + 1) && staging[index + 1] == .advise(fd: fd, offset: offset, length: Int64(length)),
                    "the write at \(offset) is advised right after it")
            if let expectedNext { #expect(offset == expectedNext, "the parts follow one another") }
            expectedNext = offset + Int64(length)
        }
        // The commit writes what was held back and syncs; it advises nothing more.
        #expect(!commit.contains { if case .advise = $0 { true } else { false } })
        #expect(commit.contains { if case .sync = $0 { true } else { false } })

        let records = try LogFixtures.readAll(directory)
        #expect(records.suffix(staged.count).map(\.payload) == staged, "the batch reads back as staged")
        try await writer.close()
    }

    @Test func aPartWhoseWriteFailsIsNotAdvised() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = Recorder()
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(durability: .fsyncEachAppend, fileSystem: Self.recording(recorder)))
        try await writer.stageRecords(LogFixtures.payloads(40, seed: 7))
        let advisedBefore = recorder.seen.filter { if case .advise = $0 { true } else { false } }.count
        #expect(advisedBefore == 1)
        recorder.failWrites.store(true, ordering: .relaxed)
        await #expect(throws: LogError.self) { try await writer.stageRecords(LogFixtures.payloads(40, seed: 8)) }
        let advisedAfter = recorder.seen.filter { if case .advise = $0 { true } else { false } }.count
        #expect(advisedAfter == advisedBefore, "the failed part is not advised")
        recorder.failWrites.store(false, ordering: .relaxed)
        #expect(try LogFixtures.readAll(directory).isEmpty, "nothing of the batch is in the log")
    }
}
