import Foundation
import Testing
@testable import Events
@testable import Projections

/// The command ledger's ``CardRecordTable``: each card's history and its stream's version in one
/// record, either part absent, compared and listed by card whatever the order cards came in.
@Suite struct CardRecordTableTests {
    static let profiles = [ProfileID(testUUID(0xA1)), ProfileID(testUUID(0xA2))]
    static func card(_ n: UInt64) -> CardID { CardID(testUUID(0xC000 + n)) }

    /// Forty cards with distinct histories, in a scrambled card order.
    static let histories = (1...40 as ClosedRange<UInt64>).map { n in
        (card(n * 6 % 41), CardHistory(owner: profiles[Int(n % 2)], isGone: n % 5 == 0, deck: nil, window: [],
                                       olderInstantMs: Int64(n)))
    }

    /// A table restored in another order equals the restored one, lists its cards in card
    /// order, and refuses a card twice.
    @Test func tablesCompareByCardAndListInCardOrder() {
        var forward = CardRecordTable(), backward = CardRecordTable(minimumCapacity: 40)
        let added = Self.histories.map { forward.restore($1, of: $0) } + Self.histories.reversed().map { backward.restore($1, of: $0) }
        #expect(added == Array(repeating: true, count: 80))
        #expect(forward == backward && forward.count == 40)
        let again = forward.restore(CardHistory(), of: Self.histories[3].0)
        #expect(!again)
        #expect(forward == backward && forward.count == 40)
        var listed: [(CardID, CardHistory)] = []
        forward.forEachHistoryInCardOrder { listed.append(($0, $1)) }
        #expect(listed.map(\.0) == Self.histories.map(\.0).sorted())
        #expect(listed.allSatisfy { card, history in history == backward[card] })
        var changed = backward
        let added99 = changed.restore(CardHistory(), of: Self.card(99))
        #expect(added99 && changed != forward && changed.count == 41)
        #expect(forward[Self.card(99)] == nil)
    }

    /// A stream version gives a card a record but no history; a history restored later joins
    /// it; versions are listed, compared and overwritten per card.
    @Test func streamVersionsShareTheCardsRecords() {
        var table = CardRecordTable()
        table.setStreamVersion(3, of: Self.card(1))
        #expect(table.streamVersion(of: Self.card(1)) == 3 && table.streamVersion(of: Self.card(2)) == nil)
        #expect(table[Self.card(1)] == nil && table.count == 0)
        var listed: [CardID] = []
        table.forEachHistoryInCardOrder { card, _ in listed.append(card) }
        #expect(listed.isEmpty)
        let restored = table.restore(Self.histories[0].1, of: Self.card(1))
        #expect(restored && table[Self.card(1)] == Self.histories[0].1 && table.count == 1)
        #expect(table.streamVersion(of: Self.card(1)) == 3)
        table.setStreamVersion(UInt64.max, of: Self.card(1))
        table.setStreamVersion(7, of: Self.card(2))
        #expect(table.streamVersions.sorted { $0.card < $1.card }.map(\.version) == [UInt64.max, 7])

        // The same parts, added the other way round: equal. A missing part, or another value: not.
        var other = CardRecordTable()
        other.setStreamVersion(7, of: Self.card(2))
        _ = other.restore(Self.histories[0].1, of: Self.card(1))
        #expect(other != table)
        other.setStreamVersion(UInt64.max, of: Self.card(1))
        #expect(other == table)
        other.setStreamVersion(8, of: Self.card(2))
        #expect(other != table)
        var withHistory = table
        _ = withHistory.restore(CardHistory(), of: Self.card(2))
        #expect(withHistory != table && withHistory.count == 2)
    }

    /// A review event at `milliseconds` of `card` by profile 0, version `version` of its stream.
    static func review(_ card: CardID, id: UInt64, at milliseconds: Int64, version: UInt64) -> RecordedEvent {
        RecordedEvent(position: id, id: EventID(testUUID(0xE000 + id)), stream: .card(card), streamVersion: version,
                      profile: profiles[0], occurred: EventTime(instant: Timestamp(milliseconds: milliseconds), utcOffset: .zero),
                      recordedAt: Timestamp(milliseconds: milliseconds),
                      event: .reviewGraded(ReviewGraded(card: card, rating: .good, mode: .scheduled, duration: try! ElapsedTime(milliseconds: 900))))
    }

    /// Observing an event with its stream's version gives the same table as observing it and
    /// setting the version apart (a first version and a later one); the facts read in place
    /// (the latest review's instant, the review to undo) are the history's own.
    @Test func observingWithAVersionIsObservingThenSettingIt() {
        let created = RecordedEvent(position: 1, id: EventID(testUUID(0xE000)), stream: .card(Self.card(1)), streamVersion: 1,
                                    profile: Self.profiles[0], occurred: EventTime(instant: Timestamp(milliseconds: 1_000), utcOffset: .zero),
                                    recordedAt: Timestamp(milliseconds: 1_000),
                                    event: .cardCreated(CardCreated(card: Self.card(1), deck: DeckID(testUUID(0xD1)), front: "f", back: "b")))
        let events = [created, Self.review(Self.card(1), id: 2, at: 5_000, version: 2), Self.review(Self.card(1), id: 3, at: 9_000, version: 3)]
        var together = CardRecordTable(), apart = CardRecordTable()
        for event in events {
            let outcome = together.observe(event, about: Self.card(1), decks: DeckLifecycle(), streamVersion: event.streamVersion)
            #expect(outcome == apart.observe(event, about: Self.card(1), decks: DeckLifecycle()))
            apart.setStreamVersion(event.streamVersion, of: Self.card(1))
            #expect(together == apart)
        }
        #expect(together.streamVersion(of: Self.card(1)) == 3 && together.streamVersions.map(\.version) == [3])
        #expect(together.count == 1)
        #expect(together.lastInstantMs(of: Self.card(1)) == 9_000 && together[Self.card(1)]?.lastInstantMs == 9_000)
        #expect(together.reviewToUndo(of: Self.card(1)) == EventID(testUUID(0xE003)))
        #expect(together.lastInstantMs(of: Self.card(2)) == nil && together.reviewToUndo(of: Self.card(2)) == nil)
        // A card with a version but no history; a history with no review.
        together.setStreamVersion(4, of: Self.card(2))
        #expect(together.lastInstantMs(of: Self.card(2)) == nil && together.reviewToUndo(of: Self.card(2)) == nil)
        var fresh = CardRecordTable()
        fresh.observe(created, about: Self.card(1), decks: DeckLifecycle(), streamVersion: nil)
        #expect(fresh.streamVersion(of: Self.card(1)) == nil && fresh.lastInstantMs(of: Self.card(1)) == nil)
        #expect(fresh.reviewToUndo(of: Self.card(1)) == nil && fresh[Self.card(1)]?.owner == Self.profiles[0])
        // Prefetching is a hint: nothing changes.
        let before = together
        together.prefetchIndex(of: Self.card(1))
        together.prefetchRecord(of: Self.card(1))
        together.prefetchRecord(of: Self.card(3))
        #expect(together == before)
    }
}
