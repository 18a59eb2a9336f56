import Foundation
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// The one-pass checksum of a file stretch, through mapped windows or plain reads.
@Suite struct SegmentDigestTests {
    /// A file system on which mapping always fails (as on file systems without mmap).
    static let unmappable: FileSystem = {
        var fs = FileSystem.posix
        fs.map = { _, _, _, path throws(SystemCallError) in throw SystemCallError(call: "mmap", path: path, errno: 19) }
        return fs
    }()

    /// Random stretches of a random file, several windows long, at unaligned offsets: the
    /// checksum equals the CRC32C of those bytes, and every probe reads the u64 8 bytes on.
    @Test(arguments: 0..<16)
    func checksumAndProbesMatchTheBytes(seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        let bytes = random.bytes(Int.random(in: 70_000...400_000, using: &random))
        try LogFixtures.write(bytes, directory, "file")
        let path = directory.appending("file").path
        let fs = seed % 2 == 0 ? FileSystem.posix : Self.unmappable
        let fd = try fs.open(path, .readOnly)
        defer { fs.close(fd) }
        let lower = Int.random(in: 0..<60_000, using: &random)
        let upper = Int.random(in: (lower + 16)...bytes.count, using: &random)
        let probes = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: lower...(upper - 16), using: &random) }.sorted()
        let initial = UInt32(truncatingIfNeeded: random.next())
        let result = try SegmentDigest.checksum(
            fd: fd, path: path, range: Int64(lower)..<Int64(upper), extending: initial, probes: probes.map(Int64.init),
            window: Int.random(in: 4096...100_000, using: &random), buffer: ReadBuffer(), fileSystem: fs)
        let expected = bytes.withUnsafeBytes { CRC32C.extendPortable(initial, UnsafeRawBufferPointer(rebasing: $0[lower..<upper])) }
        #expect(result.checksum == expected)
        #expect(result.probed == probes.map { offset in
            bytes[(offset + 8)..<(offset + 16)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        })
    }

    /// Where mapping fails, open still checks sealed segments by their seals (through
    /// reads), and still names a flipped byte.
    @Test func openWorksWhereFilesCannotBeMapped() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = try await SealTests.makeLog(in: directory)
        let options = LogOptions(durability: .fsyncEachAppend, segmentSize: 4096, fileSystem: Self.unmappable)
        let writer = try await LogWriter.open(directory: directory.path, options: options)
        #expect(try writer.reader.records().map(\.payload) == payloads)
        #expect(writer.recoveryReport.checkedBySeal == writer.recoveryReport.sealedSegments)
        try await writer.close()

        let name = try LogFixtures.segments(directory)[1]
        var bytes = try LogFixtures.bytes(directory, name)
        let offset = LogFixtures.frameOffsets(bytes)[2]
        bytes[offset + 30] ^= 2
        try LogFixtures.write(bytes, directory, name)
        let error = try await #require(throws: LogError.self) { _ = try await LogWriter.open(directory: directory.path, options: options) }
        #expect(error.code == .corruptRecord && error.segment == name && error.offset == Int64(offset))
        #expect(error.position == LogFixtures.base(name) + 2)
    }
}
