import Testing
import TestSupport
@testable import EventLog

/// Fuzzing of the log's pure decoders (record frames, segment headers, sparse indexes, seals):
/// seeded valid inputs, damaged by ``Mutator``, must decode to what was written or be refused,
/// never crash, never read past the bytes given, and never accept damage the checksum covers.
/// Inputs whose checksum is recomputed after the damage reach the checks behind the checksum.
@Suite struct FrameFuzzTests {
    /// A run of frames for positions `base ..< base + payloads.count`.
    static func frames(_ payloads: [[UInt8]], base: UInt64) -> [UInt8] {
        var buffer: [UInt8] = []
        for (n, payload) in payloads.enumerated() {
            let flags = n == payloads.count - 1 || n % 3 == 2 ? RecordFrame.endOfBatch : 0
            payload.withUnsafeBytes { RecordFrame.append(position: base + UInt64(n), flags: flags, payload: $0, to: &buffer) }
        }
        return buffer
    }

    /// Scans `bytes` as the segment scanner does: frame after frame while they decode. Every step
    /// consumes at least a header, so the scan ends; a frame's length is checked against the
    /// bytes left before anything is read from its payload.
    static func scan(_ bytes: [UInt8], base: UInt64) -> (records: [(position: UInt64, payload: [UInt8])], end: RecordFrame.Decoded?) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            var position = base
            var records: [(position: UInt64, payload: [UInt8])] = []
            while offset < raw.count {
                let decoded = RecordFrame.decode(UnsafeRawBufferPointer(rebasing: raw[offset...]), expecting: position)
                guard case .record(let found, _, let length) = decoded else { return (records, decoded) }
                let start = offset + RecordFrame.headerSize
                records.append((found, Array(raw[start ..< start + length])))
                offset = start + length
                position += 1
            }
            return (records, nil)
        }
    }

    @Test func mutatedFramesDecodeToWhatWasWrittenOrStop() {
        let count = TestScale.cases(short: 3000, long: 1_000_000)
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let base = UInt64(1 + mutator.below(1000))
            let payloads = (0..<(1 + mutator.below(5))).map { _ in mutator.random.bytes(mutator.below(80)) }
            let valid = Self.frames(payloads, base: base)
            let partner = Array(payloads.reversed())
            let damaged = mutator.mutate(valid, splicingWith: Self.frames(partner, base: base))
            let (records, end) = Self.scan(damaged, base: base)
            // A frame that decodes is one that was written, whole (in the input or in the splice
            // partner, whose positions are the same): the checksum lets no damage through.
            for record in records {
                let index = Int(record.position - base)
                #expect(index < payloads.count && (record.payload == payloads[index] || record.payload == partner[index]),
                        "seed \(seed): position \(record.position) decoded to other bytes than were written")
            }
            switch end {
            case .invalid(let reason):
                #expect(!reason.isEmpty)
                tally.noteRefused("invalid")
            case .needMore: tally.noteRefused("need-more")
            case .record, nil: tally.noteDecoded()
            }
        }
        tally.report("RecordFrame")
        #expect(tally.total == count)
        #expect(tally.refused["invalid", default: 0] > 0 && tally.refused["need-more", default: 0] > 0 && tally.decoded > 0)
    }

    /// A case of the long run that once failed: the splice joins the input's head to the partner's
    /// frames of the same positions, which decode (whole frames, as written); the test once took
    /// them for damage the checksum missed.
    @Test func spliceOfTwoValidRunsDecodesTheirFrames() {
        let payloads: [[UInt8]] = [[1, 2, 3], [4, 5], [6]]
        let partner = Array(payloads.reversed())
        let head = Self.frames(payloads, base: 7).prefix(RecordFrame.headerSize + 3)
        let tail = Self.frames(partner, base: 7).dropFirst(RecordFrame.headerSize + 1)
        let (records, end) = Self.scan(Array(head + tail), base: 7)
        #expect(records.map(\.payload) == [[1, 2, 3], [4, 5], [1, 2, 3]] && end == nil)
    }

    /// A frame announcing more than the maximum payload, or more than the bytes given, is refused
    /// from its header alone (nothing is allocated or read for it).
    @Test(arguments: [UInt32.max, UInt32(1 << 30) + 1, UInt32(1 << 31), UInt32(1 << 30), 21])
    func hugeLengthFieldsAreRefusedFromTheHeader(length: UInt32) {
        var bytes = Self.frames([[1, 2, 3]], base: 9)
        withUnsafeBytes(of: length.littleEndian) { bytes.replaceSubrange(4..<8, with: $0) }
        let decoded = bytes.withUnsafeBytes { RecordFrame.decode($0, expecting: 9) }
        if Int(length) > RecordFrame.maxPayload {
            #expect(decoded == .invalid("length \(length) exceeds the maximum \(RecordFrame.maxPayload)"))
        } else {
            #expect(decoded == .needMore)
        }
    }

    @Test func mutatedSegmentHeadersAreRefusedOrRoundTrip() {
        let count = TestScale.cases(short: 1000, long: 1_000_000)
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let valid = SegmentHeader(basePosition: 1 + mutator.random.next() % (1 << 40)).encoded()
            var damaged = mutator.mutate(valid)
            let resealed = seed % 2 == 1 && damaged.count >= 32
            if resealed { Self.reseal(&damaged, checksumAt: 28) }
            switch damaged.withUnsafeBytes({ SegmentHeader.decode($0) }) {
            case .success(let header):
                tally.noteDecoded()
                #expect(header.basePosition >= 1 && header.version == SegmentHeader.currentVersion)
                #expect(header.encoded().withUnsafeBytes { SegmentHeader.decode($0) } == .success(header))
                if !resealed { #expect(Array(damaged.prefix(32)) == valid, "seed \(seed): damage went unnoticed") }
            case .failure(.tooShort): tally.noteRefused("too-short")
            case .failure(.damaged(let reason)):
                #expect(!reason.isEmpty)
                tally.noteRefused(resealed ? "damaged (resealed)" : "damaged")
            }
        }
        tally.report("SegmentHeader")
        #expect(tally.refused["damaged (resealed)", default: 0] > 0 && tally.refused["damaged", default: 0] > 0)
    }

    @Test func mutatedSparseIndexesAreRefusedOrRoundTrip() {
        let count = TestScale.cases(short: 1000, long: 1_000_000)
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            var index = SparseIndex(basePosition: 1 + UInt64(mutator.below(1 << 20)))
            var offset: Int64 = 32
            for n in 0..<UInt64(mutator.below(400)) {
                index.note(position: index.basePosition + n, offset: offset)
                offset += Int64(20 + mutator.below(2000))
            }
            index.coveredLength = offset
            let valid = index.encoded()
            var damaged = mutator.mutate(valid)
            let resealed = seed % 2 == 1 && damaged.count >= 4
            if resealed { Self.reseal(&damaged, checksumAt: damaged.count - 4) }
            if let decoded = SparseIndex.decode(damaged) {
                tally.noteDecoded()
                #expect(SparseIndex.decode(decoded.encoded()) == decoded, "seed \(seed): a decoded index does not round-trip")
                #expect(decoded.coveredLength >= 0 && decoded.entries.allSatisfy { $0.offset >= 0 })
                if !resealed { #expect(decoded == index, "seed \(seed): damage went unnoticed") }
            } else {
                tally.noteRefused(resealed ? "nil (resealed)" : "nil")
            }
        }
        tally.report("SparseIndex")
        #expect(tally.refused["nil (resealed)", default: 0] > 0 && tally.decoded > 0)
    }

    @Test func mutatedSealsAreRefusedOrRoundTrip() {
        let count = TestScale.cases(short: 1000, long: 1_000_000)
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let base = 1 + mutator.random.next() % (1 << 40)
            let seal = SegmentSeal(basePosition: base, length: Int64(32 + mutator.below(1 << 30)),
                                   nextPosition: base + UInt64(mutator.below(1 << 20)), checksum: UInt32(truncatingIfNeeded: mutator.random.next()))
            let valid = seal.encoded()
            var damaged = mutator.mutate(valid)
            let resealed = seed % 2 == 1 && damaged.count >= 48
            if resealed { Self.reseal(&damaged, checksumAt: 44) }
            if let decoded = SegmentSeal.decode(damaged) {
                tally.noteDecoded()
                #expect(SegmentSeal.decode(decoded.encoded()) == decoded)
                #expect(decoded.length >= Int64(SegmentHeader.size) && decoded.nextPosition >= decoded.basePosition)
                if !resealed { #expect(decoded == seal, "seed \(seed): damage went unnoticed") }
            } else {
                tally.noteRefused(resealed ? "nil (resealed)" : "nil")
            }
        }
        tally.report("SegmentSeal")
        #expect(tally.refused["nil (resealed)", default: 0] > 0 && tally.refused["nil", default: 0] > 0)
    }

    /// Sparse index files whose checksum matches but whose fields are out of range: a covered
    /// length or an offset beyond `Int64.max` once crashed the decoder (an unchecked conversion).
    @Test(arguments: [
        (coveredLength: UInt64.max, offset: UInt64(100)),
        (coveredLength: UInt64(1) << 63, offset: UInt64(100)),
        (coveredLength: UInt64(1000), offset: UInt64.max),
        (coveredLength: UInt64(1000), offset: UInt64(1) << 63),
    ])
    func outOfRangeIndexFieldsAreRefused(coveredLength: UInt64, offset: UInt64) {
        var bytes = Array("HSLOGIDX".utf8)
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        put(UInt32(1))
        put(UInt32(1))
        put(UInt64(5))
        put(coveredLength)
        put(UInt64(5))
        put(offset)
        put(UInt32(0))
        Self.reseal(&bytes, checksumAt: bytes.count - 4)
        #expect(SparseIndex.decode(bytes) == nil)
    }

    /// An index file announcing 2^32 - 1 entries is refused from its size (no allocation).
    @Test func hugeIndexCountIsRefused() {
        var bytes = SparseIndex(basePosition: 5).encoded()
        withUnsafeBytes(of: UInt32.max.littleEndian) { bytes.replaceSubrange(12..<16, with: $0) }
        Self.reseal(&bytes, checksumAt: bytes.count - 4)
        #expect(SparseIndex.decode(bytes) == nil)
    }

    /// Writes the CRC32C of `bytes[..<at]` at `at` (a damaged file whose checksum still matches).
    static func reseal(_ bytes: inout [UInt8], checksumAt at: Int) {
        let crc = bytes.withUnsafeBytes { CRC32C.extend(0, UnsafeRawBufferPointer(rebasing: $0[..<at])) }
        withUnsafeBytes(of: crc.littleEndian) { bytes.replaceSubrange(at ..< at + 4, with: $0) }
    }
}
