import Foundation
import Testing
import TestSupport
import SeededRandom
import Synchronization
import SystemSeam
@testable import Hindsight

/// The import's line framing: every line of a real file comes out once, in order, with its
/// number, whatever its length beside the reader's 1 MiB buffer (lines that cross a refill,
/// lines longer than the buffer, empty lines), with `\r\n` or `\n` endings, with or without a
/// last newline and a byte-order mark, and whether a read gives the whole buffer or a few bytes
/// (as a pipe does); a line that is not UTF-8 is named by its number, a read that fails by its
/// reason.
@Suite struct ImportLineReaderTests {
    /// Reads every line of `bytes`, written to a file, as the import does.
    static func lines(of bytes: [UInt8], fileSystem: FileSystem = .posix) throws -> [(number: Int, text: [UInt8])] {
        let directory = try TemporaryDirectory(prefix: "line-reader")
        defer { directory.remove() }
        let path = directory.appending("lines.jsonl").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var reader = try ImportLineReader(path: path, fileSystem: fileSystem)
        defer { reader.close() }
        var lines: [(number: Int, text: [UInt8])] = []
        while let line = try reader.withNextLine({ raw throws(ImportError) in Array(raw) }) {
            lines.append((reader.lineNumber, line))
        }
        #expect(reader.bytesRead == UInt64(bytes.count))
        return lines
    }

    /// The real file system, but each read gives at most a seeded random number of bytes, from
    /// one to `most` (as reads of a pipe do).
    static func shortReads(most: Int, seed: UInt64) -> FileSystem {
        var fileSystem = FileSystem.posix
        let random = Mutex(SplitMix64(seed: seed))
        fileSystem.readStream = { fd, buffer, path throws(SystemCallError) in
            let limit = 1 + Int(random.withLock { $0.next() } % UInt64(most))
            return try FileSystem.posix.readStream(fd, UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, limit)]), path)
        }
        return fileSystem
    }

    @Test(arguments: [(1 as UInt64, false, false, false, 0), (2, true, false, false, 0), (3, false, true, false, 0),
                      (4, true, true, true, 0), (5, false, false, true, 0), (6, true, false, true, 0),
                      (7, false, true, true, 4_099), (8, true, false, false, 65_536)])
    func everyLineComesOutOnceInOrder(seed: UInt64, crlf: Bool, lastNewline: Bool, byteOrderMark: Bool, mostPerRead: Int) throws {
        var random = SplitMix64(seed: seed)
        // Lengths around the buffer's size and far below it; ASCII and two- to four-byte text.
        let lengths = [0, 1, 450, 0, (1 << 20) - 3, 7, (1 << 20) + 5, 2_500_000, 300] + (0..<200).map { _ in Int(random.next() % 900) }
        let pieces: [[UInt8]] = [Array("é".utf8), Array("€".utf8), Array("🙂".utf8), [0x7B], [0x22], [0x61]]
        let expected: [[UInt8]] = lengths.map { length in
            var line: [UInt8] = []
            while line.count < length { line += pieces[Int(random.next() % UInt64(pieces.count))] }
            return line
        }
        var file: [UInt8] = byteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for (index, line) in expected.enumerated() {
            file += line
            if index < expected.count - 1 || lastNewline { file += crlf ? [0x0D, 0x0A] : [0x0A] }
        }
        let read = try Self.lines(of: file, fileSystem: mostPerRead > 0 ? Self.shortReads(most: mostPerRead, seed: seed) : .posix)
        #expect(read.count == expected.count)
        #expect(read.map(\.number) == Array(1...expected.count))
        for (index, line) in read.enumerated() where index < expected.count {
            let same = line.text == expected[index]  // compared apart: a failure names sizes, not megabytes of bytes
            #expect(same, "line \(index + 1): \(line.text.count) bytes, expected \(expected[index].count)")
        }
    }

    @Test(arguments: [1, 2, 5_000])
    func aLineThatIsNotUTF8IsNamed(badLine: Int) throws {
        var file: [UInt8] = []
        for number in 1...(badLine + 2) {
            file += number == badLine ? Array("{\"a\":\"".utf8) + [0xC3, 0x28] + Array("\"}".utf8) : Array("{\"n\":\(number)}".utf8)
            file.append(0x0A)
        }
        #expect {
            _ = try Self.lines(of: file)
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.line == badLine && error.message.contains("not valid UTF-8")
        }
    }

    /// A read that fails partway is an `unreadableFile` error saying why; the lines before it
    /// came out.
    @Test func aFailedReadIsNamedWithItsReason() throws {
        var fileSystem = FileSystem.posix
        let calls = Mutex(0)
        fileSystem.readStream = { fd, buffer, path throws(SystemCallError) in
            guard calls.withLock({ $0 += 1; return $0 }) < 3 else { throw SystemCallError(call: "read", path: path, errno: 5) }
            return try FileSystem.posix.readStream(fd, UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, 10)]), path)
        }
        var linesBefore = 0
        #expect {
            let directory = try TemporaryDirectory(prefix: "line-reader")
            defer { directory.remove() }
            let path = directory.appending("lines.jsonl").path
            try Data("{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n".utf8).write(to: URL(fileURLWithPath: path))
            var reader = try ImportLineReader(path: path, fileSystem: fileSystem)
            defer { reader.close() }
            while try reader.withNextLine({ _ throws(ImportError) in () }) != nil { linesBefore += 1 }
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.code == .unreadableFile && error.message == "the file cannot be read to its end: \(FileSystem.describe(errno: 5))"
        }
        // Two reads of ten bytes: the first two lines (eight bytes each, newlines included) came out.
        #expect(linesBefore == 2)
    }
}
