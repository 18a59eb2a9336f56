@testable import Hindsight
import LogFaults
import SystemSeam
import Testing

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
