import Events
import Testing
import TestSupport
@testable import Projections

/// A restored snapshot keeps its undo entries encoded, each card's until a review, an undo or a
/// change by hand of that card needs them: such a state answers, folds and encodes exactly like
/// one whose entries were all decoded, and damaged entries are refused at restore.
@Suite("Vocabulary undo entries pending after restore")
struct PendingUndoTests {
    /// `restored` with every card's undo entries decoded, as a restore that builds the pool would give.
    private func materialized(_ restored: VocabularyState) -> VocabularyState {
        var state = restored
        for slot in state.cards.hot.indices { state.cards.prepareUndo(slot) }
        return state
    }

    /// Seed `seed`'s random history, the middle of it, and the state folded to there, encoded
    /// and decoded (its undo entries pending).
    private func restoredHalfway(seed: UInt64) throws -> (VocabularyScript, Int, VocabularyState) {
        let v = randomVocabularyHistory(seed: seed)
        let cut = v.events.count / 2
        return (v, cut, try decoded(VocabularyState.self, encoded(v.fold(v.events.prefix(cut)))))
    }

    /// `bytes` decoded as a loaded snapshot's state is: read in place from memory an owner keeps
    /// alive (the store's mapped file), which the state may keep (its pending undo entries then
    /// stay there, not copied).
    private func decodedInPlace(_ bytes: [UInt8]) throws -> VocabularyState {
        let owned = OwnedBytes(bytes)
        var reader = BinaryReader(owned.bytes, owner: owned)
        let state = try VocabularyState(from: &reader)
        try reader.expectEnd()
        return state
    }

    @Test("a pending state answers, folds and encodes like a decoded one, copied or in place",
          arguments: 0..<12, [false, true])
    func pendingMatchesDecoded(seed: UInt64, inPlace: Bool) throws {
        let v = randomVocabularyHistory(seed: seed)
        let full = v.fold()
        for cut in [v.events.count / 4, v.events.count / 2, v.events.count - 10] {
            let bytes = encoded(v.fold(v.events.prefix(cut)))
            let pending = try inPlace ? decodedInPlace(bytes) : decoded(VocabularyState.self, bytes)
            let decoded = materialized(pending)
            #expect(pending.cards.undo.isPending)
            #expect(pending.cards.undo.pending?.isInPlace == inPlace)
            #expect(!decoded.cards.undo.isPending)
            #expect(pending.cards.undo.slots.isEmpty)
            #expect(pending == decoded)
            #expect(encoded(pending) == bytes)
            #expect(encoded(decoded) == bytes)
            for card in 0..<40 {
                #expect(pending.card(testCard(UInt64(card))) == decoded.card(testCard(UInt64(card))))
                if let slot = pending.cards.slot(of: IDKey(testCard(UInt64(card)))) {
                    #expect(pending.cards.recentReviews(slot) == decoded.cards.recentReviews(slot))
                }
            }
            let now = EventTime(instant: utc(2027, 1, 1), utcOffset: .zero)
            for profile in [testProfile(0), testProfile(1)] {
                #expect(pending.dueQueue(profile: profile, at: now, limit: 100)
                        == decoded.dueQueue(profile: profile, at: now, limit: 100))
            }
            let tail = v.events.dropFirst(cut)
            let resumed = v.fold(tail, from: pending)
            #expect(resumed == v.fold(tail, from: decoded))
            #expect(resumed == full)
            #expect(encoded(resumed) == encoded(full))
        }
    }

    @Test("looking up or decoding one card's pending entries notes one scattered read; a restore, other cards and an encoding note none",
          arguments: 0..<4)
    func lookupsNoteScatteredReads(seed: UInt64) throws {
        let v = randomVocabularyHistory(seed: seed)
        let owned = OwnedBytes(encoded(v.fold(v.events.prefix(v.events.count / 2))))
        var reader = BinaryReader(owned.bytes, owner: owned)
        var state = try VocabularyState(from: &reader)
        #expect(owned.scatteredReads == 0)
        let pendingSlots = (0..<Int32(state.cards.count)).filter { state.cards.hot[Int($0)].ring.isPending }
        try #require(pendingSlots.count >= 3)
        _ = encoded(state)
        #expect(owned.scatteredReads == 0)
        _ = state.cards.recentReviews(pendingSlots[0])
        #expect(owned.scatteredReads == 1)
        _ = state.cards.lastReviewInstantMs(pendingSlots[1])
        #expect(owned.scatteredReads == 2)
        state.cards.prepareUndo(Int(pendingSlots[2]))
        #expect(owned.scatteredReads == 3)
        // Decoded now: read in memory, noting nothing; nor does a card without entries.
        state.cards.prepareUndo(Int(pendingSlots[2]))
        _ = state.cards.recentReviews(pendingSlots[2])
        if let empty = (0..<Int32(state.cards.count)).first(where: { state.cards.hot[Int($0)].ring.count == 0 }) {
            _ = state.cards.recentReviews(empty)
        }
        #expect(owned.scatteredReads == 3)
        // An encoding reads every pending entry in one pass: none noted.
        #expect(try decoded(VocabularyState.self, encoded(state)) == state)
        #expect(owned.scatteredReads == 3)
    }

    @Test("events other than reviews and undos leave the entries pending and their bytes as they were",
          arguments: 0..<8)
    func otherEventsKeepThePendingSection(seed: UInt64) throws {
        let (v, cut, pending) = try restoredHalfway(seed: seed)
        let others = v.events.dropFirst(cut).filter { event in
            switch event.event {
            case .reviewGraded, .reviewUndone: false
            default: true
            }
        }
        let folded = v.fold(others, from: pending)
        let reference = v.fold(others, from: materialized(pending))
        #expect(folded.cards.undo.isPending)
        #expect(folded == reference)
        #expect(encoded(folded) == encoded(reference))
    }

    @Test("a review decodes its card's entries alone; the others stay pending and the state encodes as the full fold's",
          arguments: 0..<8)
    func aReviewDecodesOneRing(seed: UInt64) throws {
        var (v, cut, state) = try restoredHalfway(seed: seed)
        var reviewsOfPendingRings = 0
        for (offset, event) in v.events.dropFirst(cut).enumerated() {
            let before = state
            state = v.fold([event], from: before)
            // A review that is part of the history of a card whose entries are still encoded.
            guard case .reviewGraded(let review) = event.event, let slot = before.cards.slot(of: IDKey(review.card)),
                  before.cards.hot[Int(slot)].ring.isPending, before.isHistory(of: slot, recordedBy: event.profile)
            else { continue }
            reviewsOfPendingRings += 1
            let pendingRings = before.cards.hot.filter { $0.ring.isPending }.count
            #expect(!state.cards.hot[Int(slot)].ring.isPending)
            #expect(state.cards.hot.filter { $0.ring.isPending }.count == pendingRings - 1)
            #expect(state.cards.undo.slots.count == before.cards.undo.slots.count + UndoRing.depth)
            // The card's entries are the ones it had, then the review (the oldest forgotten when full).
            let after = state.cards.recentReviews(slot)
            #expect(after.last?.review == IDKey(event.id.uuid))
            #expect(Array(after.dropLast()) == Array(before.cards.recentReviews(slot).suffix(UndoRing.depth - 1)))
            let reference = v.fold([event], from: materialized(before))
            #expect(state == reference)
            #expect(encoded(state) == encoded(reference))
            #expect(encoded(state) == encoded(v.fold(v.events.prefix(cut + offset + 1))))
        }
        #expect(reviewsOfPendingRings > 0)
    }

    @Test("an undo entry with a phase out of range is refused at restore, wherever it lies, copied or in place",
          arguments: [0, 1, 7, 30], [false, true])
    func damagedPhaseIsRefused(fromEnd entry: Int, inPlace: Bool) throws {
        let state = randomVocabularyHistory(seed: 5).fold()
        let entries = state.cards.hot.reduce(0) { $0 + Int($1.ring.count) }
        try #require(entries > entry)
        var damaged = encoded(state)
        // The undo block ends the encoding; an entry's phase is its last byte.
        damaged[damaged.count - entry * RecordWidths.narrow.undo - 1] = 0x40
        #expect {
            _ = try inPlace ? decodedInPlace(damaged) : decoded(VocabularyState.self, damaged)
        } throws: { error in
            (error as? EventDecodingError)?.description.contains("undo entry phase 64") == true
        }
    }

    @Test("an undo entry whose state's local day is far from its last review is refused at restore, copied or in place",
          arguments: [false, true])
    func farDayIsRefused(inPlace: Bool) throws {
        let state = randomVocabularyHistory(seed: 5).fold()
        let width = RecordWidths.narrow.undo
        // The undo block ends the encoding; find an entry holding a state before its review
        // (phase 1 to 3, its last byte), and move its local day (32 bits after the id and two
        // instants) a year away.
        var damaged = encoded(state)
        let start = try #require((1...200).lazy.map { damaged.count - $0 * width }.first { (1...3).contains(damaged[$0 + width - 1]) })
        let day = damaged[start + 32 ..< start + 36].withUnsafeBytes { Int32(littleEndian: $0.loadUnaligned(as: Int32.self)) }
        withUnsafeBytes(of: (day + 365).littleEndian) { damaged.replaceSubrange(start + 32 ..< start + 36, with: $0) }
        #expect {
            _ = try inPlace ? decodedInPlace(damaged) : decoded(VocabularyState.self, damaged)
        } throws: { error in
            (error as? EventDecodingError)?.description.contains("too far from the instant") == true
        }
    }

    @Test("a state whose interval is beyond 32 bits, in a wide snapshot's undo entry or card record, is refused at restore",
          arguments: [false, true])
    func longIntervalIsRefused(inPlace: Bool) throws {
        var state = randomVocabularyHistory(seed: 5).fold()
        // An edit count beyond 32 bits makes every record wide (intervals in 64 bits).
        state.cards.edits[0] = Int(Int32.max) + 1
        let bytes = encoded(state)
        #expect(try decoded(VocabularyState.self, bytes) == state)
        let beyond = withUnsafeBytes(of: (Int64(Int32.max) + 1).littleEndian, Array.init)
        // The undo block ends the encoding; in an entry holding a state before its review (phase
        // 1 to 3, its last byte), the interval is the 64 bits after the id, two instants and the day.
        let width = RecordWidths.wide.undo
        var damagedUndo = bytes
        let entry = try #require((1...200).lazy.map { bytes.count - $0 * width }.first { (1...3).contains(bytes[$0 + width - 1]) })
        damagedUndo.replaceSubrange(entry + 40 ..< entry + 48, with: beyond)
        #expect {
            _ = try inPlace ? decodedInPlace(damagedUndo) : decoded(VocabularyState.self, damagedUndo)
        } throws: { error in
            (error as? EventDecodingError)?.description.contains("undo entry's state has an interval of 2147483648 days") == true
        }
        // A reviewed card's record starts with its id; its interval follows the id, slots,
        // creation, flags, wide counts, cram count and the state's two instants and day.
        let reviewed = try #require(state.cards.hot.indices.first { state.cards.hot[$0].state.isPresent })
        let key = state.cards.keys[reviewed]
        let record = try #require(cardRecordOffset(of: key, in: bytes))
        let interval = record + 16 + 4 + 4 + 8 + 8 + 4 + 1 + 8 + 8 + 4 + 8 + 8 + 8
        #expect(bytes[interval ..< interval + 8].withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(as: Int64.self)) }
                == Int64(state.cards.hot[reviewed].state.intervalDays))
        var damagedCard = bytes
        damagedCard.replaceSubrange(interval ..< interval + 8, with: beyond)
        #expect {
            _ = try inPlace ? decodedInPlace(damagedCard) : decoded(VocabularyState.self, damagedCard)
        } throws: { error in
            (error as? EventDecodingError)?.description.contains("has an interval of 2147483648 days, beyond 32 bits") == true
        }
    }

    @Test("an undo block shorter than its cards' entry counts is refused at restore")
    func shortBlockIsRefused() throws {
        var v = VocabularyScript(dailyNewCardLimit: 5)
        let time = utc(2026, 1, 1, 8, 0)
        v.deck(0, at: time)
        v.card(0, deck: 0, at: time)
        _ = v.review(0, .good, at: utc(2026, 1, 1, 9, 0))
        let bytes = encoded(v.fold())
        let width = RecordWidths.narrow.undo
        // One entry: its length prefix (one byte) then the entry. Claim one byte less.
        #expect(bytes[bytes.count - width - 1] == UInt8(width))
        var damaged = Array(bytes.dropLast())
        damaged[damaged.count - width] = UInt8(width - 1)
        #expect {
            _ = try decoded(VocabularyState.self, damaged)
        } throws: { error in
            (error as? EventDecodingError)?.description.contains("undo entry block holds \(width - 1) bytes") == true
        }
    }
}
