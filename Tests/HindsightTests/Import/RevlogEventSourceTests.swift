import Foundation
import Projections
import Testing
import TestSupport
@testable import Events
@testable import Hindsight
import FSRS

/// The revlog source's two ways of handing out its events agree: appended a chunk at a time
/// (``RevlogEventSource/read(into:upTo:)``, a row's events carried over a chunk's end) they are
/// the events ``RevlogEventSource/next()`` gives one at a time, in order, whatever the chunk
/// size; and a bad row fails both after the same events.
@Suite struct RevlogEventSourceTests {
    /// A revlog of `rows` seeded rows: many cards first seen at the same time (creations in
    /// bursts), many rows of a card at the same time (occurrence numbers), learning answers after
    /// reviews (two events a row), and an answer longer than a day at `badRow` if given.
    static func revlog(seed: UInt64, rows: Int, badRow: Int? = nil) -> String {
        var random = SplitMix64(seed: seed)
        var text = RevlogCSV.header + "\n"
        var time: Int64 = 1_704_700_000_000
        for row in 0..<rows {
            time += Int64(random.next() % 3) * 1_000
            let (rating, state, duration) = row == badRow ? (3, 2, 100_000_000) : (random.next() % 5, random.next() % 7, random.next() % 60_000)
            text += "\(1 + random.next() % 40),\(time),\(rating),\(state),\(duration)\n"
        }
        return text
    }

    /// The source of `text`'s import on an empty store, its rows sorted in runs of 7.
    static func source(_ text: String) throws -> RevlogEventSource {
        let rows = try RevlogCSV.parse(text)
        let plan = RevlogImportPlan(options: RevlogImportOptions(profile: Ids.profile(1), deckName: "chunks", utcOffsetMinutes: 60),
                                    path: "chunks.csv", profiles: ProfilesProjection().makeInitialState(),
                                    vocabulary: VocabularyProjection(configuration: try SchedulerConfiguration(),
                                                                     dailyNewCardLimit: 20).makeInitialState(),
                                    ledger: CommandLedger())
        var scan = try RevlogScan.scan(rows: rows, path: "chunks.csv", runLength: 7)
        return try plan.events(&scan)
    }

    /// What of an event the comparison looks at: all of it but the personal data's values.
    static func summary(_ event: ImportedEvent) -> String {
        "\(event.pending) \(event.line) \(event.streamVersion as Any) \(event.recordedAt as Any) \(event.requiresPresence as Any) "
            + "\(event.personalData.map(\.reference))"
    }

    /// Every event, one at a time, and the failure that ended them if any.
    static func oneAtATime(_ text: String) throws -> (events: [String], failure: ImportError?) {
        var source = try source(text)
        var events: [String] = []
        do throws(ImportError) {
            while let event = try source.next() { events.append(summary(event)) }
        } catch { return (events, error) }
        return (events, nil)
    }

    /// Every event, read `limit` at a time, and the failure that ended them if any.
    static func inChunks(_ text: String, limit: Int) throws -> (events: [String], failure: ImportError?, sizes: [Int]) {
        var source = try source(text)
        var events: [String] = [], sizes: [Int] = []
        while true {
            var chunk: [ImportedEvent] = []
            do throws(ImportError) {
                let full = try source.read(into: &chunk, upTo: limit)
                events += chunk.map(summary)
                sizes.append(chunk.count)
                if !full { return (events, nil, sizes) }
            } catch {
                return (events + chunk.map(summary), error, sizes)
            }
        }
    }

    @Test(arguments: [(UInt64(1), 1), (2, 2), (3, 3), (4, 5), (5, 64), (6, 10_000)])
    func chunksHoldTheEventsOneAtATimeGives(seed: UInt64, limit: Int) throws {
        let text = Self.revlog(seed: seed, rows: 300)
        let expected = try Self.oneAtATime(text)
        let chunked = try Self.inChunks(text, limit: limit)
        #expect(expected.failure == nil && chunked.failure == nil)
        #expect(expected.events.count(where: { $0.contains("cardCreated(") }) == 40, "a card's creation among other events")
        #expect(expected.events.count(where: { $0.contains("cardReset(") }) > 10, "rows of two events: a reset implied, then a review")
        #expect(chunked.events == expected.events)
        #expect(chunked.sizes.dropLast().allSatisfy { $0 == limit } && chunked.sizes.last.map { $0 < limit } == true)
    }

    @Test(arguments: [(UInt64(7), 1, 0), (8, 2, 1), (9, 3, 150), (10, 64, 299), (11, 4, 77)])
    func aBadRowFailsBothAfterTheSameEvents(seed: UInt64, limit: Int, badRow: Int) throws {
        let text = Self.revlog(seed: seed, rows: 300, badRow: badRow)
        let expected = try Self.oneAtATime(text)
        let chunked = try Self.inChunks(text, limit: limit)
        #expect(expected.failure?.code == .badRevlogLine && expected.failure?.line == badRow + 2)
        #expect(chunked.failure?.code == expected.failure?.code && chunked.failure?.line == expected.failure?.line)
        #expect(chunked.events == expected.events)
    }
}
