import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections
@testable import Hindsight

/// The command ledger keeps each card's stream version in a table of its own (``CardStreamVersions``)
/// and every other stream's in its dictionary: ``CommandLedger/version(of:)`` and the snapshot
/// bytes are as one table of every stream made them.
@Suite struct CommandLedgerCardTests {
    /// The version of every stream `events` touch, as the ledger kept them in one table.
    static func versions(_ events: [RecordedEvent]) -> [StreamID: UInt64] {
        var versions: [StreamID: UInt64] = [:]
        for event in events { versions[event.stream] = event.streamVersion }
        return versions
    }

    /// The ledger's snapshot bytes, and the ledger read back from them.
    static func roundTrip(_ ledger: CommandLedger) throws -> (bytes: [UInt8], restored: CommandLedger) {
        var writer = BinaryWriter()
        ledger.encode(to: &writer)
        let restored = try writer.bytes.withUnsafeBytes { raw in
            var reader = BinaryReader(raw)
            return try CommandLedger(from: &reader)
        }
        return (writer.bytes, restored)
    }

    /// On seeded foreign logs (cards, decks, profiles, sessions of several categories), every
    /// stream's version reads back, and the snapshot's stream table is the one-table form: a
    /// count, then each stream and version in snapshot order.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func streamVersionsReadAndEncodeAsOneTable(seed: UInt64) throws {
        let events = ForeignLogAgreementTests().history(seed: seed, length: 300).events
        var ledger = CommandLedger()
        for event in events { ledger.apply(event) }
        let versions = Self.versions(events)
        #expect(versions.keys.contains { $0.category == "card" } && versions.keys.contains { $0.category != "card" })
        for (stream, version) in versions { #expect(ledger.version(of: stream) == version, "\(stream)") }
        #expect(ledger.version(of: .card(HistoryBuilder.card(0xFFFF))) == 0)
        #expect(ledger.version(of: .deck(HistoryBuilder.deck(0xFFFF))) == 0)

        var expected = BinaryWriter()
        expected.writeVarint(UInt64(versions.count))
        for (stream, version) in StreamID.snapshotOrder(versions) {
            stream.encode(to: &expected)
            expected.writeVarint(version)
        }
        let (bytes, restored) = try Self.roundTrip(ledger)
        #expect(Array(bytes.prefix(expected.bytes.count)) == expected.bytes)
        #expect(restored == ledger)
        #expect(try Self.roundTrip(restored).bytes == bytes)
    }

    /// A card's stream has a version whatever its events (a suspension of a card never created,
    /// a review of another card in a foreign log); the import admission's fold
    /// (``CommandLedger/applyDecisionFacts(_:)``) keeps the same versions as the full fold,
    /// positions aside; the snapshot reads back equal.
    @Test func everyCardEventSetsItsOwnStreamsVersion() throws {
        var builder = HistoryBuilder()
        let (profile, deck) = (HistoryBuilder.profile(1), HistoryBuilder.deck(1))
        let (first, second, third) = (HistoryBuilder.card(1), HistoryBuilder.card(2), HistoryBuilder.card(3))
        builder.createDeck(deck, profile: profile, at: 1_750_000_000_000)
        builder.add(.cardSuspended(CardSuspended(card: third)), stream: .card(third), profile: profile, at: 1_750_000_000_001)
        builder.createCard(first, deck: deck, profile: profile, at: 1_750_000_000_001)
        builder.createCard(second, deck: deck, profile: profile, at: 1_750_000_000_002)
        builder.add(.reviewGraded(ReviewGraded(card: first, rating: .good, mode: .scheduled, duration: try ElapsedTime(milliseconds: 900))),
                    stream: .card(first), profile: profile, at: 1_750_000_000_003)
        builder.add(.reviewGraded(ReviewGraded(card: second, rating: .good, mode: .scheduled, duration: try ElapsedTime(milliseconds: 900))),
                    stream: .card(first), profile: profile, at: 1_750_000_000_004)
        var ledger = CommandLedger(), facts = CommandLedger()
        for event in builder.events {
            ledger.apply(event)
            facts.applyDecisionFacts(event)
        }
        #expect(ledger.version(of: .card(first)) == 3 && ledger.version(of: .card(second)) == 1)
        #expect(ledger.version(of: .card(third)) == 1 && ledger.version(of: .deck(deck)) == 1)
        #expect(ledger.cardStreams.count == 3)
        #expect(facts.cardStreams == ledger.cardStreams && facts.streamVersions == ledger.streamVersions)
        #expect(facts.eventPositions.count == 0 && ledger.eventPositions.count == 6)
        let (_, restored) = try Self.roundTrip(ledger)
        #expect(restored == ledger && restored.version(of: .card(third)) == 1)
    }
}
