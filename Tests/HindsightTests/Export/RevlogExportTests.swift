import Foundation
import Testing
import TestSupport
@testable import Hindsight
import FSRS

/// The FSRS revlog export: scheduled reviews that were not undone, read back by the FSRS tools.
@Suite struct RevlogExportTests {
    typealias F = ExportLogFixture

    @Test func exportsTheCountedReviewsWithTheirStates() async throws {
        let data = try await F.dataDirectory()
        defer { data.remove() }
        let out = data.appending("revlog.csv").path
        let exporter = LogExporter(dataDirectory: data.path, personalData: .resolve(F.personalData()))
        let summary = try exporter.exportRevlog(to: out)
        #expect(summary.rowsWritten == 3)
        let id = F.card.revlogID
        #expect(id == 0x3000_0000_0000_0000 >> 1)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        // The first review of a new card is state 0; then learning (1) or review (2) as the scheduler says.
        let scheduler = Scheduler(configuration: .standard)
        let counted = [(FSRSRating.good, F.start + 10_000), (.good, F.start + F.day), (.hard, F.start + 3 * F.day)]
            .map { ReviewRecord(rating: $0.0, timeMs: $0.1, durationMs: 4_000) }
        let phases = scheduler.replay(counted, fuzzSeed: F.card.schedulerSeed).map(\.state.phase.rawValue)
        #expect(text == """
            card_id,review_time,review_rating,review_state,review_duration
            \(id),1767225610000,3,0,4000
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
        #expect(later.map(\.state) == full.dropFirst().map(\.state))
        _ = try exporter.exportRevlog(to: out, filter: ExportFilter(profiles: [F.child]))
        #expect(try RevlogCSV.parse(try String(contentsOfFile: out, encoding: .utf8)).isEmpty)
    }

    @Test(arguments: 0..<20)
    func revlogIDIsTheFirst63Bits(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let high = rng.next(), low = rng.next()
        let uuid = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.loadUnaligned(as: UUID.self) }
        #expect(CardID(uuid).revlogID == Int64(high >> 1))
    }
}
