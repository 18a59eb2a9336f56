import EventLog
import Foundation
import TestSupport

/// Shared helpers of the EventLog tests: seeded payloads, reading a log back, file surgery.
enum LogFixtures {
    /// `count` payloads of seeded random lengths in `lengths` and random bytes.
    static func payloads(_ count: Int, seed: UInt64, lengths: ClosedRange<Int> = 0...400) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in random.bytes(Int.random(in: lengths, using: &random)) }
    }

    /// Every record of the log, read without a writer.
    static func readAll(_ directory: TemporaryDirectory) throws -> [LogRecord] {
        try LogReader(directory: directory.path).records()
    }

    /// The segment file names of a log, ascending.
    static func segments(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".log") }.sorted()
    }

    /// The bytes of a file in the log's directory.
    static func bytes(_ directory: TemporaryDirectory, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appending(name)))
    }

    /// Replaces a file's bytes.
    static func write(_ bytes: [UInt8], _ directory: TemporaryDirectory, _ name: String) throws {
        try Data(bytes).write(to: directory.appending(name))
    }

    /// The size of a record's frame on disk (see FORMAT.md).
    static func frameSize(_ payload: [UInt8]) -> Int { 20 + payload.count }

    /// The name of the segment starting at `base`.
    static func segmentName(_ base: UInt64) -> String {
        let digits = String(base)
        return String(repeating: "0", count: 20 - digits.count) + digits + ".log"
    }

    /// The seal file of segment `name` (`<base>.seal`).
    static func sealName(_ segment: String) -> String { String(segment.dropLast(4)) + ".seal" }

    /// The index file of segment `name` (`<base>.idx`).
    static func indexName(_ segment: String) -> String { String(segment.dropLast(4)) + ".idx" }

    /// The base position of segment `name`.
    static func base(_ segment: String) -> UInt64 { UInt64(segment.dropLast(4))! }

    /// The offsets of the frames in a segment's bytes, found by their length fields.
    static func frameOffsets(_ segment: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var offset = 32
        while offset + 20 <= segment.count {
            offsets.append(offset)
            let length = segment[(offset + 4)..<(offset + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            offset += 20 + length
        }
        return offsets
    }

    /// What a batch-wise consumer reads from `position` on (as the projection runner's source
    /// reads): records up to `limit`, then on to the end of the batch the limit falls in; resuming
    /// from `place` when one is given. Returns the records read and the error that stopped the
    /// read, if any (the records before it are kept).
    static func readChunk(_ reader: LogReader, from position: UInt64, through last: UInt64, limit: Int,
                          place: LogReadPlace?) -> (records: [(UInt64, [UInt8])], error: (any Error)?) {
        var records: [(UInt64, [UInt8])] = []
        let body: (UInt64, UnsafeRawBufferPointer, Bool) throws -> Bool = { position, payload, endsBatch in
            records.append((position, Array(payload)))
            return !(endsBatch && records.count >= limit)
        }
        do {
            if let place {
                try reader.forEachRecord(from: position, through: last, resuming: place, body)
            } else {
                try reader.forEachRecord(from: position, through: last, body)
            }
            return (records, nil)
        } catch {
            return (records, error)
        }
    }
}
