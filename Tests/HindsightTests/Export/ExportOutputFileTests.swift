import Events
@testable import Hindsight
import LogFaults
import SystemSeam
import Synchronization
import Testing
import TestSupport

/// The export's output file through the file-system seam, on a simulated disk: the finished
/// file appears only on a successful commit, a failed write, sync or rename leaves the old file
/// (or nothing) under the real name and no partial file behind.
@Suite struct ExportOutputFileTests {
    /// Which call of the seam fails, with EIO (5) or ENOSPC (28).
    enum Failure: String, CaseIterable, CustomTestStringConvertible {
        case none, write, sync, rename
        var testDescription: String { rawValue }
    }

    private static let path = "/out/export.jsonl"

    private func fileSystem(on disk: SimulatedDisk, failing failure: Failure) -> FileSystem {
        var files = disk.fileSystem
        switch failure {
        case .none: break
        case .write: files.stream = { _, _, path throws(SystemCallError) in throw SystemCallError(call: "write", path: path, errno: 28) }
        case .sync: files.sync = { _, _, path throws(SystemCallError) in throw SystemCallError(call: "fsync", path: path, errno: 5) }
        case .rename: files.rename = { from, _ throws(SystemCallError) in throw SystemCallError(call: "rename", path: from, errno: 5) }
        }
        return files
    }

    @Test(arguments: Failure.allCases)
    func theRealNameHoldsTheOldFileOrTheWholeNewOne(failure: Failure) throws {
        let disk = SimulatedDisk()
        try disk.fileSystem.makeDirectory("/out")
        disk.setContents(Array("old export\n".utf8), of: Self.path)
        let payload = [UInt8]((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

        // The output file is dropped when this closure returns, as an exporter drops it.
        let outcome = Result { () throws(ExportError) in
            let output = try ExportOutputFile(path: Self.path, bufferSize: 4096, files: fileSystem(on: disk, failing: failure))
            try output.write(payload)
            try output.commit()
        }

        switch (failure, outcome) {
        case (.none, .success):
            #expect(disk.contents(of: Self.path) == payload)
        case (.none, .failure(let error)):
            Issue.record("the export failed on a healthy disk: \(error)")
        case (_, .success):
            Issue.record("a failing \(failure) was not reported")
        case (_, .failure(let error)):
            #expect(error.code == .outputFailed)
            #expect(error.path == Self.path)
            let reason = failure == .write ? "No space left on device" : "Input/output error"
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(disk.contents(of: Self.path) == Array("old export\n".utf8))
        }
        #expect(disk.contents(of: Self.path + ".partial") == nil)
    }

    /// Every way of writing, mixed at random over buffers of a few sizes (so that full buffers are
    /// handed over and written behind many times): the file holds exactly the bytes written, in
    /// order, and a buffer handed over whole comes back empty.
    @Test(arguments: 0..<40)
    func writesBehindKeepEveryByteInOrder(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let disk = SimulatedDisk()
        try disk.fileSystem.makeDirectory("/out")
        let bufferSize = [4096, 5000, 1 << 16][Int(rng.next() % 3)]
        var expected: [UInt8] = []
        let output = try ExportOutputFile(path: Self.path, bufferSize: bufferSize, files: disk.fileSystem)
        var lines = JSONByteBuffer(capacity: 64)
        for _ in 0..<200 {
            let bytes = rng.bytes(Int(rng.next() % 9000))
            switch rng.next() % 5 {
            case 0:
                let written = bytes.withUnsafeBytes { raw in Result { () throws(ExportError) in try output.write(raw) } }
                try written.get()
            case 1: try output.write(bytes)
            case 2:
                let text = String(decoding: bytes.map { 0x20 + $0 % 0x5F }, as: UTF8.self)
                try output.write(text)
                expected += Array(text.utf8)
                continue
            case 3:
                try output.write(byte: bytes.first ?? 0x7E)
                expected.append(bytes.first ?? 0x7E)
                continue
            default:
                bytes.withUnsafeBytes { lines.write(raw: $0) }
                try output.write(taking: &lines)
                #expect(lines.count == 0)
            }
            expected += bytes
        }
        try output.commit()
        #expect(disk.contents(of: Self.path) == expected)
    }

    /// A write that fails behind (here the third of the seam's writes) fails a later write or the
    /// commit with its reason, no write is made after it, and the old file stays.
    @Test(arguments: [1, 2, 3, 10])
    func aWriteFailingBehindFailsTheExport(failingWrite: Int) throws {
        let disk = SimulatedDisk()
        try disk.fileSystem.makeDirectory("/out")
        disk.setContents(Array("old export\n".utf8), of: Self.path)
        let writes = Mutex(0)
        var files = disk.fileSystem
        let stream = files.stream
        files.stream = { fd, bytes, path throws(SystemCallError) in
            let count = writes.withLock { count in
                count += 1
                return count
            }
            if count >= failingWrite { throw SystemCallError(call: "write", path: path, errno: 28) }
            return try stream(fd, bytes, path)
        }
        let outcome = Result { () throws(ExportError) in
            let output = try ExportOutputFile(path: Self.path, bufferSize: 4096, files: files)
            for index in 0..<40 { try output.write([UInt8](repeating: UInt8(index), count: 3000)) }
            try output.commit()
        }
        guard case .failure(let error) = outcome else {
            Issue.record("a failing write was not reported")
            return
        }
        #expect(error.code == .outputFailed)
        #expect(error.message.contains("No space left on device"), "\(error.message)")
        #expect(writes.withLock { $0 } == failingWrite)
        #expect(disk.contents(of: Self.path) == Array("old export\n".utf8))
        #expect(disk.contents(of: Self.path + ".partial") == nil)
    }

    @Test func aDirectoryIsRefusedByName() throws {
        let disk = SimulatedDisk()
        try disk.fileSystem.makeDirectory("/out/export.jsonl")
        #expect {
            _ = try ExportOutputFile(path: Self.path, files: disk.fileSystem)
        } throws: { error in
            (error as? ExportError)?.message == "the export file is a directory; choose a file name"
        }
    }

    @Test func progressIsSilentWhenStandardErrorIsNoTerminal() {
        var files = SimulatedDisk().fileSystem
        #expect(TerminalProgress.onStandardError(label: "exporting", files: files) == nil)
        files.isTerminal = { fd in fd == 2 }
        #expect(TerminalProgress.onStandardError(label: "exporting", files: files) != nil)
    }
}
