import EventLog
import Foundation
import Testing
import TestSupport

/// Reads that resume from a ``LogReadPlace`` must see exactly what reads that seek see: across
/// segment rolls, with appends between reads, after jumps elsewhere, and after a read that threw.
@Suite struct ReadPlaceTests {
    /// ``LogFixtures/readChunk(_:from:through:limit:place:)``, throwing its error.
    static func chunk(_ reader: LogReader, from position: UInt64, through last: UInt64, limit: Int,
                      place: LogReadPlace?) throws -> [(UInt64, [UInt8])] {
        let (records, error) = LogFixtures.readChunk(reader, from: position, through: last, limit: limit, place: place)
        if let error { throw error }
        return records
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func resumedReadsMatchSeekingReads(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: seed)
        let payloads = LogFixtures.payloads(1_500, seed: seed, lengths: 0...300)
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(segmentSize: 16_384, preallocationSize: 4096))
        let place = LogReadPlace()
        var written = 0
        var next: UInt64 = 1
        var resumedReads = 0
        while written < payloads.count || next <= writer.lastPosition {
            if written < payloads.count, Int.random(in: 0..<3, using: &random) == 0 {
                let count = min(Int.random(in: 1...40, using: &random), payloads.count - written)
                _ = try await writer.append(contentsOf: Array(payloads[written..<(written + count)]))
                written += count
                continue
            }
            // Now and then a jump elsewhere (back or ahead), which must seek and still be right.
            let jump = Int.random(in: 0..<10, using: &random) == 0 && writer.lastPosition > 0
            let from = jump ? UInt64.random(in: 1...writer.lastPosition, using: &random) : next
            let limit = Int.random(in: 1...120, using: &random)
            let resumed = try Self.chunk(writer.reader, from: from, through: writer.lastPosition, limit: limit, place: place)
            let sought = try Self.chunk(writer.reader, from: from, through: writer.lastPosition, limit: limit, place: nil)
            #expect(resumed.map(\.0) == sought.map(\.0))
            #expect(resumed.map(\.1) == sought.map(\.1))
            #expect(resumed.map(\.1) == resumed.map { payloads[Int($0.0) - 1] })
            if !jump { resumedReads += 1 }
            next = (resumed.last?.0 ?? from - 1) + 1
        }
        #expect(next == UInt64(payloads.count) + 1)
        #expect(try LogFixtures.segments(directory).count > 5)  // the reads crossed many rolls
        #expect(resumedReads > 20)
        try await writer.close()
    }

    @Test func aReadThatThrewResumesNothingAndTheNextOneSeeks() async throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(200, seed: 4)
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(segmentSize: 8192, preallocationSize: 4096))
        _ = try await writer.append(contentsOf: payloads)
        let place = LogReadPlace()
        var seen: [UInt64] = []
        #expect(throws: Stop.self) {
            try writer.reader.forEachRecord(from: 1, through: 200, resuming: place) { position, _, _ in
                seen.append(position)
                if position == 50 { throw Stop() }
                return true
            }
        }
        #expect(seen.last == 50)
        // The place kept nothing from the failed read: starting at 51 seeks and reads 51 onward.
        let rest = try Self.chunk(writer.reader, from: 51, through: 200, limit: .max, place: place)
        #expect(rest.map(\.0) == Array(51...200))
        #expect(rest.map(\.1) == Array(payloads[50...]))
        try await writer.close()
    }
}
