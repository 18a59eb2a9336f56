import Events
import FSRS
import Testing
@testable import Projections

/// The due queue, counts and next-due card of random histories against a brute-force answer
/// computed from every card's summary: same cards, same order, same counts.
@Suite("Vocabulary queries against a brute-force reference")
struct DueQueueReferenceTests {
    @Test("due queue, counts and next due match a scan of every card", arguments: 0..<12)
    func matchesScan(seed: UInt64) throws {
        let state = randomVocabularyHistory(seed: seed, events: 1200).fold()
        let all = (0..<40).compactMap { state.card(testCard(UInt64($0))) }
        let instants = [utc(2026, 1, 3), utc(2026, 1, 20, 7, 30), utc(2026, 3, 1), utc(2027, 6, 1)]
        for profile in [testProfile(0), testProfile(1)] {
            for deck in [nil] + (0..<4).map({ testDeck(UInt64($0)) }) + [testDeck(99)] {
                let live = all.filter { $0.profile == profile && !$0.isSuspended && !$0.isGone && (deck == nil || $0.deck == deck) }
                for instant in instants {
                    let time = EventTime(instant: instant, utcOffset: .zero)
                    let now = instant.milliseconds
                    let due = live.filter { ($0.schedule?.dueMs ?? .max) <= now }
                        .sorted { ($0.schedule!.dueMs, $0.id) < ($1.schedule!.dueMs, $1.id) }
                    let fresh = live.filter(\.isNew).sorted { $0.createdPosition < $1.createdPosition }
                    let allowed = state.newCardsAllowed(profile: profile, at: time)
                    let queue = state.dueQueue(profile: profile, deck: deck, at: time, limit: 3)
                    #expect(queue.reviews.map(\.id) == due.prefix(3).map(\.id))
                    #expect(queue.newCards.map(\.id) == fresh.prefix(min(3, allowed)).map(\.id))
                    #expect(queue.counts == DueCounts(
                        due: due.count, learning: due.filter { $0.schedule!.phase != .review }.count,
                        newAvailable: min(allowed, fresh.count),
                        newIntroducedToday: state.newCardsIntroduced(profile: profile, at: time)))
                    let next = live.filter { ($0.schedule?.dueMs ?? .min) > now }
                        .min { ($0.schedule!.dueMs, $0.id) < ($1.schedule!.dueMs, $1.id) }
                    #expect(state.nextDue(profile: profile, deck: deck, after: instant)?.id == next?.id)
                }
            }
        }
    }

    @Test("restoring a snapshot rebuilds indexes that answer exactly as the folded ones", arguments: 0..<8)
    func restoredAnswersAlike(seed: UInt64) throws {
        let state = randomVocabularyHistory(seed: seed, events: 1200).fold()
        let restored = try decoded(VocabularyState.self, encoded(state))
        for profile in [testProfile(0), testProfile(1)] {
            for day in stride(from: 1, through: 28, by: 3) {
                let time = EventTime(instant: utc(2026, 2, day), utcOffset: .zero)
                #expect(restored.dueQueue(profile: profile, at: time, limit: 50) == state.dueQueue(profile: profile, at: time, limit: 50))
                #expect(restored.nextDue(profile: profile, after: time.instant) == state.nextDue(profile: profile, after: time.instant))
            }
            #expect(restored.decks(of: profile, includingDeleted: true) == state.decks(of: profile, includingDeleted: true))
        }
        for deck in 0..<4 {
            #expect(restored.cards(inDeck: testDeck(UInt64(deck)), includingDeleted: true)
                == state.cards(inDeck: testDeck(UInt64(deck)), includingDeleted: true))
        }
    }
}
