import Events
import FSRS
import Testing
import TestSupport
@testable import Projections

/// A seeded random vocabulary history: two profiles, four decks, up to `cards` cards; reviews
/// (some cram, some of cards created just before or not created yet, some filed under another
/// card's stream), undos of the latest review, suspensions, burials, moves, edits, translations and
/// example sentences attached, deletions, deck
/// deletions and settings changes (retention, cut-off, scheduler parameters, daily new-card
/// limits, some of them invalid).
func randomVocabularyHistory(seed: UInt64, events count: Int = 800, cards: Int = 40) -> VocabularyScript {
    var random = SplitMix64(seed: seed)
    var v = VocabularyScript(dailyNewCardLimit: 5)
    let profiles = [testProfile(0), testProfile(1)]
    var time = utc(2026, 1, 1, 8, 0)
    for deck in 0..<4 { v.deck(UInt64(deck), at: time, profile: profiles[deck % 2]) }
    var created = 0
    var lastReview: [UInt64: EventID] = [:]
    func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
    for _ in 0..<count {
        time = Timestamp(milliseconds: time.milliseconds + Int64(pick(36)) * 3_600_000 / 4 + 60_000)
        let offset = [0, 3600, -5 * 3600][pick(3)]
        let roll = pick(100)
        if created < cards && (created == 0 || roll < 11) {
            let deck = UInt64(pick(4))
            v.card(UInt64(created), deck: deck, front: "word \(created)", at: time, profile: profiles[Int(deck) % 2])
            created += 1
            continue
        }
        // Mostly cards already created, sometimes the newest few or one not created yet.
        let card = UInt64(roll < 5 ? min(created + pick(3), cards - 1) : pick(created))
        switch roll {
        case 0..<64:
            let rating = Rating(rawValue: UInt8(1 + pick(4)))!
            lastReview[card] = v.review(card, rating, mode: pick(9) == 0 ? .cram : .scheduled, at: time,
                                        utcOffsetSeconds: offset)
        case 64..<74:
            if let review = lastReview.removeValue(forKey: card) { v.undo(card, review, at: time) }
        case 74..<78:
            if pick(2) == 0 {
                v.record(.cardSuspended(CardSuspended(card: testCard(card))), card: card, at: time)
            } else {
                v.record(.cardBuried(CardBuried(card: testCard(card))), card: card, at: time)
            }
        case 78..<83: v.record(.cardUnsuspended(CardUnsuspended(card: testCard(card))), card: card, at: time)
        case 83..<87:
            let to = testDeck(UInt64(pick(4)))
            v.record(.cardMoved(CardMoved(card: testCard(card), fromDeck: testDeck(0), toDeck: to)), card: card, at: time)
        case 87..<90:
            // Edits, and content attached (to cards created, gone or not created yet).
            switch pick(3) {
            case 0: v.record(.cardEdited(CardEdited(card: testCard(card), front: "edit \(pick(99))", back: "back \(pick(99))")),
                             card: card, at: time)
            case 1: v.record(.translationAttached(TranslationAttached(card: testCard(card), translation: "t\(pick(99))",
                                                                      language: try! LanguageTag(["fr", "de"][pick(2)]))),
                             card: card, at: time)
            default: v.record(.exampleSentenceAttached(ExampleSentenceAttached(card: testCard(card), sentence: "s\(pick(99))",
                                                                               generator: "g")), card: card, at: time)
            }
        case 90..<92: v.record(.cardDeleted(CardDeleted(card: testCard(card))), card: card, at: time)
        case 92..<94:
            v.setting(.desiredRetentionChanged(DesiredRetentionChanged(retention: try! DesiredRetention(0.8 + Double(pick(15)) / 100))),
                      at: time, profile: profiles[pick(2)])
        case 94..<96:
            v.setting(.dayCutoffChanged(DayCutoffChanged(hour: try! HourOfDay(pick(24)))), at: time, profile: profiles[pick(2)])
        case 96..<98:
            if pick(2) == 0 {
                let weights = FSRSParameters.fsrs5Default.weights.prefix(19).map(Double.init)
                v.setting(.schedulerParametersChanged(SchedulerParametersChanged(parameters: try! SchedulerParameters(weights))),
                          at: time, profile: profiles[pick(2)])
            } else {
                let limits: [SettingValue] = [.int(0), .int(2), .int(4), .int(8), .int(-1), .string("3")]
                v.setting(newCardSetting(limits[pick(limits.count)]), at: time, profile: profiles[pick(2)])
            }
        default:
            if pick(15) == 0 { v.record(.deckDeleted(DeckDeleted(deck: testDeck(UInt64(pick(4))))), deck: 0, at: time) }
            // A review filed under another card's stream (the batch fold looks cards up ahead
            // by stream, and must fold the event's own card).
            let other = UInt64(pick(max(created, 1)))
            v.record(.reviewGraded(ReviewGraded(card: testCard(other), rating: .good, mode: .scheduled,
                                                duration: try! ElapsedTime(milliseconds: 3000))), card: card, at: time)
        }
    }
    return v
}

@Suite("Vocabulary snapshots and determinism")
struct VocabularySnapshotTests {
    @Test("encode then decode gives an equal state and the same bytes", arguments: 0..<8)
    func roundTrip(seed: UInt64) throws {
        let state = randomVocabularyHistory(seed: seed).fold()
        let bytes = encoded(state)
        let decoded = try decoded(VocabularyState.self, bytes)
        #expect(decoded == state)
        #expect(encoded(decoded) == bytes)
        // Each record's copy of its deck's deletion agrees with the deck table, folded or restored.
        for table in [state, decoded] {
            #expect(table.cards.hot.indices.allSatisfy {
                table.cards.hot[$0].isDeckDeleted == table.decks.isDeleted[Int(table.cards.decks[$0])]
            })
        }
    }

    @Test("the random histories delete decks that hold cards (so the check above means something)")
    func randomHistoriesDeleteDecks() {
        #expect((0..<8).contains { (seed: UInt64) in
            let state = randomVocabularyHistory(seed: seed).fold()
            return state.cards.hot.contains(where: \.isDeckDeleted)
        })
    }

    @Test("the random histories give profiles limits of their own (so the checks cover them)")
    func randomHistoriesSetLimits() {
        #expect((0..<8).contains { (seed: UInt64) in
            !randomVocabularyHistory(seed: seed).fold().profileNewCardLimits.isEmpty
        })
    }

    @Test("folding to a snapshot and then the tail equals the full fold, byte for byte", arguments: 0..<8)
    func snapshotThenTail(seed: UInt64) throws {
        let v = randomVocabularyHistory(seed: seed)
        let full = v.fold()
        for cut in [1, v.events.count / 3, v.events.count / 2, v.events.count - 1] {
            let head = v.fold(v.events.prefix(cut))
            let restored = try decoded(VocabularyState.self, encoded(head))
            let resumed = v.fold(v.events.dropFirst(cut), from: restored)
            #expect(resumed == full)
            #expect(encoded(resumed) == encoded(full))
        }
    }

    @Test("folding the same events twice gives byte-identical states", arguments: 0..<8)
    func determinism(seed: UInt64) {
        let v = randomVocabularyHistory(seed: seed)
        #expect(encoded(v.fold()) == encoded(v.fold()))
    }

    @Test("the due queue of a random history is in order and holds no suspended or gone card", arguments: 0..<8)
    func queueInvariants(seed: UInt64) {
        let state = randomVocabularyHistory(seed: seed).fold()
        for profile in [testProfile(0), testProfile(1)] {
            let queue = state.dueQueue(profile: profile, at: EventTime(instant: utc(2027, 1, 1), utcOffset: .zero), limit: 1000)
            let dues = queue.reviews.map { ($0.due!.milliseconds, $0.id) }
            #expect(zip(dues, dues.dropFirst()).allSatisfy { $0 < $1 })
            #expect((queue.reviews + queue.newCards).allSatisfy { !$0.isSuspended && !$0.isGone && $0.profile == profile })
            #expect(queue.newCards.allSatisfy { $0.isNew })
            #expect(queue.newCards.count <= state.dailyNewCardLimit(of: profile))
        }
    }

    @Test("a corrupted snapshot is refused with an error, not a crash")
    func corruptedSnapshot() {
        let bytes = encoded(randomVocabularyHistory(seed: 3).fold())
        #expect(throws: EventDecodingError.self) { _ = try decoded(VocabularyState.self, Array(bytes.prefix(bytes.count / 2))) }
    }

    @Test("a snapshot whose card was last reviewed on a local day far from the review's instant is refused")
    func farLocalDayIsRefused() throws {
        let state = randomVocabularyHistory(seed: 5).fold()
        let reviewed = try #require(state.cards.hot.indices.first { state.cards.hot[$0].state.isPresent })
        let bytes = encoded(state)
        #expect(try decoded(VocabularyState.self, bytes) == state)
        // The card's record starts with its id; its state's local day (narrow: 32 bits) follows
        // the id, slots, creation, flags, counts and the state's two instants.
        let key = state.cards.keys[reviewed]
        let record = try #require(cardRecordOffset(of: key, in: bytes))
        let dayOffset = record + 16 + 4 + 4 + 8 + 8 + 4 + 1 + 4 + 4 + 4 + 8 + 8
        let day = bytes[dayOffset ..< dayOffset + 4].withUnsafeBytes { Int32(littleEndian: $0.loadUnaligned(as: Int32.self)) }
        #expect(Int64(day) == state.cards.hot[reviewed].state.lastReviewDay)
        var damaged = bytes
        withUnsafeBytes(of: (day + 400).littleEndian) { damaged.replaceSubrange(dayOffset ..< dayOffset + 4, with: $0) }
        #expect {
            _ = try decoded(VocabularyState.self, damaged)
        } throws: { error in
            (error as? EventDecodingError)?.description.contains("too far from the instant") == true
        }
    }

    @Test("fronts round-trip in any script, and a blob whose pieces split a scalar is refused")
    func frontsSplitAcrossAScalarAreRefused() throws {
        var v = VocabularyScript(dailyNewCardLimit: 5)
        let time = utc(2026, 1, 1, 8, 0)
        v.deck(0, at: time)
        let fronts = ["é", "x", "猫が好き", "", "Straße"]
        for (n, front) in fronts.enumerated() { v.card(UInt64(n), deck: 0, front: front, at: time) }
        let bytes = encoded(v.fold())
        let restored = try decoded(VocabularyState.self, bytes)
        #expect(fronts.indices.map { restored.card(testCard(UInt64($0)))?.front } == fronts)
        // "é" then "x" sit side by side in the blob as C3 A9 78; swapped to 78 C3 A9 the blob is
        // still valid UTF-8, but the first piece (2 bytes) would be "x\u{C3}" and the second "\u{A9}".
        let pair: [UInt8] = [0xC3, 0xA9, 0x78]
        let at = try #require((0...(bytes.count - 3)).first { Array(bytes[$0 ..< $0 + 3]) == pair })
        var damaged = bytes
        damaged.replaceSubrange(at ..< at + 3, with: [0x78, 0xC3, 0xA9])
        #expect {
            _ = try decoded(VocabularyState.self, damaged)
        } throws: { error in
            (error as? EventDecodingError)?.description.contains("not valid UTF-8") == true
        }
    }

    @Test("the fingerprint covers the configuration and the new-card limit")
    func fingerprint() throws {
        let base = VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 20)
        let variants = [
            VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 21),
            VocabularyProjection(configuration: .plainModel, dailyNewCardLimit: 20),
            VocabularyProjection(configuration: try SchedulerConfiguration(desiredRetention: 0.85), dailyNewCardLimit: 20),
            VocabularyProjection(configuration: try SchedulerConfiguration(dayCutoffHour: 5), dailyNewCardLimit: 20),
            VocabularyProjection(configuration: try SchedulerConfiguration(learningSteps: [1]), dailyNewCardLimit: 20),
            VocabularyProjection(configuration: try SchedulerConfiguration(fuzz: false), dailyNewCardLimit: 20),
            VocabularyProjection(configuration: try SchedulerConfiguration(parameters: .fsrs5Default), dailyNewCardLimit: 20),
        ]
        #expect(Set(variants.map(\.fingerprint) + [base.fingerprint]).count == variants.count + 1)
        #expect(base.fingerprint == VocabularyProjection(configuration: .testDefault, dailyNewCardLimit: 20).fingerprint)
    }
}
