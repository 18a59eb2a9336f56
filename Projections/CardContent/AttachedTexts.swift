import Events

/// Texts attached to the slots of a table, each with a label (a translation's language, an
/// example sentence's generator), kept in the order attached: a slot's attachments come back
/// oldest first. Storage only: which slot an attachment belongs to is decided by the fold.
///
/// Columnar, so a snapshot restores without one allocation per attachment: each attachment's
/// owning slot and label number in plain arrays, the texts in a ``TextColumn``, the distinct
/// labels once each (in the order first seen). Each slot's attachments are chained (first,
/// last, next), a derived index rebuilt in O(n) on decoding and never encoded.
struct AttachedTexts<Label: BinaryCodable & Hashable & Sendable>: Sendable {
    /// The slot each attachment belongs to, in attachment order.
    private var owners: [Int32] = []
    /// Each attachment's label, as an index into ``labels``.
    private var labelNumbers: [UInt32] = []
    /// Each attachment's text.
    private var texts = TextColumn()
    /// The distinct labels, in the order first attached.
    private var labels: [Label] = []

    // Derived (rebuilt when decoded, never encoded).
    /// The number of each label in ``labels``.
    private var labelNumber: [Label: UInt32] = [:]
    /// Per slot, its first and last attachment (-1: none).
    private var first: [Int32] = [], last: [Int32] = []
    /// Per attachment, the next one of the same slot (-1: none).
    private var next: [Int32] = []

    /// No attachments.
    init() {}

    /// How many attachments there are.
    var count: Int { owners.count }

    /// Attaches `text` with `label` to `slot` (0 or more), after its earlier attachments.
    mutating func attach(_ text: String, label: Label, to slot: Int) {
        let number: UInt32
        if let known = labelNumber[label] {
            number = known
        } else {
            number = UInt32(labels.count)
            labels.append(label)
            labelNumber[label] = number
        }
        owners.append(Int32(slot))
        labelNumbers.append(number)
        texts.append(text)
        chain(owners.count - 1)
    }

    /// The attachments of `slot`, oldest first.
    /// - Complexity: O(k) for its k attachments.
    func attachments(of slot: Int) -> [(label: Label, text: String)] {
        guard slot < first.count else { return [] }
        var result: [(label: Label, text: String)] = []
        var index = first[slot]
        while index >= 0 {
            result.append((labels[Int(labelNumbers[Int(index)])], texts[Int(index)]))
            index = next[Int(index)]
        }
        return result
    }

    /// Links attachment `index` after the last one of its slot.
    private mutating func chain(_ index: Int) {
        let slot = Int(owners[index])
        if slot >= first.count {
            let grown = max(slot + 1, first.count * 2)
            first.append(contentsOf: repeatElement(-1, count: grown - first.count))
            last.append(contentsOf: repeatElement(-1, count: grown - last.count))
        }
        next.append(-1)
        if last[slot] >= 0 { next[Int(last[slot])] = Int32(index) } else { first[slot] = Int32(index) }
        last[slot] = Int32(index)
    }
}

extension AttachedTexts: Equatable {
    /// Equal when the same texts with the same labels are attached to the same slots in the same
    /// order (the derived chains follow).
    static func == (lhs: AttachedTexts, rhs: AttachedTexts) -> Bool {
        lhs.owners == rhs.owners && lhs.labelNumbers == rhs.labelNumbers && lhs.labels == rhs.labels && lhs.texts == rhs.texts
    }
}

extension AttachedTexts {
    /// Writes the attachments: their count, then the owning slots and the label numbers as blocks
    /// of little-endian 32-bit records, the distinct labels, and the texts (``TextColumn``).
    func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(count))
        writer.withPlainDataBlock(records: count, width: 8) { sink, part in
            for index in part {
                sink.put(owners[index])
                sink.put(labelNumbers[index])
            }
        }
        labels.encode(to: &writer)
        texts.encode(to: &writer)
    }

    /// Reads attachments written by ``encode(to:)`` to a table of `slotCount` slots, and rebuilds
    /// the chains.
    /// - Throws: ``EventDecodingError`` for malformed bytes, a slot outside the table, a label
    ///   number of no label, a label listed twice, or a text count that is not the attachment count.
    init(from reader: inout BinaryReader, _ what: String, slotCount: Int) throws(EventDecodingError) {
        let count = try reader.readCount(eachAtLeast: 8)
        owners.reserveCapacity(count)
        labelNumbers.reserveCapacity(count)
        let recordsStart = reader.offset
        try reader.plainDataBlock(records: count, width: 8, what) { source in
            for _ in 0..<count {
                owners.append(source.take())
                labelNumbers.append(source.take())
            }
        }
        labels = try [Label](from: &reader)
        for (number, label) in labels.enumerated() where labelNumber.updateValue(UInt32(number), forKey: label) != nil {
            throw reader.error(.invalidValue, "a \(what) label is listed twice")
        }
        texts = try TextColumn(from: &reader, what)
        guard texts.count == count else {
            throw reader.error(.invalidValue, "\(texts.count) \(what) texts for \(count) attachments")
        }
        let labelCount = UInt32(labels.count)
        if let bad = (0..<count).first(where: { owners[$0] < 0 || owners[$0] >= slotCount || labelNumbers[$0] >= labelCount }) {
            throw EventDecodingError(.invalidValue, "\(what) \(bad) names slot \(owners[bad]) of \(slotCount) or label "
                                     + "\(labelNumbers[bad]) of \(labelCount)", offset: recordsStart)
        }
        next.reserveCapacity(count)
        for index in 0..<count { chain(index) }
    }
}
