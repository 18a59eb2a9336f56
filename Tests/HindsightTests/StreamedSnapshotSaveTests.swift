import Foundation
import LogFaults
import Testing
import TestSupport
@testable import Hindsight
@testable import Projections
import Synchronization
import SystemSeam

/// A save writes each state to its file as it is encoded, through a bounded buffer
/// (``StreamedSnapshotFile``): the files are byte for byte those of an encoding in memory, for
/// every state size and buffer size (the header's length taking fewer or more bytes than the room
/// left for it, the state in one part or many, handed over in place or through the buffer), and a
/// write that fails part-way leaves the previous snapshot as it was.
@Suite struct StreamedSnapshotSaveTests {
    static let descriptor = SnapshotDescriptor(projection: "streamed", version: 3, fingerprint: 0xFEED_F00D, position: 77)
    static let anchor = LogAnchor(rawValue: 0x1234_5678_9ABC_DEF0)

    /// State sizes around the varint lengths' edges (1, 2 and 3 bytes of length).
    static let sizes = [0, 1, 31, 32, 33, 127, 128, 129, 1000, 16383, 16384, 16385, 70000]
    /// Buffer limits from one byte to more than the largest state.
    static let limits = [1, 7, 64, 127, 128, 4096, 16384, 100_000]

    /// `size` seeded bytes, encoded in seeded pieces: some appended with a drain point after them,
    /// some written raw (in place when a piece reaches the limit).
    static func encode(size: Int, seed: UInt64) -> (state: [UInt8], encode: (inout SnapshotWriter) -> Void) {
        var random = SplitMix64(seed: seed)
        let state = random.bytes(size)
        var pieces: [(Range<Int>, raw: Bool)] = []
        var at = 0
        while at < size {
            let length = Swift.min(size - at, Int(random.next() % 3000))
            pieces.append((at..<(at + length), random.next() % 2 == 0))
            at += length
        }
        return (state, { writer in
            state.withUnsafeBytes { bytes in
                for (range, raw) in pieces {
                    let piece = UnsafeRawBufferPointer(rebasing: bytes[range])
                    if raw {
                        writer.binary.writeRaw(piece)
                    } else {
                        writer.binary.bytes.append(contentsOf: piece)
                        writer.binary.drainIfFull()
                    }
                }
            }
        })
    }

    @Test(arguments: sizes, limits)
    func aStreamedFileHasTheBytesOfTheSnapshotEncodedInMemory(size: Int, limit: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (state, encode) = Self.encode(size: size, seed: UInt64(size * 31 + limit))
        let store = SnapshotStore(directory: directory.path, bufferLimit: limit, log: { _ in })
        try store.commit(try store.write(Self.descriptor, logAnchor: Self.anchor, encode: encode))

        let expected = Snapshot(projection: Self.descriptor.projection, version: Self.descriptor.version,
                                fingerprint: Self.descriptor.fingerprint, position: Self.descriptor.position,
                                state: state).anchored(Self.anchor).encoded()
        let file = try #require(FileManager.default.contents(atPath: store.path(of: Self.descriptor.projection)))
        #expect(Array(file) == expected)
        #expect(try SnapshotAnchorTests.tree(directory.path).keys.sorted() == ["streamed.snapshot"])
        #expect(store.load(Self.descriptor.projection) == Snapshot(decodingOrNil: expected))
    }

    /// Seeded stores saved with buffers of one byte to more than every state: each file is the
    /// in-memory encoding's.
    @Test(arguments: [UInt64(11), 12, 13], [1, 100, 1000, 1 << 20])
    func aStoreSavedThroughAnyBufferWritesTheFilesOfAnEncodingInMemory(seed: UInt64, limit: Int) async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: seed, days: 3)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await f.store.saveSnapshots(to: SnapshotStore(directory: directory.path, bufferLimit: limit, log: { _ in }))
        let files = try SnapshotAnchorTests.tree(directory.path)
        #expect(files.count == StoreFixture.storeSnapshots)
        #expect(files == (try await f.store.anchoredSnapshotFiles()))
    }

    /// Each state of a seeded store saved with a buffer of about its own size (half, one byte
    /// less, the same, one byte more): the state in one part, or the last byte or half of it
    /// left for the end.
    @Test(arguments: [UInt64(21), 22])
    func eachStateSavedThroughABufferOfAboutItsSizeWritesTheFileOfAnEncodingInMemory(seed: UInt64) async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: seed, days: 2)
        let expected = try await f.store.anchoredSnapshotFiles()
        for projector in await f.store.projectors {
            let size = await projector.snapshot().stateByteCount
            for limit in Set([size / 2, size - 1, size, size + 1]) where limit >= 1 {
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                try await f.store.saveSnapshots(to: SnapshotStore(directory: directory.path, bufferLimit: limit, log: { _ in }),
                                                of: projector.name)
                let name = projector.name + ".snapshot"
                #expect(try SnapshotAnchorTests.tree(directory.path) == [name: try #require(expected[name])],
                        "\(projector.name): \(size) bytes of state, a buffer of \(limit)")
            }
        }
    }

    /// Where a streamed save fails: the first creation of the temporary file only (a later one
    /// would succeed), its `count`th write, or its first read back (the state read to be
    /// checksummed), with `errno`.
    enum Failure: Sendable, CustomStringConvertible {
        case firstOpen(errno: Int32)
        case write(count: Int, errno: Int32)
        case readBack(errno: Int32)

        var description: String {
            switch self {
            case .firstOpen(let errno): "first open, errno \(errno)"
            case .write(let count, let errno): "write \(count), errno \(errno)"
            case .readBack(let errno): "read back, errno \(errno)"
            }
        }

        /// The message the save reports.
        var message: String {
            switch self {
            case .firstOpen(let errno): "open failed: \(FileSystem.describe(errno: errno)) (errno \(errno))"
            case .write(_, let errno): "pwrite failed: \(FileSystem.describe(errno: errno)) (errno \(errno))"
            case .readBack(let errno): "pread failed: \(FileSystem.describe(errno: errno)) (errno \(errno))"
            }
        }
    }

    /// A save whose state streams in many writes fails part-way (EIO, ENOSPC, at the creation of
    /// its file, at the first write or in the middle, or on the read back): it is reported as a
    /// failed write of the temporary file, which is gone, and the previous snapshot is left byte
    /// for byte as it was.
    @Test(arguments: [Failure.firstOpen(errno: InjectedErrno.eio), .write(count: 1, errno: InjectedErrno.eio),
                      .write(count: 2, errno: InjectedErrno.enospc), .write(count: 7, errno: InjectedErrno.eio),
                      .readBack(errno: InjectedErrno.eio)])
    func aWriteThatFailsMidStreamLeavesThePreviousSnapshot(failure: Failure) async throws {
        let f = try await StoreFixture()
        try await History.send(to: f, seed: 31, days: 2)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let vocabulary = try #require(await f.store.projectors.first { $0.name == VocabularyProjection.name })
        try await f.store.saveSnapshots(to: SnapshotStore(directory: directory.path, log: { _ in }), of: vocabulary.name)
        let previous = try SnapshotAnchorTests.tree(directory.path)
        for n in UInt64(600)..<640 {
            try await f.send(Ids.profile(1), StoreFixture.time(days: 2), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(1),
                                                                                                   front: "more \(n)", back: "b")))
        }
        let size = await vocabulary.snapshot().stateByteCount
        let limit = size / 20  // about twenty writes
        let store = SnapshotStore(directory: directory.path, fileSystem: Self.failing(failure), bufferLimit: limit, log: { _ in })
        do {
            try await f.store.saveSnapshots(to: store, of: vocabulary.name)
            Issue.record("the save succeeded, though \(failure) fails")
        } catch {
            #expect(error.code == .writeFailed)
            #expect(error.path == store.path(of: VocabularyProjection.name) + ".tmp")
            #expect(error.message == failure.message)
        }
        #expect(try SnapshotAnchorTests.tree(directory.path) == previous)
    }

    /// The real file system, except that writing or reading a snapshot's temporary file fails as
    /// `failure` says.
    static func failing(_ failure: Failure) -> FileSystem {
        let writes = Counter(), opens = Counter()
        var fs = FileSystem.posix
        fs.open = { path, mode throws(SystemCallError) in
            if path.hasSuffix(".snapshot.tmp"), case .firstOpen(let errno) = failure, opens.increment() == 1 {
                throw SystemCallError(call: "open", path: path, errno: errno)
            }
            return try FileSystem.posix.open(path, mode)
        }
        fs.write = { fd, bytes, offset, path throws(SystemCallError) in
            if path.hasSuffix(".snapshot.tmp"), case .write(let count, let errno) = failure, writes.increment() == count {
                throw SystemCallError(call: "pwrite", path: path, errno: errno)
            }
            return try FileSystem.posix.write(fd, bytes, offset, path)
        }
        fs.read = { fd, buffer, offset, path throws(SystemCallError) in
            if path.hasSuffix(".snapshot.tmp"), case .readBack(let errno) = failure {
                throw SystemCallError(call: "pread", path: path, errno: errno)
            }
            return try FileSystem.posix.read(fd, buffer, offset, path)
        }
        return fs
    }
}

extension Store {
    /// Saves the snapshots of the store's projectors (only `name`'s when given) to `store`, as a
    /// close saves them to the store's own.
    func saveSnapshots(to store: SnapshotStore, of name: String? = nil) async throws(SnapshotError) {
        try await SnapshotAnchoring.save(projectors.filter { name == nil || $0.name == name }, to: store, reader: writer.reader)
    }
}

/// A count shared by the calls of a file system.
private final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new count.
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}

extension Snapshot {
    /// The snapshot in `bytes`, or nil when they are not a whole snapshot file.
    init?(decodingOrNil bytes: [UInt8]) {
        guard let snapshot = try? Snapshot(decoding: bytes) else { return nil }
        self = snapshot
    }
}
