import Events

/// The card-content read model: what each card shows (its two sides as last edited, and the
/// translations and example sentences attached, oldest first), folded by
/// ``CardContentProjection``. Kept apart from the vocabulary model, which schedules: the texts
/// are most of a store's snapshot bytes, and apart they restore beside the scheduling state
/// instead of after it, and no review fold carries them.
///
/// Cards are in slots in creation order: their ids, a hash index of them, and the texts in
/// ``TextColumn``s. Which events create, edit or attach to a card is decided by
/// ``CardContentProjection`` with ``CardHistoryRule``; this type stores and finds.
public struct CardContentState: ProjectionState, BinaryCodable, Equatable {
    /// The cards' ids, by slot.
    var keys: [IDKey] = []
    /// The prompt sides, by slot.
    var fronts = TextColumn()
    /// The answer sides, by slot.
    var backs = TextColumn()
    /// The translations attached to the cards (labelled by language), in the order attached.
    var translations = AttachedTexts<LanguageTag>()
    /// The example sentences attached to the cards (labelled by generator), in the order attached.
    var sentences = AttachedTexts<String>()
    /// Slot by id: derived from ``keys`` (rebuilt when a snapshot is decoded, never encoded).
    var index = IDSlotIndex()

    /// An empty model.
    init() {}

    /// What card `id` shows (its sides, translations and example sentences), deleted or not;
    /// nil when no such card was created.
    /// - Complexity: O(t + s) for its t translations and s example sentences.
    public func content(of id: CardID) -> CardContent? {
        guard let slot = slot(of: id) else { return nil }
        return CardContent(id: id, front: fronts[slot], back: backs[slot],
                           translations: translations.attachments(of: slot).map { CardTranslation(language: $0.label, text: $0.text) },
                           exampleSentences: sentences.attachments(of: slot).map {
                               CardExampleSentence(sentence: $0.text, generator: $0.label)
                           })
    }

    /// How many cards were created.
    public var cardCount: Int { keys.count }

    /// The slot of card `id`, if it was created.
    /// - Complexity: O(1) expected.
    func slot(of id: CardID) -> Int? {
        index.slot(of: IDKey(id)).map(Int.init)
    }

    /// Adds card `id` with its two sides as the next slot (the caller checked that it is new).
    mutating func add(_ id: CardID, front: String, back: String) {
        let key = IDKey(id)
        _ = index.insert(key, slot: Int32(keys.count))
        keys.append(key)
        fronts.append(front)
        backs.append(back)
    }

    /// Equal when the same cards hold the same texts and attachments (the index is derived).
    public static func == (lhs: CardContentState, rhs: CardContentState) -> Bool {
        lhs.keys == rhs.keys && lhs.fronts == rhs.fronts && lhs.backs == rhs.backs
            && lhs.translations == rhs.translations && lhs.sentences == rhs.sentences
    }
}

// The snapshot encoding (projection version 1): the ids as a block of 16-byte records in slot
// order, the fronts and the backs as ``TextColumn``s, then the translations and the example
// sentences as ``AttachedTexts`` (in the order attached). The same state always gives the same
// bytes.
extension CardContentState {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount(eachAtLeast: 16)
        keys = try reader.plainDataBlock(records: count, width: 16, "card id") { source in
            (0..<count).map { _ in source.takeKey() }
        }
        index = IDSlotIndex(minimumCapacity: count)
        for (slot, key) in keys.enumerated() where !index.insert(key, slot: Int32(slot)) {
            throw reader.error(.invalidValue, "card \(key.uuid) appears twice")
        }
        fronts = try TextColumn(from: &reader, "card front")
        backs = try TextColumn(from: &reader, "card back")
        guard fronts.count == count, backs.count == count else {
            throw reader.error(.invalidValue, "the card content holds \(fronts.count) fronts and \(backs.count) backs for \(count) cards")
        }
        translations = try AttachedTexts(from: &reader, "translation", slotCount: count)
        sentences = try AttachedTexts(from: &reader, "example sentence", slotCount: count)
    }

    package func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(keys.count))
        writer.withPlainDataBlock(records: keys.count, width: 16) { sink, part in
            for slot in part { sink.put(keys[slot]) }
        }
        fronts.encode(to: &writer)
        backs.encode(to: &writer)
        translations.encode(to: &writer)
        sentences.encode(to: &writer)
    }
}
