import Foundation
import Events

/// The lines of an import file, read front to back through a fixed-size buffer, so an import
/// never holds more of the file than its longest line and one buffer. Reads files, pipes and
/// devices (`/dev/stdin`) alike. Only frames lines: what a line means is the caller's (a JSON
/// reader, a CSV reader).
///
/// A line ends at `\n` (a `\r` before it is dropped); the first line loses a UTF-8 byte-order
/// mark; every line is checked to be UTF-8.
struct ImportLineReader {
    /// The number of bytes read from the file at a time.
    static let chunkSize = 1 << 20

    private let handle: FileHandle
    private let path: String?
    private var buffer: [UInt8] = []
    /// Where the unread bytes of ``buffer`` start.
    private var start = 0
    private var atEnd = false
    /// Bytes of the file before ``buffer``'s first byte.
    private var consumedBefore: UInt64 = 0
    /// The 1-based number of the last line handed out.
    private(set) var lineNumber = 0

    /// A reader of the file (or pipe, or device) at `path`.
    /// - Throws: ``ImportError`` `unreadableFile` when there is no such file, it is a
    ///   directory, or it cannot be opened.
    init(path: String, displayName: String? = nil) throws(ImportError) {
        let shown = displayName ?? path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ImportError(.unreadableFile, "there is no file to import here; check the path", path: shown)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportError(.unreadableFile, "the file cannot be read; check its permissions", path: shown)
        }
        self.handle = handle
        self.path = shown
        buffer.reserveCapacity(Self.chunkSize)
    }

    /// How many bytes of the file have been handed out as lines (for progress).
    var bytesRead: UInt64 { consumedBefore + UInt64(start) }

    /// Closes the file.
    func close() { try? handle.close() }

    /// Calls `body` with the next line's bytes (valid only during the call), or returns nil at
    /// the end of the file.
    /// - Throws: ``ImportError`` `unreadableFile` when a read fails or the line is not UTF-8
    ///   (naming the line); or what `body` throws.
    mutating func withNextLine<Result>(_ body: (UnsafeRawBufferPointer) throws(ImportError) -> Result) throws(ImportError) -> Result? {
        var scanned = start
        while true {
            if let newline = Self.firstNewline(in: buffer, from: scanned) {
                return try handOut(start..<newline, next: newline + 1, body)
            }
            if atEnd {
                guard start < buffer.count || (lineNumber == 0 && !buffer.isEmpty) else { return nil }
                return try handOut(start..<buffer.count, next: buffer.count, body)
            }
            let scannedLength = buffer.count - start  // no newline in these; they move to the front
            try refill()
            scanned = scannedLength
        }
    }

    /// The index of the first `\n` of `bytes` at or after `start`, nil when there is none: a
    /// `memchr`, which compares a vector of bytes at a time (lines run to hundreds of bytes).
    private static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBytes { raw in
            guard start < raw.count, let base = raw.baseAddress,
                  let found = memchr(base + start, 0x0A, raw.count - start) else { return nil }
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

    /// Moves the unread bytes to the front and reads the next chunk after them.
    private mutating func refill() throws(ImportError) {
        consumedBefore += UInt64(start)
        buffer.removeSubrange(0..<start)
        start = 0
        let chunk: Data?
        do { chunk = try handle.read(upToCount: Self.chunkSize) } catch {
            throw ImportError(.unreadableFile, "the file cannot be read to its end: \(error.localizedDescription)", path: path)
        }
        guard let chunk, !chunk.isEmpty else {
            atEnd = true
            return
        }
        buffer.append(contentsOf: chunk)
    }
}
