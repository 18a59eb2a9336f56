import Foundation
import Synchronization
import SystemSeam
import Testing
import TestSupport
@testable import Hindsight

/// A snapshot streamed through a bounded buffer hands each part to the system's writeback as it
/// is written (``DurableFile/Replacement/startWriteback(from:length:)``): every part written
/// while the state is encoded is advised once, right after its own write, the parts follow one
/// another, and the file still holds the bytes of an encoding in memory.
@Suite struct SnapshotWritebackTests {
    /// A call the recording file system saw on a snapshot's temporary file.
    enum Call: Equatable, Sendable {
        case write(offset: Int64, length: Int)
        case advise(offset: Int64, length: Int64)
        case sync
    }

    /// The calls seen, in order, and the temporary files' descriptors.
    final class Recorder: Sendable {
        let calls = Mutex<[Call]>([])
        let descriptors = Mutex<Set<Int32>>([])
        var seen: [Call] { calls.withLock { $0 } }
        func add(_ call: Call) { calls.withLock { $0.append(call) } }
    }

    /// The real file system, recording the writes, advice and syncs of `.snapshot.tmp` files.
    static func recording(_ recorder: Recorder) -> FileSystem {
        var fs = FileSystem.posix
        let (open, write, sync, advise) = (fs.open, fs.write, fs.sync, fs.adviseWritten)
        fs.open = { path, mode throws(SystemCallError) in
            let fd = try open(path, mode)
            if path.hasSuffix(".snapshot.tmp") { recorder.descriptors.withLock { _ = $0.insert(fd) } }
            return fd
        }
        fs.write = { fd, bytes, offset, path throws(SystemCallError) in
            let written = try write(fd, bytes, offset, path)
            if path.hasSuffix(".snapshot.tmp") { recorder.add(Call.write(offset: offset, length: written)) }
            return written
        }
        fs.sync = { fd, kind, path throws(SystemCallError) in
            try sync(fd, kind, path)
            if path.hasSuffix(".snapshot.tmp") { recorder.add(Call.sync) }
        }
        fs.adviseWritten = { fd, offset, length in
            if recorder.descriptors.withLock({ $0.contains(fd) }) { recorder.add(Call.advise(offset: offset, length: length)) }
            advise(fd, offset, length)
        }
        return fs
    }

    @Test(arguments: [(70_000, 4096), (70_000, 16_384), (16_385, 127), (1000, 100_000)])
    func eachPartIsAdvisedRightAfterItsWrite(size: Int, limit: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = Recorder()
        let (state, encode) = StreamedSnapshotSaveTests.encode(size: size, seed: UInt64(size + limit))
        let store = SnapshotStore(directory: directory.path, fileSystem: Self.recording(recorder), bufferLimit: limit, log: { _ in })
        try store.commit(try store.write(StreamedSnapshotSaveTests.descriptor, logAnchor: StreamedSnapshotSaveTests.anchor,
                                         encode: encode))
        let seen = recorder.seen
        var advised: [(Int64, Int64)] = []
        for (index, call) in seen.enumerated() {
            guard case let .advise(offset, length) = call else { continue }
            #expect(index > 0 && seen[index - 1] == .write(offset: offset, length: Int(length)), "advice \(index) follows its own write")
            if let last = advised.last { #expect(offset == last.0 + last.1, "the parts follow one another") }
            advised.append((offset, length))
        }
        if size > limit {
            #expect(!advised.isEmpty, "a state larger than the buffer is streamed in parts")
            #expect(advised.map(\.1).reduce(0, +) <= Int64(size))
        } else {
            #expect(advised.isEmpty, "a state that fits the buffer is written whole at the end")
        }
        let lastAdvice = seen.lastIndex { if case .advise = $0 { true } else { false } }
        let sync = try #require(seen.lastIndex(of: .sync), "the file is synced at its commit")
        #expect(lastAdvice.map { $0 < sync } ?? true, "every advised part is written before the commit's sync")
        let descriptor = StreamedSnapshotSaveTests.descriptor
        let expected = Snapshot(projection: descriptor.projection, version: descriptor.version, fingerprint: descriptor.fingerprint,
                                position: descriptor.position, state: state).anchored(StreamedSnapshotSaveTests.anchor).encoded()
        #expect(Array(try #require(FileManager.default.contents(atPath: store.path(of: descriptor.projection)))) == expected)
    }
}
