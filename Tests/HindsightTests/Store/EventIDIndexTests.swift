import Foundation
import Testing
import TestSupport
import SeededRandom
@testable import Events
@testable import Hindsight

/// The command ledger's compact index of event ids: exact once candidates are confirmed, the same
/// however its events are split between the recent and the packed part, and 8 bytes an event in
/// its snapshot.
@Suite struct EventIDIndexTests {
    /// Random ids from `seed`.
    static func ids(_ count: Int, seed: UInt64) -> [EventID] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var bytes = random.bytes(16)
            bytes[6] = 0x40 | bytes[6] & 0x0F
            bytes[8] = 0x80 | bytes[8] & 0x3F
            return EventID(bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
        }
    }

    /// Each event's position, confirmed against the "log" (the ids in position order), equals
    /// the exact table's, for events present and absent, across compactions.
    @Test(arguments: [(1 as UInt64, 100), (2, 8_191), (3, 8_192), (4, 50_000), (5, 300_000)])
    func positionsAreExactAcrossCompactions(seed: UInt64, count: Int) {
        let logged = Self.ids(count, seed: seed)
        let absent = Self.ids(2_000, seed: seed &+ 1_000)
        var index = EventIDIndex()
        for (offset, id) in logged.enumerated() { index.insert(id, at: UInt64(offset + 1)) }
        #expect(index.count == count)
        var reads = 0
        let idAt = { (position: UInt64) -> EventID? in
            reads += 1
            return position >= 1 && position <= UInt64(logged.count) ? logged[Int(position - 1)] : nil
        }
        for (offset, id) in logged.enumerated() {
            #expect(index.position(of: id, confirmingWith: idAt) == UInt64(offset + 1))
        }
        reads = 0
        for id in absent { #expect(index.position(of: id, confirmingWith: idAt) == nil) }
        // An id not logged meets a false candidate about once in 2^28 / n lookups.
        #expect(reads <= 2 + absent.count * count / (1 << 24), "\(reads) log reads for \(absent.count) absent ids")
    }

    /// An index that absorbs runs of words at other positions (an import's staged events, in
    /// sorted runs) is the index of inserting them all: the same packed words, the same
    /// positions; whatever the runs (none, one, many, some empty) and whether the index still
    /// holds recent events.
    @Test(arguments: [(11 as UInt64, 0, 50, 1), (12, 100, 0, 3), (13, 9_000, 20_000, 1), (14, 40_000, 3, 2),
                      (15, 0, 30_000, 7), (16, 20_000, 30_000, 11), (17, 8_191, 8_193, 4)])
    func absorbingRunsEqualsInsertingEveryEvent(seed: UInt64, logCount: Int, stagedCount: Int, runCount: Int) {
        let ids = Self.ids(logCount + stagedCount, seed: seed)
        var random = SplitMix64(seed: seed)
        var log = EventIDIndex(), all = EventIDIndex()
        var runs = [[UInt64]](repeating: [], count: runCount)
        for (offset, id) in ids.enumerated() {
            let position = UInt64(offset + 1)
            if offset < logCount { log.insert(id, at: position) } else { runs[Int(random.next() % UInt64(runCount))].append(EventIDIndex.word(id, at: position)) }
            all.insert(id, at: position)
        }
        log.absorb(runs.map { $0.sorted() })
        #expect(log.count == ids.count)
        #expect(log.allPacked == all.allPacked)
        #expect(log.recent.isEmpty)
        let idAt = { (position: UInt64) -> EventID? in ids[Int(position - 1)] }
        #expect(ids.enumerated().allSatisfy { log.position(of: $0.element, confirmingWith: idAt) == UInt64($0.offset + 1) })
    }

    /// The snapshot's words, written straight from the index (the recent events merged in as
    /// they are written), are ``EventIDIndex/allPacked``'s, little-endian.
    @Test(arguments: [(21 as UInt64, 0), (22, 5), (23, 8_191), (24, 8_192), (25, 30_000), (26, 70_001)])
    func theWordsWrittenAreAllThePackedWords(seed: UInt64, count: Int) {
        var index = EventIDIndex()
        for (offset, id) in Self.ids(count, seed: seed).enumerated() { index.insert(id, at: UInt64(offset + 1)) }
        var writer = BinaryWriter()
        index.writeAllPacked(to: &writer)
        var expected = BinaryWriter()
        for word in index.allPacked { expected.writeFixed64(word) }
        #expect(index.allPacked.count == count)
        #expect(writer.bytes == expected.bytes)
    }

    /// Ids whose fingerprints collide are told apart by the confirmation.
    @Test func collidingFingerprintsAreToldApartByTheLog() throws {
        let ids = Self.ids(60_000, seed: 7)
        var byFingerprint: [UInt64: EventID] = [:]
        var pair: (EventID, EventID)?
        for id in ids {
            let fingerprint = EventIDIndex.fingerprint(id)
            if let other = byFingerprint[fingerprint] { pair = (other, id); break }
            byFingerprint[fingerprint] = id
        }
        let (first, second) = try #require(pair, "60,000 random ids hold a 28-bit fingerprint collision (birthday bound)")
        var index = EventIDIndex()
        index.insert(first, at: 1)
        index.insert(second, at: 2)
        index.compact()
        #expect(index.lookup(first) == .candidates([1, 2]))
        let log = [first, second]
        #expect(index.position(of: first) { log[Int($0 - 1)] } == 1)
        #expect(index.position(of: second) { log[Int($0 - 1)] } == 2)
        var onlyFirst = EventIDIndex()
        onlyFirst.insert(first, at: 1)
        onlyFirst.compact()
        #expect(onlyFirst.position(of: second) { log[Int($0 - 1)] } == nil)
    }

    /// The snapshot holds 8 bytes an event, reads back equal, and refuses words out of order.
    @Test func snapshotRoundTripsAtEightBytesAnEvent() throws {
        var ledger = CommandLedger()
        let ids = Self.ids(20_000, seed: 11)
        for (offset, id) in ids.enumerated() { ledger.eventPositions.insert(id, at: UInt64(offset + 1)) }
        var writer = BinaryWriter()
        ledger.encode(to: &writer)
        let bytes = writer.bytes
        #expect(bytes.count <= 8 * ids.count + 16, "\(bytes.count) bytes for \(ids.count) events")
        let restored = try bytes.withUnsafeBytes { raw in
            var reader = BinaryReader(raw)
            return try CommandLedger(from: &reader)
        }
        #expect(restored == ledger)
        #expect(EventIDIndex(packed: [5, 3]) == nil)
        #expect(EventIDIndex(packed: [1 << 36]) == nil, "position 0")
    }

    /// An index restored from its snapshot words reads them where they lie, at any alignment,
    /// until it first merges: it finds every event, takes new ones, compacts, absorbs runs and
    /// writes its words exactly as the index it was saved from; damaged words are refused.
    @Test(arguments: [(21 as UInt64, 0, 1), (22, 5_000, 0), (23, 20_000, 3), (24, 60_000, 7)])
    func aRestoredIndexReadsItsWordsInPlace(seed: UInt64, logCount: Int, misalignment: Int) throws {
        let ids = Self.ids(logCount + 12_000, seed: seed)
        let absent = Self.ids(500, seed: seed &+ 1_000)
        var saved = EventIDIndex()
        for (offset, id) in ids.prefix(logCount).enumerated() { saved.insert(id, at: UInt64(offset + 1)) }
        var writer = BinaryWriter()
        saved.writeAllPacked(to: &writer)
        // The words at an offset of `misalignment` bytes, as a snapshot may place them.
        let block = [UInt8](repeating: 0xEE, count: misalignment) + writer.bytes
        var restored = try #require(block.withUnsafeBytes { EventIDIndex(restoring: RetainedBytes(copying: UnsafeRawBufferPointer(rebasing: $0[misalignment...]))) })
        #expect(restored == saved && restored.count == logCount)
        #expect(restored.packed.isEmpty)
        let idAt = { (position: UInt64) -> EventID? in position >= 1 && position <= UInt64(ids.count) ? ids[Int(position - 1)] : nil }
        for id in ids.prefix(logCount) + absent {
            #expect(restored.position(of: id, confirmingWith: idAt) == saved.position(of: id, confirmingWith: idAt))
        }
        // A few commands' events: recent, still in place; the words written are the saved ones'.
        for (offset, id) in ids.dropFirst(logCount).prefix(100).enumerated() {
            saved.insert(id, at: UInt64(logCount + offset + 1))
            restored.insert(id, at: UInt64(logCount + offset + 1))
        }
        #expect(restored.packed.isEmpty)
        var savedWords = BinaryWriter(), restoredWords = BinaryWriter()
        saved.writeAllPacked(to: &savedWords)
        restored.writeAllPacked(to: &restoredWords)
        #expect(restoredWords.bytes == savedWords.bytes)
        // Enough to compact (the words move into memory), then an import's runs.
        var a = saved, b = restored
        for (offset, id) in ids.dropFirst(logCount + 100).prefix(9_000).enumerated() {
            a.insert(id, at: UInt64(logCount + 101 + offset))
            b.insert(id, at: UInt64(logCount + 101 + offset))
        }
        #expect(b.recent.count < 9_000 && a == b)
        let runs = [ids.dropFirst(logCount + 9_100).enumerated().map { EventIDIndex.word($0.element, at: UInt64(logCount + 9_101 + $0.offset)) }.sorted()]
        var c = saved, d = restored
        c.absorb(runs)
        d.absorb(runs)
        #expect(c == d && d.allPacked == c.allPacked && d.count == logCount + 100 + runs[0].count)
        for id in ids + absent { #expect(d.position(of: id, confirmingWith: idAt) == c.position(of: id, confirmingWith: idAt)) }
    }

    @Test func damagedRestoredWordsAreRefused() {
        func restoring(_ words: [UInt64], dropping: Int = 0) -> EventIDIndex? {
            let bytes = words.flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }.dropLast(dropping)
            return Array(bytes).withUnsafeBytes { EventIDIndex(restoring: RetainedBytes(copying: $0)) }
        }
        #expect(restoring([1, 2, 3 << 36 | 5]) != nil)
        #expect(restoring([5, 3]) == nil, "descending")
        #expect(restoring([2, 2]) == nil, "repeated")
        #expect(restoring([1 << 36]) == nil, "position 0")
        #expect(restoring([1, 2], dropping: 3) == nil, "not a whole number of words")
    }

    /// The split between recent and packed events does not change equality or the snapshot.
    @Test func equalityIgnoresTheSplit() {
        let ids = Self.ids(10_000, seed: 13)
        var a = EventIDIndex()
        var b = EventIDIndex()
        for (offset, id) in ids.enumerated() {
            a.insert(id, at: UInt64(offset + 1))
            b.insert(id, at: UInt64(offset + 1))
            if offset == 4_000 { b.compact() }
        }
        #expect(a.recent.count != b.recent.count)
        #expect(a == b)
        #expect(a.allPacked == b.allPacked)
    }

    /// Sorting packed words gives what a comparison sort gives, on either path: words whose
    /// positions rise (the radix sort, from ``EventIDIndex/radixSortMinimum`` words) with many
    /// equal fingerprints among them, and words in any order (the comparison sort).
    @Test(arguments: [(31 as UInt64, 0, true), (32, 1, true), (33, 511, true), (34, 512, true), (35, 4_096, true),
                      (36, 20_000, true), (37, 4_096, false), (38, 600, false)])
    func wordsSortAsAComparisonSortsThem(seed: UInt64, count: Int, positionsRise: Bool) {
        var random = SplitMix64(seed: seed)
        // Fingerprints drawn from a few values as often as from all 2^28, so equal ones meet
        // (their order is then their positions'); positions rising by 1 to 3 from a random start.
        let few = (0..<8).map { _ in random.next() >> 36 }
        var position = 1 + random.next() % (1 << 30)
        var words: [UInt64] = []
        for _ in 0..<count {
            let fingerprint = random.next() % 2 == 0 ? few[Int(random.next() % 8)] : random.next() >> 36
            words.append(fingerprint << EventIDIndex.positionBits | position)
            position += 1 + random.next() % 3
        }
        if !positionsRise { words.shuffle(using: &random) }
        #expect(EventIDIndex.ascending(words) == words.sorted())
    }

    @Test("written through a drain, the index's words go out a stretch at a time: the same bytes, never more held than the limit and a stretch",
          arguments: [0, 3, 5_000])
    func drainedWrite(recent: Int) {
        let stride = RetainedBytes.releaseStride, limit = 1 << 16
        let ids = Self.ids(2 * stride / 8 + 1_000 + recent, seed: UInt64(recent))
        var index = EventIDIndex()
        for (offset, id) in ids.dropLast(recent).enumerated() { index.insert(id, at: UInt64(offset + 1)) }
        index.compact()
        for (offset, id) in ids.suffix(recent).enumerated() { index.insert(id, at: UInt64(ids.count - recent + offset + 1)) }
        var whole = BinaryWriter()
        index.writeAllPacked(to: &whole)
        #expect(whole.bytes.count == 8 * ids.count)
        final class Parts: @unchecked Sendable { var bytes: [UInt8] = []; var largest = 0 }
        let parts = Parts()
        var writer = BinaryWriter(draining: BinaryWriterDrain(limit: limit) { part in
            parts.bytes += part
            parts.largest = max(parts.largest, part.count)
        })
        index.writeAllPacked(to: &writer)
        #expect(max(parts.largest, writer.bytes.count) <= limit + stride + 8)
        parts.bytes += writer.bytes
        #expect(parts.bytes == whole.bytes)
    }
}
