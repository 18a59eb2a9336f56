import CPrefetch
import Events

/// The bounded per-card memory that lets the activity read model take an undone review back out
/// of the numbers it went into, flat: an id index whose buckets hold each card's slot and header
/// (``LedgerBuckets``: owner, window state), and the cards' windows of reviews by slot
/// (an ``AlignedArray``: 64-byte aligned, so a 256-byte window is exactly four cache lines and a
/// 32-byte review slot never straddles two), so a review reads one cache line (its bucket) and
/// writes one more (the review slot), both prefetchable by a batch fold (see ``prefetchBucket(of:)`` and
/// ``lookAhead(_:undo:)``), and allocates nothing.
///
/// For every card created it keeps the card's profile, whether the card has had a scheduled
/// review yet (so "new card" means its first scheduled review), and its last
/// ``reviewsRemembered`` reviews: as many as the store lets be undone in a row
/// (``CardHistoryRule/undoDepth``), so every undo it accepts is taken back here as in the vocabulary
/// read model. Memory grows with the number of cards not deleted (and 16 bytes per deleted
/// card and per deck), never with the length of the log.
///
/// What counts, and what an undo takes back, is ``CardHistoryRule``'s, which every reader of
/// the log shares; the ledger only stores and finds. A gone card is forgotten like a deleted one
/// (only its id is kept, so that it is never created again).
///
/// Slots are dense: a deleted card's slot is filled by the last one. Slot order is an in-memory
/// detail (a fold's follows the log, a restored ledger's is card-id order): equality and the
/// snapshot see cards in id order, so the same cards and reviews give the same bytes. Profile
/// numbers follow the log (in order of first card) and are kept by snapshots.
///
/// A ledger restored from a snapshot keeps its cards as checked bytes (``EncodedLedgerCards``)
/// and unpacks a card into the table only when a change needs it (a review, an undo, a change by
/// hand, a move): opening an app reads no ledger, and reviewing a few cards unpacks those alone.
/// A restored card deleted, or gone with its deck, is only marked *taken* in the bytes.
package struct ReviewLedger: Sendable, Equatable {
    /// How many of a card's most recent reviews are remembered for undo.
    package static let reviewsRemembered = LedgerWindow.capacity

    /// Each unpacked card's bucket: id, slot and header.
    private var buckets = LedgerBuckets()
    /// Each slot's window of reviews.
    private var windows = AlignedArray<LedgerWindow>()
    /// The card id of each slot.
    private var slotIDs: [IDKey] = []
    /// The deck of each slot's card.
    private var slotDecks: [IDKey] = []
    /// A restored ledger's decks of its packed cards, in card-id order (``pending``'s order).
    private var pendingDecks: [IDKey] = []
    /// Which of ``pending``'s cards were taken out (unpacked into a slot, or deleted), a bit each.
    private var taken: [UInt64] = []
    /// How many of ``pending``'s cards were taken out.
    private var takenCount = 0
    /// The profiles that own cards, by number (a card's ``LedgerEntry/profile``).
    package private(set) var profiles: [IDKey] = []
    /// The number of each profile (derived from ``profiles``).
    private var profileNumbers: [IDKey: UInt32] = [:]
    /// A restored ledger's cards, as checked snapshot bytes: each unpacked by its first change.
    private var pending: EncodedLedgerCards?
    /// The cards deleted, or gone with their deck: their ids are never used again (a later
    /// creation is ignored).
    package private(set) var deletedCards: Set<IDKey> = []
    /// The decks created and deleted.
    package private(set) var decks = DeckLifecycle()

    /// An empty ledger.
    package init() {}

    /// A restored ledger: `profiles` by number, the checked bytes of its cards, each unpacked when
    /// it first changes, with `cardDecks` their decks in the same (card-id) order, the ids of
    /// the cards deleted and the decks.
    /// - Throws: a description of the first inconsistency (a profile numbered twice, a deck
    ///   per card missing).
    init(profiles: [IDKey], cards: EncodedLedgerCards, cardDecks: [IDKey], deletedCards: Set<IDKey>,
         decks: DeckLifecycle) throws(LedgerInconsistency) {
        guard cardDecks.count == cards.count else {
            throw LedgerInconsistency("\(cards.count) cards have \(cardDecks.count) decks")
        }
        self.profiles = profiles
        self.deletedCards = deletedCards
        self.decks = decks
        pendingDecks = cardDecks
        profileNumbers.reserveCapacity(profiles.count)
        for (number, profile) in profiles.enumerated() {
            guard profileNumbers.updateValue(UInt32(number), forKey: profile) == nil else {
                throw LedgerInconsistency("profile \(profile.uuid) is numbered twice")
            }
        }
        pending = cards
    }

    /// Changes whenever a bucket may come to hold another card or move (a card deleted, the
    /// index grown): a bucket found under one layout is good while this
    /// stays the same.
    package var layout: UInt { buckets.moves }

    /// Whether packed card `index` was taken out of ``pending``.
    @inline(__always) private func isTaken(_ index: Int) -> Bool {
        !taken.isEmpty && taken[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    /// Marks packed card `index` taken out of ``pending``.
    private mutating func markTaken(_ index: Int) {
        if taken.isEmpty, let pending { taken = Array(repeating: 0, count: (pending.count + 63) >> 6) }
        taken[index >> 6] |= 1 << UInt64(index & 63)
        takenCount += 1
    }

    /// The index in ``pending`` of the packed card `key`, if it is there and not taken out.
    private func packedIndex(of key: IDKey) -> Int? {
        guard let pending, let index = pending.find(key), !isTaken(index) else { return nil }
        return index
    }

    /// The bucket of card `key`, unpacking it from ``pending`` into a slot of its own first if it
    /// is still packed; nil for an unknown or forgotten card.
    /// - Complexity: O(1) for an unpacked card; O(log n) to unpack one.
    private mutating func unpackedBucket(of key: IDKey) -> Int? {
        if let bucket = buckets.find(key) { return bucket }
        guard let index = packedIndex(of: key) else { return nil }
        let (entry, window) = pending!.card(at: index)
        markTaken(index)
        guard buckets.insert(key, slot: slotIDs.count, entry: entry) else { return nil }
        slotIDs.append(key)
        slotDecks.append(pendingDecks[index])
        windows.append(window)
        return buckets.find(key)
    }

    /// Unpacks every card still packed, in card-id order.
    private mutating func materialize() {
        guard let pending else { return }
        for index in 0..<pending.count where !isTaken(index) { _ = unpackedBucket(of: pending.id(at: index)) }
    }

    /// This ledger with every card unpacked (itself when none is packed).
    private var materialized: ReviewLedger {
        var copy = self
        copy.materialize()
        return copy
    }

    /// How many cards are remembered.
    package var count: Int { slotIDs.count + (pending?.count ?? 0) - takenCount }

    /// How many of them are unpacked (the others lie packed in a restored snapshot's bytes).
    var unpackedCount: Int { slotIDs.count }

    /// The card id of each slot, in slot order (every card unpacked first).
    package var cardIDs: [IDKey] { materialized.slotIDs }

    /// Writes the cards' bytes as a snapshot stores them, after their length (see
    /// ``EncodedLedgerCards``), in card-id order: the packed cards' bytes as they lie, the
    /// unpacked ones card by card, a drain point after each card, so they are written to a
    /// snapshot file without lying whole in memory.
    /// - Complexity: O(n + m log m) for n packed and m unpacked cards (the sort).
    func writeEncodedCards(to writer: inout BinaryWriter) {
        if let pending, slotIDs.isEmpty, takenCount == 0 {
            writer.writeVarint(UInt64(pending.bytes.count))
            writer.writeRaw(pending.bytes)
            return
        }
        // The packed cards are read once more, in order: let go of their pages once written.
        var pass = ReleasingPass(over: pending?.bytes)
        defer { pass.finish() }
        let entry = { (slot: Int) in buckets.entry(at: buckets.find(slotIDs[slot])!) }
        var size = slotIDs.indices.reduce(0) { $0 + EncodedLedgerCards.byteCount(entry: entry($1), window: windows[$1]) }
        if let pending { size += (0..<pending.count).reduce(0) { isTaken($1) ? $0 : $0 + pending.byteCount(of: $1) } }
        writer.writeVarint(UInt64(size))
        forEachCardInIDOrder { card in
            switch card {
            case .packed(let index):
                pending!.write(index, to: &writer)
                pass.read(through: pending!.offset(of: index + 1))
            case .unpacked(let slot):
                EncodedLedgerCards.write(id: slotIDs[slot], entry: entry(slot), window: windows[slot], to: &writer)
            }
            writer.drainIfFull()
        }
    }

    /// Where a card lies: packed in ``pending`` or unpacked in a slot.
    private enum CardPlace {
        case packed(Int)
        case unpacked(Int)
    }

    /// Calls `body` with every card remembered, in card-id order: the packed ones not taken out
    /// merged with the unpacked ones.
    private func forEachCardInIDOrder(_ body: (CardPlace) -> Void) {
        let order = slotIDs.indices.sorted { slotIDs[$0] < slotIDs[$1] }
        var next = 0
        if let pending {
            for index in 0..<pending.count where !isTaken(index) {
                let id = pending.id(at: index)
                while next < order.count && slotIDs[order[next]] < id {
                    body(.unpacked(order[next]))
                    next += 1
                }
                body(.packed(index))
            }
        }
        while next < order.count {
            body(.unpacked(order[next]))
            next += 1
        }
    }

    /// The cards' bytes as ``writeEncodedCards(to:)`` writes them (for comparing ledgers).
    private var encodedCards: [UInt8] {
        var writer = BinaryWriter()
        writeEncodedCards(to: &writer)
        return writer.bytes
    }

    /// The deck of each card, in card-id order (the order of ``writeEncodedCards(to:)``).
    var cardDecksInIDOrder: [IDKey] {
        if pending != nil, slotIDs.isEmpty, takenCount == 0 { return pendingDecks }
        var decks: [IDKey] = []
        decks.reserveCapacity(count)
        forEachCardInIDOrder { card in
            switch card {
            case .packed(let index): decks.append(pendingDecks[index])
            case .unpacked(let slot): decks.append(slotDecks[slot])
            }
        }
        return decks
    }

    /// Starts remembering a new card of `profile` in `deck` (a second creation of the same id is
    /// ignored, even after the card's deletion); a card created in a deleted deck is gone at once.
    package mutating func cardCreated(_ card: CardID, profile: ProfileID, deck: DeckID) {
        let key = IDKey(card)
        let known = (!deletedCards.isEmpty && deletedCards.contains(key)) || buckets.find(key) != nil
            || (pending != nil && pending!.find(key) != nil)
        guard CardHistoryRule.createsCard(idKnown: known) else { return }
        if CardHistoryRule.isGone(deleted: false, deckDeleted: decks.isDeleted(IDKey(deck))) {
            deletedCards.insert(key)
            return
        }
        let owner = IDKey(profile)
        let number = profileNumbers[owner] ?? UInt32(profiles.count)
        guard buckets.insert(key, slot: slotIDs.count, entry: LedgerEntry(profile: number)) else { return }
        if number == profiles.count {
            profiles.append(owner)
            profileNumbers[owner] = number
        }
        slotIDs.append(key)
        slotDecks.append(IDKey(deck))
        windows.append(LedgerWindow())
    }

    /// Moves `card` to `deck`: into a deleted deck, the card is gone (as if deleted). Moves of
    /// unknown or gone cards change nothing.
    package mutating func cardMoved(_ card: CardID, to deck: DeckID) {
        // The ledger forgets gone cards: a card it finds exists and is not gone.
        guard let bucket = unpackedBucket(of: IDKey(card)), CardHistoryRule.moves(created: true, isGone: false) else { return }
        if CardHistoryRule.isGone(deleted: false, deckDeleted: decks.isDeleted(IDKey(deck))) {
            cardDeleted(card)
        } else {
            slotDecks[buckets.slot(at: bucket)] = IDKey(deck)
        }
    }

    /// Records the creation of `deck`.
    package mutating func deckCreated(_ deck: DeckID) {
        decks.create(deck)
    }

    /// Records the deletion of `deck`: its cards are gone (forgotten as if deleted).
    /// - Complexity: O(n) for the n cards remembered, once per deck.
    package mutating func deckDeleted(_ deck: DeckID) {
        guard decks.delete(deck) else { return }
        let key = IDKey(deck)
        // From the last slot down: a removal moves only the last slot, already looked at.
        for slot in slotDecks.indices.reversed() where slotDecks[slot] == key {
            cardDeleted(CardID(slotIDs[slot].uuid))
        }
        if let pending {
            for index in 0..<pending.count where pendingDecks[index] == key && !isTaken(index) {
                cardDeleted(CardID(pending.id(at: index).uuid))
            }
        }
    }

    /// Forgets a deleted card: later reviews and undos of it are ignored, and so is a later
    /// creation of its id. The last slot moves into its place.
    package mutating func cardDeleted(_ card: CardID) {
        if let index = packedIndex(of: IDKey(card)) {
            markTaken(index)
            deletedCards.insert(IDKey(card))
            return
        }
        guard let slot = buckets.remove(IDKey(card)) else { return }
        deletedCards.insert(IDKey(card))
        let last = slotIDs.count - 1
        if slot != last {
            windows[slot] = windows[last]
            slotIDs[slot] = slotIDs[last]
            slotDecks[slot] = slotDecks[last]
            buckets.setSlot(slot, at: buckets.find(slotIDs[slot])!)
        }
        windows.removeLast()
        slotIDs.removeLast()
        slotDecks.removeLast()
    }

    /// Remembers a review of `review.card` by `profile` counted on `day`.
    /// - Returns: what it counts (with ``ReviewFact/wasFirst`` decided), or nil when the card is
    ///   unknown or belongs to another profile, in which case the review must be ignored (so an
    ///   undo always takes back from the profile that was counted).
    /// - Complexity: O(1): one hash lookup, one slot written.
    @inline(__always)
    package mutating func record(_ review: ReviewGraded, id: EventID, profile: ProfileID, day: Int64) -> ReviewFact? {
        guard let bucket = bucket(of: review.card, lookahead: .none) else { return nil }
        return record(ReviewFact(day: day, rating: review.rating, mode: review.mode, durationMs: review.duration.countedMilliseconds,
                                 wasFirst: false),
                      id: id, profile: profile, bucket: bucket)
    }

    /// ``record(_:id:profile:day:)`` of the review `fact` (its ``ReviewFact/wasFirst`` decided
    /// here) of the card in `bucket` (from ``bucket(of:lookahead:)``).
    @inline(__always)
    package mutating func record(_ fact: ReviewFact, id: EventID, profile: ProfileID, bucket: Int) -> ReviewFact? {
        var entry = buckets.entry(at: bucket)
        guard counts(entry, recordedBy: profile) else { return nil }
        buckets.makeUnique()
        let fact = windows[buckets.slot(at: bucket)].remember(fact, id: IDKey(id), entry: &entry)
        buckets.setEntry(entry, at: bucket)
        return fact
    }

    /// Takes back the review `review` of `card`, as `profile` asks.
    /// - Returns: nil when the card is unknown, belongs to another profile or the review cannot
    ///   be taken back (see the type's summary): then nothing changes and the undo must be ignored.
    package mutating func undo(_ review: EventID, of card: CardID, by profile: ProfileID) -> ReviewUndo? {
        guard let bucket = bucket(of: card, lookahead: .none) else { return nil }
        return undo(review, by: profile, bucket: bucket)
    }

    /// ``undo(_:of:by:)`` of the card in `bucket` (from ``bucket(of:lookahead:)``).
    package mutating func undo(_ review: EventID, by profile: ProfileID, bucket: Int) -> ReviewUndo? {
        var entry = buckets.entry(at: bucket)
        guard counts(entry, recordedBy: profile) else { return nil }
        buckets.makeUnique()
        guard let removed = windows[buckets.slot(at: bucket)].forget(IDKey(review), entry: &entry)
        else { return nil }
        buckets.setEntry(entry, at: bucket)
        return ReviewUndo(profile: ProfileID(profiles[Int(entry.profile)].uuid), removed: removed)
    }

    /// Applies a change by hand of `card` that `profile` recorded (``CardHistoryRule/ManualChange``):
    /// the card's remembered reviews are forgotten, so no undo takes them back any more. Whether
    /// the card has had a scheduled review stays: the daily statistics' new cards count a card
    /// once in its life. Changes of unknown cards, or not by the owner, are ignored.
    /// - Complexity: O(1).
    package mutating func changed(_ card: CardID, by change: CardHistoryRule.ManualChange, profile: ProfileID) {
        guard CardHistoryRule.forgetsRemembered(change), let bucket = bucket(of: card, lookahead: .none) else { return }
        var entry = buckets.entry(at: bucket)
        guard counts(entry, recordedBy: profile) else { return }
        buckets.makeUnique()
        windows[buckets.slot(at: bucket)] = LedgerWindow()
        entry.count = 0
        entry.start = 0
        buckets.setEntry(entry, at: bucket)
    }

    /// Whether a review or undo that `recorder` recorded of the card whose header is `entry`
    /// counts (``CardHistoryRule/counts(isGone:recordedByOwner:)``; the ledger forgets gone
    /// cards, so a card it finds is not gone).
    @inline(__always) private func counts(_ entry: LedgerEntry, recordedBy recorder: ProfileID) -> Bool {
        CardHistoryRule.counts(isGone: false, recordedByOwner: profiles[Int(entry.profile)] == IDKey(recorder))
    }

    /// The event ids of the remembered reviews of `card`, oldest first (empty for an unknown
    /// card).
    package func reviewIDs(of card: CardID) -> [IDKey] { remembered(of: card).map(\.id) }

    /// The remembered reviews of `card`, oldest first (empty for an unknown card).
    package func reviews(of card: CardID) -> [ReviewFact] { remembered(of: card).map(\.fact) }

    /// The remembered reviews of `card`, packed or unpacked, oldest first (empty for an unknown card).
    private func remembered(of card: CardID) -> [LedgerReview] {
        if let bucket = buckets.find(IDKey(card)) {
            return windows[buckets.slot(at: bucket)].reviews(of: buckets.entry(at: bucket))
        }
        guard let index = packedIndex(of: IDKey(card)) else { return [] }
        let (entry, window) = pending!.card(at: index)
        return window.reviews(of: entry)
    }

    /// Equal when they remember the same cards, owners, decks, reviews and deleted cards (slot order
    /// and ring positions aside): when their snapshot encodings are equal.
    package static func == (lhs: ReviewLedger, rhs: ReviewLedger) -> Bool {
        lhs.profiles == rhs.profiles && lhs.count == rhs.count && lhs.deletedCards == rhs.deletedCards
            && lhs.decks == rhs.decks && lhs.cardDecksInIDOrder == rhs.cardDecksInIDOrder && lhs.encodedCards == rhs.encodedCards
    }
}

// The batch fold's pipeline: start a card's misses a few events before its review is folded.
extension ReviewLedger {
    /// Starts loading the index bucket of `card` (a hint: changes nothing; `mutating` only so
    /// that the batch fold calls it in place, never on a copy of the ledger).
    @inline(__always) package mutating func prefetchBucket(of card: CardID) {
        buckets.prefetch(IDKey(card))
    }

    /// Looks up the bucket of `card` (for a review, or an `undo`) and starts loading what the
    /// review will write: the review slot of its window (an undo: the whole window). Reads the
    /// bucket, which ``prefetchBucket(of:)`` asked for. A hint: changes nothing (`mutating` only
    /// so that the batch fold calls it in place, never on a copy of the ledger).
    /// - Returns: the bucket found under the current ``layout`` (``CardLookahead/none`` when
    ///   the card is unknown or still packed).
    @inline(__always) package mutating func lookAhead(_ card: CardID, undo: Bool) -> CardLookahead {
        guard let bucket = buckets.find(IDKey(card)) else { return .none }
        windows.withUnsafeBufferPointer { windows in
            let window = windows.baseAddress! + buckets.slot(at: bucket)
            if undo {
                window.prefetchWindow()
            } else {
                window.prefetchNextReview(of: buckets.entry(at: bucket))
            }
        }
        return CardLookahead(bucket: Int32(bucket), layout: layout)
    }

    /// The bucket of `card`, for a change: `lookahead`'s when it found the card under the
    /// current ``layout``, else looked up (unpacking the card first if it is still packed).
    @inline(__always) package mutating func bucket(of card: CardID, lookahead: CardLookahead) -> Int? {
        if lookahead.bucket >= 0 && lookahead.layout == layout { return Int(lookahead.bucket) }
        if pending != nil { return unpackedBucket(of: IDKey(card)) }
        return buckets.find(IDKey(card))
    }
}

/// Ledger parts that do not fit together (from a damaged snapshot).
struct LedgerInconsistency: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
