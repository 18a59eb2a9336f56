import Events
import FSRS
import Foundation

// The snapshot encoding of the vocabulary state (projection version 4; v7 adds the buried
// cards' days, slot then local day, after the limits; v8 no longer holds the card content,
// which has a read model of its own, ``CardContentState``): configuration,
// calendar, per-profile scheduling and daily introductions as before (v9: then the daily
// review limits by profile id and the reviews counted against them, one day and count per
// profile slot); the per-profile daily
// new-card limits (v4: profile id then limit, in id order, each within `NewCardLimit.range`);
// then the profile, deck and card tables in slot order as fixed-width little-endian blocks,
// their strings as one UTF-8 blob each, and the undo entries of every card, oldest first, as
// one more block (v3: narrow records when every value fits, an undo entry as its id and one
// stored state). The same state always gives the same bytes (slots are part of the state; undo
// runs are written in logical order). The indexes are derived and rebuilt on decoding in O(n).
extension VocabularyState {
    /// Bytes per profile record: the id's two words.
    static let profileWidth = 16
    /// Bytes per deck record: id, owner, creation position, flags, name length.
    static let deckWidth = 16 + 16 + 8 + 1 + 4

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        defaultScheduling = try ProfileScheduling(from: &reader)
        dailyNewCardLimit = try reader.readInt()
        calendar = try ProfileCalendar(from: &reader)
        profileScheduling = try [ProfileID: ProfileScheduling](decoding: &reader)
        introductions = try [ProfileID: DailyIntroductions](decoding: &reader)
        profileReviewLimits = try [ProfileID: DailyReviewLimit](decoding: &reader)
        let reviewDays = try [DailyIntroductions](decoding: &reader)
        profileNewCardLimits = try [ProfileID: NewCardLimit](decoding: &reader)
        // Before the tables (the undo block stays last); checked against the cards once read.
        buriedDays = try [Int: Int64](from: &reader)
        try decodeProfiles(from: &reader)
        guard reviewDays.count == profiles.count else {
            throw reader.error(.invalidValue, "the daily review counts name \(reviewDays.count) profiles, not \(profiles.count)")
        }
        dailyReviews = reviewDays
        try decodeDecks(from: &reader)
        try decodeCards(from: &reader)
        guard buriedDays.keys.allSatisfy({ (0..<cards.count).contains($0) }) else {
            throw reader.error(.invalidValue, "a buried card's slot is not one of the \(cards.count) cards")
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        defaultScheduling.encode(to: &writer)
        dailyNewCardLimit.encode(to: &writer)
        calendar.encode(to: &writer)
        profileScheduling.encode(to: &writer)
        introductions.encode(to: &writer)
        profileReviewLimits.encode(to: &writer)
        dailyReviews.encode(to: &writer)
        profileNewCardLimits.encode(to: &writer)
        buriedDays.encode(to: &writer)
        encodeProfiles(to: &writer)
        encodeDecks(to: &writer)
        encodeCards(to: &writer)
    }

    // MARK: Profiles and decks

    private func encodeProfiles(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(profiles.count))
        writer.withPlainDataBlock(records: profiles.count, width: Self.profileWidth) { sink, part in
            for slot in part { sink.put(IDKey(profiles.ids[slot])) }
        }
    }

    private mutating func decodeProfiles(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        let ids = try reader.plainDataBlock(records: count, width: Self.profileWidth, "profile") { source in
            (0..<count).map { _ in ProfileID(source.takeKey().uuid) }
        }
        for id in ids {
            guard profiles.slot(adding: id).isNew else { throw reader.error(.invalidValue, "profile \(id) appears twice") }
        }
        ensureIndexes(profile: Int32(profiles.count) - 1)
    }

    private func encodeDecks(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(decks.count))
        writer.withPlainDataBlock(records: decks.count, width: Self.deckWidth) { sink, part in
            for slot in part {
                sink.put(IDKey(decks.ids[slot]))
                sink.put(IDKey(decks.profiles[slot]))
                sink.put(decks.createdPositions[slot])
                sink.put(UInt8(decks.isCreated[slot] ? 1 : 0) | UInt8(decks.isDeleted[slot] ? 2 : 0))
                sink.put(UInt32(decks.names[slot].utf8.count))
            }
        }
        writer.writeStringBlob(decks.names)
    }

    private mutating func decodeDecks(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        typealias Row = (id: DeckID, profile: ProfileID, position: UInt64, flags: UInt8, nameLength: UInt32)
        let rows = try reader.plainDataBlock(records: count, width: Self.deckWidth, "deck") { source throws(EventDecodingError) in
            var rows: [Row] = []
            rows.reserveCapacity(count)
            for _ in 0..<count {
                rows.append((DeckID(source.takeKey().uuid), ProfileID(source.takeKey().uuid), source.take(), source.take(),
                             source.take()))
            }
            return rows
        }
        let names = try reader.readStringBlob(lengths: rows.map(\.nameLength), "deck name")
        for (row, name) in zip(rows, names) {
            guard row.flags <= 3, decks.slot(of: row.id) == nil else {
                throw reader.error(.invalidValue, "deck \(row.id) appears twice or has unknown flags \(row.flags)")
            }
            _ = decks.append(id: row.id, name: name, profile: row.profile, createdPosition: row.position,
                             isCreated: row.flags & 1 != 0, isDeleted: row.flags & 2 != 0)
        }
    }

    // MARK: Cards

    /// Card records: id, profile slot, deck slot, creation position, creation instant and UTC
    /// offset, flags, edits, moves, cram reviews, state, undo entry count, front length, the
    /// instant of the newest review forgotten (0 unless the flags say there is one); then
    /// the fronts as one blob; then each card's undo entries, oldest first (id, stored state).
    /// One byte before the records says whether they are narrow (days, intervals, edits and
    /// moves in 32 bits: ``RecordWidths/narrow``) or wide (64 bits), narrow whenever every value fits.
    private func encodeCards(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(cards.count))
        let widths = fitsNarrowRecords ? RecordWidths.narrow : RecordWidths.wide
        writer.writeByte(widths.isNarrow ? 1 : 0)
        var undoCount = 0
        writer.withPlainDataBlock(records: cards.count, width: widths.card) { sink, part in
            for slot in part {
                let hot = cards.hot[slot]
                sink.put(cards.keys[slot])
                sink.put(hot.profile)
                sink.put(cards.decks[slot])
                sink.put(cards.createdPositions[slot])
                sink.put(cards.created[slot].instant.milliseconds)
                sink.put(cards.created[slot].utcOffset.seconds)
                sink.put(hot.flags & Self.encodedCardFlags)
                sink.putCount(cards.edits[slot], narrow: widths.isNarrow)
                sink.putCount(cards.moves[slot], narrow: widths.isNarrow)
                sink.put(cards.cramReviews[slot])
                sink.put(EncodedCardState(hot.state), narrow: widths.isNarrow)
                sink.put(hot.ring.count)
                sink.put(cards.fronts.utf8Count(at: slot))
                sink.put(cards.forgottenReviewMs[slot])
                undoCount += Int(hot.ring.count)
            }
        }
        cards.fronts.writeBlob(to: &writer)
        if cards.undo.isPending, let pending = cards.undo.pending, pending.widths.isNarrow == widths.isNarrow {
            // No ring decoded since restored, at the same widths: the very bytes it was decoded from.
            writer.writeVarint(UInt64(pending.byteCount))
            writer.writeRaw(pending.bytes)
            return
        }
        let undo = cards.undo
        // The pending entries are read once more, in card order: let go of their pages once written.
        defer { undo.pending.map { $0.bytes.releaseResidentPages(of: 0..<$0.bytes.count) } }
        // Rings pending or decoded alike. The entries' parts may end inside a card's run: `slot` and `index` carry on from one
        // part to the next.
        var slot = 0, index = 0
        writer.withPlainDataBlock(records: undoCount, width: widths.undo) { sink, part in
            for _ in part {
                while index == Int(cards.hot[slot].ring.count) { (slot, index) = (slot + 1, 0) }
                let entry = undo.entry(index, of: cards.hot[slot].ring)
                sink.put(entry.review)
                sink.put(EncodedCardState(entry), narrow: widths.isNarrow)
                index += 1
            }
        }
    }

    /// The card flags a record holds (the others are derived): suspended, deleted, and whether
    /// the card has forgotten a review.
    private static let encodedCardFlags = CardHot.suspendedFlag | CardHot.deletedFlag | CardHot.forgottenFlag

    /// Whether every card state, undo entry, edit and move count fits the narrow records.
    private var fitsNarrowRecords: Bool {
        for slot in 0..<cards.count {
            guard EncodedCardState(cards.hot[slot].state).fitsNarrow, Int32(exactly: cards.edits[slot]) != nil,
                  Int32(exactly: cards.moves[slot]) != nil
            else { return false }
        }
        if cards.undo.isPending, let pending = cards.undo.pending { return pending.fitsNarrow }
        // Every entry remembered, pending or decoded (a pending section that fits needs no look).
        let pendingFits = cards.undo.pending?.fitsNarrow ?? true
        for slot in 0..<cards.count {
            let ring = cards.hot[slot].ring
            if ring.isPending && pendingFits { continue }
            for index in 0..<Int(ring.count) where !EncodedCardState(cards.undo.entry(index, of: ring)).fitsNarrow {
                return false
            }
        }
        return true
    }

    /// Reads the card records and fronts into whole columns (each reserved once) and keeps the
    /// undo entries encoded (``PendingUndoSection``, checked here), then derives the id index,
    /// the deck member lists and the indexes in one pass over the cards.
    /// - Throws: ``EventDecodingError`` for malformed bytes, a card id that appears twice, or
    ///   a slot, flag, phase or count out of range.
    /// - Complexity: O(n + u) for n cards and u undo entries (the entries only copied and checked).
    private mutating func decodeCards(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        let widthByte = try reader.readByte()
        guard widthByte <= 1 else { throw reader.error(.invalidValue, "card record width \(widthByte) is not 0 (wide) or 1 (narrow)") }
        let widths = widthByte == 1 ? RecordWidths.narrow : RecordWidths.wide
        // The records' block must hold `count` records: checked before the columns are reserved.
        guard count <= reader.remaining / widths.card else {
            throw reader.error(.truncated, "\(count) card records of \(widths.card) bytes cannot fit in the \(reader.remaining) bytes left")
        }
        var keys: [IDKey] = [], hot = AlignedArray<CardHot>(minimumCapacity: count), created: [EventTime] = []
        var positions: [UInt64] = [], edits: [Int] = [], moves: [Int] = [], frontLengths: [UInt32] = []
        var deckSlots: [Int32] = [], cramCounts: [Int32] = [], forgotten: [Int64] = []
        keys.reserveCapacity(count)
        deckSlots.reserveCapacity(count)
        cramCounts.reserveCapacity(count)
        forgotten.reserveCapacity(count)
        created.reserveCapacity(count)
        positions.reserveCapacity(count)
        edits.reserveCapacity(count)
        moves.reserveCapacity(count)
        frontLengths.reserveCapacity(count)
        var undoCount = 0
        let profileCount = Int32(profiles.count), deckCount = Int32(decks.count), deckDeleted = decks.isDeleted
        try reader.plainDataBlock(records: count, width: widths.card, "card") { source throws(EventDecodingError) in
            for _ in 0..<count {
                let recordOffset = source.position
                let key = source.takeKey()
                let profile: Int32 = source.take(), deck: Int32 = source.take()
                let position: UInt64 = source.take(), createdMs: Int64 = source.take(), offset: Int32 = source.take()
                let flags: UInt8 = source.take()
                let editCount = source.takeCount(narrow: widths.isNarrow), moveCount = source.takeCount(narrow: widths.isNarrow)
                let cram: Int32 = source.take()
                let fields = source.takeState(narrow: widths.isNarrow)
                let entries: UInt8 = source.take()
                frontLengths.append(source.take())
                let forgottenMs: Int64 = source.take()
                guard profile >= 0, profile < profileCount, deck >= 0, deck < deckCount, flags & ~Self.encodedCardFlags == 0,
                      flags & CardHot.forgottenFlag != 0 || forgottenMs == 0, fields.phase <= 3,
                      Int(entries) <= UndoRing.depth, let utcOffset = try? UTCOffset(seconds: Int(offset))
                else {
                    throw EventDecodingError(.invalidValue, "card \(key.uuid) holds a slot, flag, phase, offset "
                                             + "or undo count out of range", offset: recordOffset)
                }
                guard let state = fields.packed else {
                    throw EventDecodingError(.invalidValue, "card \(key.uuid) \(fields.misfit)", offset: recordOffset)
                }
                var record = CardHot(profile: profile)
                record.state = state
                record.flags = flags
                if deckDeleted[Int(deck)] { record.flags |= CardHot.deckDeletedFlag }
                if entries > 0 { record.ring = .pending(first: Int32(undoCount), count: entries) }
                undoCount += Int(entries)
                keys.append(key)
                hot.append(record)
                deckSlots.append(deck)
                cramCounts.append(cram)
                forgotten.append(forgottenMs)
                created.append(EventTime(instant: Timestamp(milliseconds: createdMs), utcOffset: utcOffset))
                positions.append(position)
                edits.append(editCount)
                moves.append(moveCount)
            }
        }
        // Read into the columns: a mapped snapshot's pages of them are not needed again.
        reader.releasePagesRead()
        let fronts = try TextColumn(lengths: frontLengths, blobFrom: &reader, "card front", validatingUTF8: true)
        reader.releasePagesRead()
        // The undo entries stay encoded (checked; in place in a mapped snapshot, else copied whole),
        // each card's until a review or an undo of it needs them: a restore builds no pool.
        let undoStart = reader.offset
        let undoBlock = try reader.readLengthPrefixed()
        let undo = try PendingUndoSection(checking: undoBlock, retained: reader.retaining(undoBlock), entryCount: undoCount,
                                          widths: widths, offset: undoStart)
        guard let table = CardTable(keys: keys, hot: hot, decks: deckSlots, cramReviews: cramCounts, fronts: fronts,
                                    created: created, createdPositions: positions, edits: edits, moves: moves,
                                    forgottenReviewMs: forgotten, undo: UndoRing(pending: undo))
        else { throw reader.error(.invalidValue, "a card id appears twice") }
        // The columns were captured by the reading closure, so their locals live on: let go of
        // them, or the first write to each column below would copy it whole.
        (keys, hot, deckSlots, cramCounts, forgotten) = ([], AlignedArray(), [], [], [])
        (created, positions, edits, moves) = ([], [], [], [])
        // And of the table's binding, which would otherwise live to the end of the scope.
        cards = consume table
        for slot in 0..<Int32(count) {
            addMember(slot)
            index(slot)
        }
    }
}
