import Events
import FSRS
import Foundation
import TestSupport
import Testing
@testable import Projections

/// The undo ring of a card behaves exactly like a bounded array (oldest dropped first),
/// whatever the mix of appends and removals, and cards sharing the pool never see each
/// other's entries.
@Suite("Vocabulary undo ring")
struct UndoRingTests {
    @Test("matches a bounded array per card under random appends and removals", arguments: 0..<50)
    func matchesReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var ring = UndoRing()
        var handles = [RingHandle](repeating: RingHandle(), count: 3)
        var reference = [[UndoEntry]](repeating: [], count: 3)
        for step in 0..<600 {
            let card = Int(random.next() % 3)
            let roll = random.next() % 10
            if roll < 7 || reference[card].isEmpty {
                let entry = roll == 0 ? UndoEntry.cram(key(step), instantMs: Int64(step))
                    : .scheduled(key(step), before: PackedCardState(), day: Int64(step))
                ring.append(entry, to: &handles[card])
                reference[card].append(entry)
                if reference[card].count > UndoRing.depth { reference[card].removeFirst() }
            } else {
                let index = Int(random.next() % UInt64(reference[card].count))
                #expect(place(of: reference[card][index].review, in: ring, handles[card]) == index)
                ring.remove(at: index, from: &handles[card])
                reference[card].remove(at: index)
            }
            for other in 0..<3 {
                #expect(ring.entries(of: handles[other]) == reference[other])
                #expect(Int(handles[other].count) == reference[other].count)
            }
        }
    }

    /// The logical index of the newest entry for `review` in `handle`'s ring, found as the
    /// card-history rule finds it (every entry taken as cram, so no later one blocks it).
    func place(of review: IDKey, in ring: UndoRing, _ handle: RingHandle) -> Int? {
        CardHistoryRule.reviewTakenBack(review, count: Int(handle.count), id: { ring.entry($0, of: handle).review },
                                        isScheduled: { _ in false })
    }

    @Test("a full ring forgets the oldest and still finds the newest by id")
    func wrapsAround() {
        var ring = UndoRing()
        var handle = RingHandle()
        for step in 0..<(UndoRing.depth + 3) { ring.append(.cram(key(step), instantMs: Int64(step)), to: &handle) }
        #expect(Int(handle.count) == UndoRing.depth)
        #expect(ring.entry(0, of: handle).review == key(3))
        #expect(place(of: key(2), in: ring, handle) == nil)
        #expect(place(of: key(UndoRing.depth + 2), in: ring, handle) == UndoRing.depth - 1)
        // Cram entries only: the rule takes back any of them, the oldest too.
        #expect(CardHistoryRule.reviewTakenBack(key(3), count: Int(handle.count), id: { ring.entry($0, of: handle).review },
                                                isScheduled: { !ring.entry($0, of: handle).isCram }) == 0)
        #expect(ring.slots.count == UndoRing.depth)
    }

    @Test("an entry is one 64-byte cache line, and the pool's entries never straddle two")
    func entryIsOneLine() {
        #expect(MemoryLayout<UndoEntry>.stride == 64)
        // The pool's chunks are plain memory blocks, 64-byte aligned.
        for capacity in [1, 7, 4096] {
            #expect(UInt(bitPattern: PlainMemory<UndoEntry>(capacity: capacity).base) % 64 == 0)
        }
    }

    @Test("an entry gives back exactly the state, the day or the cram mark it was made from", arguments: 0..<20)
    func entryRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for step in 0..<2_000 {
            let review = key(step)
            let entry: UndoEntry
            switch random.next() % 4 {
            case 0:
                let instant = Int64(bitPattern: random.next())
                entry = UndoEntry.cram(review, instantMs: instant)
                #expect(entry.isCram && entry.before == .none && entry.day == 0 && entry.review == review)
                #expect(entry.cramInstantMs == instant)
                #expect(EncodedCardState(entry).phase == UndoEntry.cramPhase && EncodedCardState(entry).lastReviewMs == instant)
            case 1:
                let day = Int64(bitPattern: random.next())
                entry = UndoEntry.scheduled(review, before: .none, day: day)
                #expect(!entry.isCram && entry.before == .none && entry.day == day)
                #expect(EncodedCardState(entry).lastReviewDay == day && EncodedCardState(entry).phase == 0)
            default:
                let state = try #require(randomState(&random))
                entry = UndoEntry.scheduled(review, before: state, day: Int64(step))
                #expect(entry.before == state && entry.day == 0 && !entry.isCram)
                #expect(EncodedCardState(entry) == EncodedCardState(state))
            }
            // As a snapshot stores it and reads it back.
            #expect(EncodedCardState(entry).undoEntry(review: review) == entry)
        }
    }

    @Test("a state packs its full-width fields exactly when its day is a byte from its review and its interval is 32 bits",
          arguments: 0..<10)
    func packedStateRoundTrip(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let state = try #require(randomState(&random))
            let fields = EncodedCardState(state)
            #expect(fields.packed == state)
            #expect(fields.lastReviewDay == DueCalendar.utcBucketDay(of: state.lastReviewMs) + Int64(state.dayOffset))
        }
    }

    @Test("a state whose local day is more than a byte away from its last review does not pack",
          arguments: [Int64(128), -129, 1_000_000, .max])
    func farDayDoesNotPack(offset: Int64) throws {
        var fields = EncodedCardState()
        fields.phase = 2
        fields.lastReviewMs = 1_767_225_600_000
        fields.lastReviewDay = DueCalendar.utcBucketDay(of: fields.lastReviewMs) &+ offset
        #expect(fields.packed == nil)
        #expect(fields.misfit.contains("too far from the instant"))
        fields.lastReviewDay = DueCalendar.utcBucketDay(of: fields.lastReviewMs) + (offset > 0 ? 127 : -128)
        #expect(try #require(fields.packed).lastReviewDay == fields.lastReviewDay)
    }

    @Test("a state whose interval is beyond 32 bits does not pack", arguments: [Int64(Int32.max) + 1, -1 << 40, .max])
    func longIntervalDoesNotPack(interval: Int64) throws {
        var fields = EncodedCardState()
        fields.phase = 2
        fields.intervalDays = interval
        #expect(fields.packed == nil)
        #expect(fields.misfit.contains("beyond 32 bits"))
        fields.intervalDays = interval > 0 ? Int64(Int32.max) : Int64(Int32.min)
        #expect(try #require(fields.packed).intervalDays == Int32(fields.intervalDays))
    }

    @Test("no state packs to none whatever its other fields say")
    func noStatePacksToNone() {
        var fields = EncodedCardState()
        fields.dueMs = 5
        fields.lastReviewDay = 1 << 40
        #expect(fields.packed == PackedCardState.none)
        #expect(EncodedCardState(.none) == EncodedCardState())
    }

    @Test("every state the scheduler makes packs and unpacks to itself", arguments: 0..<10)
    func schedulerStatesUnpackExactly(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let scheduler = Scheduler(configuration: try SchedulerConfiguration(dayCutoffHour: Int(seed % 24), fuzz: true))
        var state: CardState?
        var t: Int64 = 1_767_225_600_000
        for _ in 0..<300 {
            t += Int64.random(in: 60_000...(120 * 86_400_000), using: &random)
            let review = ReviewRecord(rating: FSRSRating(rawValue: Int.random(in: 1...4, using: &random))!,
                                      timeMs: t, utcOffsetMinutes: Int.random(in: -720...840, using: &random))
            state = scheduler.nextState(after: review, from: state, fuzzSeed: Int64(seed))
            #expect(PackedCardState(state).unpacked == state)
        }
        #expect(PackedCardState(nil).unpacked == nil)
    }

    /// A present state with any instant, a local day up to a byte from its UTC day (the
    /// scheduler's are at most two away), any 32-bit interval and any other field.
    private func randomState(_ random: inout SplitMix64) -> PackedCardState? {
        let lastReviewMs = Int64(bitPattern: random.next()) >> Int(random.next() % 20)
        return PackedCardState(
            dueMs: Int64(bitPattern: random.next()), lastReviewMs: lastReviewMs,
            lastReviewDay: DueCalendar.utcBucketDay(of: lastReviewMs) + Int64(Int8(truncatingIfNeeded: random.next())),
            intervalDays: Int64(Int32(truncatingIfNeeded: random.next())),
            stability: Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7F7F_FFFF),
            difficulty: Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7F7F_FFFF),
            step: Int32(truncatingIfNeeded: random.next()), reps: Int32(truncatingIfNeeded: random.next()),
            lapses: Int32(truncatingIfNeeded: random.next()), phase: UInt8(1 + random.next() % 3))
    }

    private func key(_ n: Int) -> IDKey {
        IDKey(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF))))
    }
}
