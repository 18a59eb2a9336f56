import Foundation
import Testing
import TestSupport
@testable import Hindsight
import FSRS

/// The FSRS revlog export: the reviews that were not undone (cram ones in state 4), read back by
/// the FSRS tools.
@Suite struct RevlogExportTests {
    typealias F = ExportLogFixture

    @Test func exportsTheCountedReviewsWithTheirStates() async throws {
        let data = try await F.dataDirectory()
        defer { data.remove() }
        let out = data.appending("revlog.csv").path
        let exporter = LogExporter(dataDirectory: data.path, personalData: .resolve(F.personalData()))
        let summary = try exporter.exportRevlog(to: out)
        #expect(summary.rowsWritten == 4)
        let id = F.card.revlogID
        #expect(id == 5_485_209_644_447_493_969)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        // The first review of a new card is state 0; then learning (1) or review (2) as the scheduler
        // says; the cram review is state 4 (a filtered-deck answer), and changes no state.
        let scheduler = Scheduler(configuration: .standard)
        let counted = [(FSRSRating.good, F.start + 10_000), (.good, F.start + F.day), (.hard, F.start + 3 * F.day)]
            .map { ReviewRecord(rating: $0.0, timeMs: $0.1, durationMs: 4_000) }
        let phases = scheduler.replay(counted, fuzzSeed: F.card.schedulerSeed).map(\.state.phase.rawValue)
        #expect(text == """
            card_id,review_time,review_rating,review_state,review_duration
            \(id),1767225610000,3,0,4000
            \(id),1767225620000,1,4,4000
            \(id),1767312000000,3,\(phases[0]),4000
            \(id),1767484800000,2,\(phases[1]),4000

            """)

        // Read back with the FSRS tools: the same card state as replaying the counted reviews.
        let rows = try RevlogCSV.parse(text)
        let histories = RevlogHistory.histories(from: rows, utcOffsetMinutes: 0)
        #expect(histories.count == 1)
        let history = try #require(histories.first)
        #expect(history.reviews == counted)
        #expect(scheduler.state(after: history.reviews, fuzzSeed: F.card.schedulerSeed)
                == scheduler.state(after: counted, fuzzSeed: F.card.schedulerSeed))
    }

    @Test func filtersLimitTheRowsButNotTheStates() async throws {
        let data = try await F.dataDirectory()
        defer { data.remove() }
        let out = data.appending("revlog.csv").path
        let exporter = LogExporter(dataDirectory: data.path, personalData: .redact(salt: "x"))
        let full = try RevlogCSV.parse(try { _ = try exporter.exportRevlog(to: out); return try String(contentsOfFile: out, encoding: .utf8) }())
        _ = try exporter.exportRevlog(to: out, filter: ExportFilter(since: Timestamp(milliseconds: F.start + F.day)))
        let later = try RevlogCSV.parse(try String(contentsOfFile: out, encoding: .utf8))
        #expect(later.map(\.state) == full.dropFirst(2).map(\.state))
        #expect(full.map(\.state)[1] == .filtered)
        _ = try exporter.exportRevlog(to: out, filter: ExportFilter(profiles: [F.child]))
        #expect(try RevlogCSV.parse(try String(contentsOfFile: out, encoding: .utf8)).isEmpty)
    }

    /// A card's revlog id is FNV-1a-64 of its UUID's 16 bytes shifted right by one (computed
    /// apart, in Python): exported files keep their ids from version to version.
    @Test(arguments: [
        ("30000000-0000-0000-0000-000000000001", 5_485_209_644_447_493_969),
        ("10000000-0000-4000-8000-000000000001", 7_542_081_225_135_071_745),
        ("6F1C2A9E-3B7D-4C1E-9A2F-0D8E5B4C3A21", 253_630_655_437_609_275),
        ("00000000-0000-0000-0000-000000000000", 4_904_437_434_734_850_610),
    ] as [(String, Int64)])
    func revlogIDHashesTheWholeUUID(uuid: String, id: Int64) throws {
        #expect(CardID(try #require(UUID(uuidString: uuid))).revlogID == id)
    }

    /// Cards whose UUIDs differ in one byte only, wherever it is (ids made in the same
    /// millisecond, ids numbered in their last bytes), get ids of their own, never negative.
    @Test(arguments: 0..<20)
    func uuidsThatDifferInOneByteGetTheirOwnIDs(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let base = withUnsafeBytes(of: (rng.next(), rng.next())) { Array($0) }
        var ids: Set<Int64> = []
        for index in 0..<16 {
            for value in 0...255 as ClosedRange<UInt8> {
                var bytes = base
                bytes[index] = value
                let uuid = bytes.withUnsafeBytes { $0.loadUnaligned(as: UUID.self) }
                let id = CardID(uuid).revlogID
                #expect(id >= 0)
                ids.insert(id)
            }
        }
        // 16 × 256 variants, the base 16 times among them: 16 × 255 + 1 distinct UUIDs.
        #expect(ids.count == 16 * 255 + 1, "seed \(seed)")
    }
}
