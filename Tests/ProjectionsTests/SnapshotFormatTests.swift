import Testing
import TestSupport
@testable import Events
@testable import Projections

/// The snapshot file format (Projections/Snapshots/FORMAT.md): what is written, what older
/// formats still read, and that no damage decodes. The files themselves are the store's
/// (HindsightTests' SnapshotStoreTests).
@Suite struct SnapshotFormatTests {
    func snapshot() async -> Snapshot {
        let projector = Projector(TypeCountProjection())
        await projector.apply(sampleEvents(100))
        return await projector.snapshot()
    }

    /// The file of `snapshot` in an older format: the anchor taken out (format 2 has none), the
    /// format byte set, and the checksum of that format.
    func encoded(_ snapshot: Snapshot, format: UInt8) -> [UInt8] {
        var old = Array(snapshot.encoded().dropLast(8))
        old[8] = format
        // The anchor is the 8 bytes after the position's varint, which is one byte here.
        let nameLength = Int(old[9])
        let anchorStart = 9 + 1 + nameLength + 1 + 8 + 1
        old.removeSubrange(anchorStart..<(anchorStart + 8))
        let checksum = format == 1 ? StableHash.fnv1a64(old) : old.withUnsafeBytes { StableHash.words64($0) }
        return old + (0..<8).map { UInt8(truncatingIfNeeded: checksum >> (8 * UInt64($0))) }
    }

    /// Format 1 (FNV-1a-64 checksum) and format 2 (no log anchor) files still read after format 3
    /// became the one written, as snapshots with no anchor; a file whose checksum is another
    /// format's is damaged; an unknown format is named.
    @Test func olderFormatsStillRead() async throws {
        let saved = await snapshot()
        #expect(saved.position < 128)
        let current = saved.encoded()
        #expect(current[8] == 3)
        #expect(try Snapshot(decoding: current) == saved)
        let anchored = saved.anchored(LogAnchor(rawValue: 0x1234_5678_9ABC_DEF0))
        #expect(try Snapshot(decoding: anchored.encoded()).logAnchor == LogAnchor(rawValue: 0x1234_5678_9ABC_DEF0))
        for format: UInt8 in [1, 2] {
            let old = encoded(saved, format: format)
            let decoded = try Snapshot(decoding: old)
            #expect(decoded == saved)
            #expect(decoded.logAnchor == nil)
            var wrongChecksum = old
            wrongChecksum[8] = format == 1 ? 2 : 1
            #expect(throws: SnapshotError.self) { try Snapshot(decoding: wrongChecksum) }
        }
        var unknown = current
        unknown[8] = 9
        let error = #expect(throws: SnapshotError.self) { try Snapshot(decoding: unknown) }
        #expect(error?.message.contains("format 9") == true)
    }

    /// Every single-byte flip and every truncation of a snapshot file is refused.
    @Test func everyFlippedByteOrTruncationIsRefused() async throws {
        let bytes = await snapshot().anchored(LogAnchor(rawValue: 0xABCD)).encoded()
        var refused = 0
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x20
            if (try? Snapshot(decoding: flipped)) == nil { refused += 1 }
            if (try? Snapshot(decoding: Array(bytes[..<index]))) == nil { refused += 1 }
        }
        #expect(refused == 2 * bytes.count)
    }
}
