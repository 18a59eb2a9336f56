import Events

// The ledger's snapshot encoding, in bulk: three fixed-width arrays, each written as one
// length-prefixed block of little-endian 64-bit words, and read back with one copy (no varints,
// no per-card allocation). Layout:
// profile count (varint) · profiles block (2 words each) · card count (varint) ·
// card-id block (2 words each) · entry block (1 word each, `LedgerEntry.stored`) ·
// window block (16 words each, see `LedgerWindow`), all in slot order.
extension ReviewLedger: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let profiles: [IDKey] = try reader.readWordBlock(wordsPerElement: 2, "ledger profiles")
        let count = try reader.readCount()
        let cardIDs: [IDKey] = try reader.readWordBlock(count: count, wordsPerElement: 2, "ledger card ids")
        let stored: [UInt64] = try reader.readWordBlock(count: count, wordsPerElement: 1, "ledger entries")
        let windows: [LedgerWindow] = try reader.readWordBlock(count: count, wordsPerElement: 16, "ledger windows")
        do {
            try self.init(cardIDs: cardIDs, stored: stored, windows: windows, profiles: profiles)
        } catch {
            throw reader.error(.invalidValue, "the review ledger is inconsistent: \(error.message)")
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        writer.writeWordBlock(profiles, wordsPerElement: 2)
        writer.writeVarint(UInt64(cardIDs.count))
        writer.writeWordBlock(cardIDs, wordsPerElement: 2, countPrefixed: false)
        writer.writeWordBlock(storedEntries, wordsPerElement: 1, countPrefixed: false)
        writer.writeWordBlock(windows, wordsPerElement: 16, countPrefixed: false)
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
        elements.withUnsafeBytes { raw in
            #if _endian(little)
            bytes.append(contentsOf: raw)
            #else
            for word in raw.bindMemory(to: UInt64.self) { writeFixed64(word) }
            #endif
        }
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
