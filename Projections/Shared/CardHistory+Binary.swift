import Events

// A card history's snapshot form (the command ledger's, version 5): the owner, whether gone,
// the deck, the remembered reviews (a count, then each review's id, kind and instant, oldest
// first) and the older instant, each as its `BinaryCodable` form.

extension CardHistory: BinaryCodable {
    /// Reads what ``encode(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes or more remembered reviews than
    ///   ``CardHistoryRule/undoDepth`` (reported once they have all been read, as a counted
    ///   list is).
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let owner = try ProfileID?(from: &reader)
        let isGone = try Bool(from: &reader)
        let deck = try IDKey?(from: &reader)
        self.init(owner: owner, isGone: isGone, deck: deck, olderInstantMs: nil)
        let count = try reader.readCount()
        for place in 0..<count {
            let review = try Review(from: &reader)
            if place < CardHistoryRule.undoDepth { remember(review) }
        }
        guard count <= CardHistoryRule.undoDepth else {
            throw reader.error(.invalidValue, "a card remembers \(count) reviews, more than \(CardHistoryRule.undoDepth)")
        }
        if let older = try Int64?(from: &reader) { setOlderInstant(older) }
    }

    /// The fields in order, each as its `BinaryCodable` form, written specialized (a ledger
    /// writes one history per card).
    package func encode(to writer: inout BinaryWriter) {
        owner.writeIfPresent(to: &writer) { owner, writer in owner.encode(to: &writer) }
        isGone.encode(to: &writer)
        deck.writeIfPresent(to: &writer) { deck, writer in deck.encode(to: &writer) }
        writer.writeVarint(UInt64(windowCount))
        for place in 0..<windowCount { review(at: place).encode(to: &writer) }
        olderInstantMs.writeIfPresent(to: &writer) { instant, writer in instant.encode(to: &writer) }
    }
}

extension CardHistory.Review: BinaryCodable {
    /// Reads the id, the kind (scheduled or not) and the instant.
    /// - Throws: ``EventDecodingError`` for malformed bytes.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = try EventID(from: &reader)
        isScheduled = try Bool(from: &reader)
        instantMs = try reader.readSignedVarint()
    }

    /// Writes the id, the kind and the instant (a signed varint).
    package func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        isScheduled.encode(to: &writer)
        writer.writeSignedVarint(instantMs)
    }
}
