import Events
import FSRS
import Foundation

// The snapshot encoding of the vocabulary state (projection version 2): configuration,
// calendar, per-profile scheduling and daily introductions as before; then the profile, deck
// and card tables in slot order as fixed-width little-endian blocks, their strings as one
// UTF-8 blob each, and the undo entries of every card, oldest first, as one more block. The
// same state always gives the same bytes (slots are part of the state; undo runs are written
// in logical order). The indexes are derived and rebuilt on decoding in O(n).
extension VocabularyState {
    /// Bytes per profile record: the id's two words.
    static let profileWidth = 16
    /// Bytes per deck record: id, owner, creation position, flags, name length.
    static let deckWidth = 16 + 16 + 8 + 1 + 4
    /// Bytes per card record (see ``encodeCards(to:)``).
    static let cardWidth = 16 + 4 + 4 + 8 + 8 + 4 + 1 + 8 + 8 + 4 + stateWidth + 1 + 4
    /// Bytes per packed card state.
    static let stateWidth = 8 * 4 + 4 * 2 + 4 * 3 + 1
    /// Bytes per undo entry: review id, day, cram flag, state before.
    static let undoWidth = 16 + 8 + 1 + stateWidth

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        defaultScheduling = try ProfileScheduling(from: &reader)
        dailyNewCardLimit = try reader.readInt()
        calendar = try ProfileCalendar(from: &reader)
        profileScheduling = try [ProfileID: ProfileScheduling](decoding: &reader)
        introductions = try [ProfileID: DailyIntroductions](decoding: &reader)
        try decodeProfiles(from: &reader)
        try decodeDecks(from: &reader)
        try decodeCards(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        defaultScheduling.encode(to: &writer)
        dailyNewCardLimit.encode(to: &writer)
        calendar.encode(to: &writer)
        profileScheduling.encode(to: &writer)
        introductions.encode(to: &writer)
        encodeProfiles(to: &writer)
        encodeDecks(to: &writer)
        encodeCards(to: &writer)
    }

    // MARK: Profiles and decks

    private func encodeProfiles(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(profiles.count))
        writer.withPlainDataBlock(records: profiles.count, width: Self.profileWidth) { sink in
            for id in profiles.ids { sink.put(IDKey(id)) }
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
        writer.withPlainDataBlock(records: decks.count, width: Self.deckWidth) { sink in
            for slot in 0..<decks.count {
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
    /// offset, flags, edits, moves, cram reviews, state, undo entry count, front length.
    private func encodeCards(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(cards.count))
        var undoCount = 0
        writer.withPlainDataBlock(records: cards.count, width: Self.cardWidth) { sink in
            for slot in 0..<cards.count {
                let hot = cards.hot[slot]
                sink.put(cards.keys[slot])
                sink.put(hot.profile)
                sink.put(hot.deck)
                sink.put(cards.createdPositions[slot])
                sink.put(cards.created[slot].instant.milliseconds)
                sink.put(cards.created[slot].utcOffset.seconds)
                sink.put(hot.flags & (CardHot.suspendedFlag | CardHot.deletedFlag))
                sink.put(Int64(cards.edits[slot]))
                sink.put(Int64(cards.moves[slot]))
                sink.put(hot.cramReviews)
                sink.put(hot.state)
                sink.put(hot.ring.count)
                sink.put(UInt32(cards.fronts[slot].utf8.count))
                undoCount += Int(hot.ring.count)
            }
        }
        writer.writeStringBlob(cards.fronts)
        writer.withPlainDataBlock(records: undoCount, width: Self.undoWidth) { sink in
            for slot in 0..<cards.count {
                let ring = cards.hot[slot].ring
                for index in 0..<Int(ring.count) {
                    let entry = cards.undo.entry(index, of: ring)
                    sink.put(entry.review)
                    sink.put(entry.day)
                    sink.put(UInt8(entry.isCram ? 1 : 0))
                    sink.put(entry.before)
                }
            }
        }
    }

    /// Reads the card records, fronts and undo entries, then derives the deck member lists and
    /// the indexes card by card.
    /// - Throws: ``EventDecodingError`` for malformed bytes, a card id that appears twice, or
    ///   a slot, flag, phase or count out of range.
    /// - Complexity: O(n + u) for n cards and u undo entries.
    private mutating func decodeCards(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        cards.reserve(count)
        var frontLengths: [UInt32] = []
        frontLengths.reserveCapacity(count)
        let profileCount = Int32(profiles.count), deckCount = Int32(decks.count)
        let keys = try reader.plainDataBlock(records: count, width: Self.cardWidth, "card") {
            source throws(EventDecodingError) -> [IDKey] in
            var keys: [IDKey] = []
            keys.reserveCapacity(count)
            for _ in 0..<count {
                let key = source.takeKey()
                let profile: Int32 = source.take(), deck: Int32 = source.take()
                let position: UInt64 = source.take(), createdMs: Int64 = source.take(), offset: Int32 = source.take()
                let flags: UInt8 = source.take()
                let edits: Int64 = source.take(), moves: Int64 = source.take(), cram: Int32 = source.take()
                let state = try source.takeState()
                let undoCount: UInt8 = source.take()
                frontLengths.append(source.take())
                guard profile >= 0, profile < profileCount, deck >= 0, deck < deckCount, flags <= 3,
                      Int(undoCount) <= UndoRing.depth, cards.slot(of: key) == nil,
                      let utcOffset = try? UTCOffset(seconds: Int(offset))
                else {
                    throw EventDecodingError(.invalidValue, "card \(key.uuid) is repeated or holds a slot, flag, offset "
                                             + "or undo count out of range")
                }
                var hot = CardHot(seed: CardID(key.uuid).schedulerSeed, profile: profile, deck: deck)
                hot.state = state
                hot.flags = flags
                hot.cramReviews = cram
                hot.ring.count = undoCount // the entries follow; `count` is reset as they are added
                _ = cards.append(key: key, hot: hot, front: "", created: EventTime(instant: Timestamp(milliseconds: createdMs),
                                                                                     utcOffset: utcOffset),
                                 position: position, edits: Int(edits), moves: Int(moves))
                keys.append(key)
            }
            return keys
        }
        let fronts = try reader.readStringBlob(lengths: frontLengths, "card front")
        cards.fronts = fronts
        let undoCount = cards.hot.reduce(0) { $0 + Int($1.ring.count) }
        try reader.plainDataBlock(records: undoCount, width: Self.undoWidth, "undo entry") { source throws(EventDecodingError) in
            for slot in 0..<keys.count {
                var ring = RingHandle()
                for _ in 0..<Int(cards.hot[slot].ring.count) {
                    let review = source.takeKey(), day: Int64 = source.take(), cram: UInt8 = source.take()
                    let before = try source.takeState()
                    guard cram <= 1 else { throw EventDecodingError(.invalidValue, "undo entry cram flag \(cram) is not 0 or 1") }
                    cards.undo.append(UndoEntry(review: review, day: day, before: before, isCram: cram == 1), to: &ring)
                }
                cards.hot[slot].ring = ring
            }
        }
        for slot in 0..<Int32(count) {
            addMember(slot)
            index(slot)
        }
    }
}

extension PlainDataSink {
    /// An id's two words.
    @inline(__always)
    mutating func put(_ key: IDKey) {
        put(key.high)
        put(key.low)
    }

    /// A packed card state's fields.
    @inline(__always)
    mutating func put(_ state: PackedCardState) {
        put(state.dueMs)
        put(state.lastReviewMs)
        put(state.lastReviewDay)
        put(state.intervalDays)
        put(state.stability)
        put(state.difficulty)
        put(state.step)
        put(state.reps)
        put(state.lapses)
        put(state.phase)
    }
}

extension PlainDataSource {
    /// An id written as two words.
    @inline(__always)
    mutating func takeKey() -> IDKey {
        var words = (take(UInt64.self).bigEndian, take(UInt64.self).bigEndian)
        return IDKey(withUnsafeBytes(of: &words) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
    }

    /// A packed card state.
    /// - Throws: ``EventDecodingError`` for a phase other than 0 (none) to 3.
    @inline(__always)
    mutating func takeState() throws(EventDecodingError) -> PackedCardState {
        var state = PackedCardState()
        state.dueMs = take()
        state.lastReviewMs = take()
        state.lastReviewDay = take()
        state.intervalDays = take()
        state.stability = takeFloat()
        state.difficulty = takeFloat()
        state.step = take()
        state.reps = take()
        state.lapses = take()
        state.phase = take()
        guard state.phase <= 3 else {
            throw EventDecodingError(.invalidValue, "card phase \(state.phase) is not 0 (new), 1 (learning), 2 (review) or 3 (relearning)")
        }
        return state
    }
}

extension BinaryWriter {
    /// Writes `strings` as one length-prefixed UTF-8 blob (their lengths are written elsewhere).
    mutating func writeStringBlob(_ strings: [String]) {
        writeVarint(UInt64(strings.reduce(0) { $0 + $1.utf8.count }))
        for string in strings {
            var text = string
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }
}

extension BinaryReader {
    /// Reads a blob written by ``BinaryWriter/writeStringBlob(_:)`` and cuts it at `lengths`.
    /// - Throws: ``EventDecodingError`` when the lengths do not add up to the blob or a string
    ///   is not valid UTF-8.
    mutating func readStringBlob(lengths: [UInt32], _ what: String) throws(EventDecodingError) -> [String] {
        let start = offset
        let blob = try readLengthPrefixed()
        guard lengths.reduce(0, { $0 + Int($1) }) == blob.count else {
            throw EventDecodingError(.invalidValue, "the \(what) blob holds \(blob.count) bytes, not the sum of its lengths",
                                     offset: start)
        }
        var strings: [String] = []
        strings.reserveCapacity(lengths.count)
        var cursor = 0
        for length in lengths {
            let bytes = UnsafeRawBufferPointer(rebasing: blob[cursor ..< cursor + Int(length)])
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw EventDecodingError(.invalidUTF8, "a \(what) is not valid UTF-8", offset: start + cursor)
            }
            strings.append(string)
            cursor += Int(length)
        }
        return strings
    }
}

extension ProfileScheduling: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let weights = try [Float](decoding: &reader)
        let retention = try reader.readFloat()
        let maximumInterval = try reader.readInt()
        let cutoff = try reader.readInt()
        let learning = try [Int](decoding: &reader)
        let relearning = try [Int](decoding: &reader)
        let fuzz = try reader.readBool()
        do {
            let parameters = try FSRSParameters(weights)
            self.init(try SchedulerConfiguration(
                parameters: parameters, desiredRetention: retention, maximumInterval: maximumInterval,
                dayCutoffHour: cutoff, learningSteps: learning, relearningSteps: relearning, fuzz: fuzz))
        } catch {
            throw reader.error(.invalidValue, "snapshot holds an invalid scheduler configuration: \(error)")
        }
    }

    func encode(to writer: inout BinaryWriter) {
        configuration.parameters.weights.encode(to: &writer)
        configuration.desiredRetention.encode(to: &writer)
        configuration.maximumInterval.encode(to: &writer)
        configuration.dayCutoffHour.encode(to: &writer)
        configuration.learningSteps.encode(to: &writer)
        configuration.relearningSteps.encode(to: &writer)
        configuration.fuzz.encode(to: &writer)
    }
}

extension DailyIntroductions: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        day = try reader.readInt64()
        count = try reader.readInt()
    }

    func encode(to writer: inout BinaryWriter) {
        day.encode(to: &writer)
        count.encode(to: &writer)
    }
}
