import Foundation
import Events
import SystemSeam

/// The lines of an import file, read front to back through a fixed-size buffer, so an import
/// never holds more of the file than its longest line and one buffer. Reads files, pipes and
/// devices (`/dev/stdin`) alike, straight into the buffer (a buffer's worth a call, whatever
/// the file's block size). Only frames lines: what a line means is the caller's (a JSON
/// reader, a CSV reader).
///
/// A line ends at `\n` (a `\r` before it is dropped); the first line loses a UTF-8 byte-order
/// mark; every line is checked to be UTF-8.
struct ImportLineReader {
    /// The size of the buffer: the most read from the file at a time (a line longer than it
    /// doubles it).
    static let chunkSize = 1 << 20

    private let fileSystem: FileSystem
    private let descriptor: Int32
    private let path: String?
    /// The bytes read; only the first ``end`` are the file's.
    private var buffer: [UInt8]
    /// Where the unread bytes of ``buffer`` start.
    private var start = 0
    /// Where the bytes read into ``buffer`` end.
    private var end = 0
    private var atEnd = false
    /// Bytes of the file before ``buffer``'s first byte.
    private var consumedBefore: UInt64 = 0
    /// The 1-based number of the last line handed out.
    private(set) var lineNumber = 0

    /// A reader of the file (or pipe, or device) at `path`, read through `fileSystem`.
    /// - Throws: ``ImportError`` `unreadableFile` when there is no such file, it is a
    ///   directory, or it cannot be opened.
    init(path: String, displayName: String? = nil, fileSystem: FileSystem = .posix) throws(ImportError) {
        let shown = displayName ?? path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ImportError(.unreadableFile, "there is no file to import here; check the path", path: shown)
        }
        do { descriptor = try fileSystem.open(path, .readOnly) } catch {
            throw ImportError(.unreadableFile, "the file cannot be read; check its permissions", path: shown)
        }
        self.fileSystem = fileSystem
        self.path = shown
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// How many bytes of the file have been handed out as lines (for progress).
    var bytesRead: UInt64 { consumedBefore + UInt64(start) }

    /// Closes the file.
    func close() { fileSystem.close(descriptor) }

    /// Calls `body` with the next line's bytes (valid only during the call), or returns nil at
    /// the end of the file.
    /// - Throws: ``ImportError`` `unreadableFile` when a read fails or the line is not UTF-8
    ///   (naming the line); or what `body` throws.
    mutating func withNextLine<Result>(_ body: (UnsafeRawBufferPointer) throws(ImportError) -> Result) throws(ImportError) -> Result? {
        var scanned = start
        while true {
            if let newline = Self.firstNewline(in: buffer, from: scanned, to: end) {
                return try handOut(start..<newline, next: newline + 1, body)
            }
            if atEnd {
                guard start < end || (lineNumber == 0 && end > 0) else { return nil }
                return try handOut(start..<end, next: end, body)
            }
            let scannedLength = end - start  // no newline in these; they move to the front
            try refill()
            scanned = scannedLength
        }
    }

    /// The index of the first `\n` of `bytes` in `start ..< end`, nil when there is none: a
    /// `memchr`, which compares a vector of bytes at a time (lines run to hundreds of bytes).
    private static func firstNewline(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes.withUnsafeBytes { raw in
            guard start < end, let base = raw.baseAddress,
                  let found = memchr(base + start, 0x0A, end - start) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// Hands out `range` as a line and moves past it to `next`.
    private mutating func handOut<Result>(_ range: Range<Int>, next: Int,
                                          _ body: (UnsafeRawBufferPointer) throws(ImportError) -> Result) throws(ImportError) -> Result {
        lineNumber += 1
        start = next
        let number = lineNumber
        let path = self.path
        let outcome = buffer.withUnsafeBytes { all in
            Swift.Result { () throws(ImportError) -> Result in
                var line = UnsafeRawBufferPointer(rebasing: all[range])
                if line.last == 0x0D { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
                if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = UnsafeRawBufferPointer(rebasing: line.dropFirst(3)) }
                guard UTF8Text.validate(line) != nil else {
                    throw ImportError(.unreadableFile, "the line is not valid UTF-8; save the file as UTF-8", path: path, line: number)
                }
                return try body(line)
            }
        }
        return try outcome.get()
    }

    /// Moves the unread bytes to the front and reads into the room after them, in one call
    /// (doubling the buffer first when the unread bytes fill it: a line longer than it).
    private mutating func refill() throws(ImportError) {
        consumedBefore += UInt64(start)
        let unread = end - start
        if start > 0 && unread > 0 {
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                base.copyMemory(from: base + start, byteCount: unread)
            }
        }
        start = 0
        end = unread
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let fileSystem = self.fileSystem, descriptor = self.descriptor, shown = path ?? ""
        let read = buffer.withUnsafeMutableBytes { raw in
            Result { () throws(SystemCallError) in
                try fileSystem.readStream(descriptor, UnsafeMutableRawBufferPointer(rebasing: raw[unread...]), shown)
            }
        }
        let count: Int
        do { count = try read.get() } catch {
            throw ImportError(.unreadableFile, "the file cannot be read to its end: \(FileSystem.describe(errno: error.errno))", path: path)
        }
        if count == 0 { atEnd = true }
        end += count
    }
}
