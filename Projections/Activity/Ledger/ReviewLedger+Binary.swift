import Events

// The ledger's snapshot encoding: profile count (varint) · profiles block (2 words each, see
// `writeWordBlock`) · card count (varint) · the cards' bytes (length-prefixed, see
// `EncodedLedgerCards`: ids in order, only the reviews remembered, packed) · the cards' decks
// (a block of 2 words each, in the cards' order) · the deleted cards' ids, the decks created
// and the decks deleted (each a block of 2 words an id, strictly ascending). Restoring checks
// every byte but unpacks nothing: the ledger keeps the cards' bytes (in place in a mapped
// snapshot) and unpacks a card at its first change.
extension ReviewLedger: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let profiles: [IDKey] = try reader.readWordBlock(wordsPerElement: 2, "ledger profiles")
        let count = try reader.readCount()
        let raw = try reader.readLengthPrefixed()
        let cardDecks: [IDKey] = try reader.readWordBlock(count: count, wordsPerElement: 2, "ledger cards' decks")
        let deleted = try reader.readAscendingIDs("ledger deleted cards")
        let createdDecks = try reader.readAscendingIDs("ledger decks created")
        let deletedDecks = try reader.readAscendingIDs("ledger decks deleted")
        do {
            try self.init(profiles: profiles, cards: EncodedLedgerCards(validating: raw, kept: reader.keeping(raw), count: count,
                                                                           profileCount: profiles.count),
                          cardDecks: cardDecks, deletedCards: deleted,
                          decks: DeckLifecycle(created: createdDecks, deleted: deletedDecks))
        } catch {
            throw reader.error(.invalidValue, "the review ledger is inconsistent: \(error.message)")
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        writer.writeWordBlock(profiles, wordsPerElement: 2)
        writer.writeVarint(UInt64(count))
        writeEncodedCards(to: &writer)
        writer.writeWordBlock(cardDecksInIDOrder, wordsPerElement: 2, countPrefixed: false)
        writer.writeWordBlock(deletedCards.sorted(), wordsPerElement: 2)
        writer.writeWordBlock(decks.created.sorted(), wordsPerElement: 2)
        writer.writeWordBlock(decks.deleted.sorted(), wordsPerElement: 2)
    }
}

extension BinaryReader {
    /// Reads a block of ids written by `writeWordBlock` (count-prefixed) in strictly ascending order.
    /// - Throws: ``EventDecodingError`` for a malformed block or ids out of order or repeated.
    mutating func readAscendingIDs(_ what: String) throws(EventDecodingError) -> Set<IDKey> {
        let ids: [IDKey] = try readWordBlock(wordsPerElement: 2, what)
        guard zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw error(.invalidValue, "\(what) are not in strictly ascending order")
        }
        return Set(ids)
    }
}

extension BinaryWriter {
    /// Writes `elements` (plain data made of exactly `wordsPerElement` 64-bit words each) as
    /// `[count] · byte length · words`, every word little-endian: one copy on little-endian hosts.
    mutating func writeWordBlock<Element: BitwiseCopyable>(_ elements: [Element], wordsPerElement: Int,
                                                           countPrefixed: Bool = true) {
        precondition(MemoryLayout<Element>.stride == 8 * wordsPerElement, "\(Element.self) is not \(wordsPerElement) words")
        if countPrefixed { writeVarint(UInt64(elements.count)) }
        writeVarint(UInt64(elements.count * MemoryLayout<Element>.stride))
        elements.withUnsafeBytes { writeFixed64Words($0) }
    }
}

extension BinaryReader {
    /// Reads a block written by `writeWordBlock` with its count prefix.
    /// - Throws: ``EventDecodingError`` when the count or length does not match the bytes.
    mutating func readWordBlock<Element: BitwiseCopyable>(wordsPerElement: Int,
                                                          _ what: String) throws(EventDecodingError) -> [Element] {
        let count = try readCount()
        return try readWordBlock(count: count, wordsPerElement: wordsPerElement, what)
    }

    /// Reads a block of `count` elements written by `writeWordBlock` without a count prefix.
    /// - Throws: ``EventDecodingError`` when the block's length is not `count` elements.
    mutating func readWordBlock<Element: BitwiseCopyable>(count: Int, wordsPerElement: Int,
                                                          _ what: String) throws(EventDecodingError) -> [Element] {
        precondition(MemoryLayout<Element>.stride == 8 * wordsPerElement, "\(Element.self) is not \(wordsPerElement) words")
        let block = try readLengthPrefixed()
        guard block.count == count * MemoryLayout<Element>.stride else {
            throw error(.invalidValue, "\(what): a block of \(block.count) bytes does not hold \(count) elements "
                        + "of \(MemoryLayout<Element>.stride) bytes")
        }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let target = UnsafeMutableRawBufferPointer(buffer)
            #if _endian(little)
            if count > 0 { target.copyMemory(from: block) }
            #else
            for word in 0..<(count * wordsPerElement) {
                target.storeBytes(of: UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self)),
                                  toByteOffset: 8 * word, as: UInt64.self)
            }
            #endif
            initialized = count
        }
    }
}
