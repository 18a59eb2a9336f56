import Events

/// The ledger's cards as their snapshot bytes, checked but not yet unpacked: a restored ledger
/// keeps them so until its first change (the launch queries never read the ledger), then
/// ``materialize()`` builds the id table and windows in one pass.
///
/// Layout, cards in ascending ``IDKey`` order (so the bytes are the same whatever slot order
/// the ledger had, and ids are unique when each is greater than the last), integers
/// little-endian: per card, id (`high`, `low`, 8 bytes each) · owner's profile number (4 bytes)
/// · header (1 byte: reviews remembered in bits 0-3, "a scheduled review is counted" in bit 4)
/// · its reviews, oldest first, each: id (16 bytes) · flags (1 byte: rating bits 0-2, cram
/// bit 3, first bit 4, wide bit 7) · day and duration in ms, 4 bytes each (Int32, UInt32), or
/// 8 bytes each when wide (only when a value does not fit in 4).
struct EncodedLedgerCards: Sendable, Equatable {
    /// How many cards the bytes hold.
    let count: Int
    /// The cards' bytes, checked.
    let bytes: [UInt8]

    static let cardHeaderSize = 21
    static let narrowReviewSize = 25
    static let wideReviewSize = 33

    /// Checks `raw` (cards of `count`, owners among `profileCount` profiles) and keeps a copy.
    /// - Throws: ``LedgerInconsistency`` naming the first card that is malformed, out of order
    ///   or cut short, or bytes left over.
    /// - Complexity: O(bytes), no hashing, no allocation beyond the copy.
    init(validating raw: UnsafeRawBufferPointer, count: Int, profileCount: Int) throws(LedgerInconsistency) {
        var offset = 0
        var previous: (UInt64, UInt64)?
        for card in 0..<count {
            guard raw.count - offset >= Self.cardHeaderSize else {
                throw LedgerInconsistency("card \(card) of \(count) is cut short at byte \(offset)")
            }
            let id = (raw.word(at: offset), raw.word(at: offset + 8))
            let profile = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt32.self))
            let header = raw[offset + 20]
            if let previous, !(previous < id) {
                throw LedgerInconsistency("card \(card) (byte \(offset)) is not after the card before it: ids repeated or out of order")
            }
            guard Int(profile) < profileCount, header & ~0x1F == 0, Int(header & 0x0F) <= LedgerWindow.capacity else {
                throw LedgerInconsistency("the memory of card \(card) (byte \(offset)) is malformed")
            }
            previous = id
            offset += Self.cardHeaderSize
            for _ in 0..<Int(header & 0x0F) {
                guard raw.count - offset >= Self.narrowReviewSize else {
                    throw LedgerInconsistency("a review of card \(card) is cut short at byte \(offset)")
                }
                let flags = raw[offset + 16]
                let wide = flags & 0x80 != 0
                guard (1...4).contains(flags & 7), flags & 0x60 == 0,
                      !wide || raw.count - offset >= Self.wideReviewSize else {
                    throw LedgerInconsistency("a review of card \(card) (byte \(offset)) is malformed")
                }
                if wide {
                    let day = Int64(bitPattern: raw.word(at: offset + 17)), duration = raw.word(at: offset + 25)
                    guard day == (day << 8) >> 8, duration >> 63 == 0,
                          Int32(exactly: day) == nil || UInt32(exactly: duration) == nil else {
                        throw LedgerInconsistency("a wide review of card \(card) (byte \(offset)) is malformed")
                    }
                }
                offset += wide ? Self.wideReviewSize : Self.narrowReviewSize
            }
        }
        guard offset == raw.count else {
            throw LedgerInconsistency("\(raw.count - offset) bytes are left after the last card")
        }
        self.count = count
        bytes = Array(raw)
    }

    /// Writes the bytes of the cards in `cardIDs` (by slot), each card's header and window given
    /// by `record(slot)`, in ``IDKey`` order, after their length (a varint): a first pass sizes
    /// them, the second writes them, a drain point after each card, so they are written to a
    /// snapshot file without lying whole in memory.
    /// - Complexity: O(n log n) for the sort.
    static func write(cardIDs: [IDKey], record: (Int) -> (entry: LedgerEntry, window: LedgerWindow),
                      to writer: inout BinaryWriter) {
        var size = 0
        for slot in cardIDs.indices {
            let (entry, window) = record(slot)
            size += cardHeaderSize
            for index in 0..<entry.count {
                size += narrowFields(of: window[index, of: entry]) == nil ? wideReviewSize : narrowReviewSize
            }
        }
        writer.writeVarint(UInt64(size))
        let order = cardIDs.indices.sorted { cardIDs[$0] < cardIDs[$1] }
        for slot in order {
            let id = cardIDs[slot]
            let (entry, window) = record(slot)
            writer.bytes.appendLittleEndian(id.high)
            writer.bytes.appendLittleEndian(id.low)
            writer.bytes.appendLittleEndian(entry.profile)
            writer.bytes.append(UInt8(entry.count) | (entry.hasScheduledReview ? 0x10 : 0))
            for index in 0..<entry.count {
                let review = window[index, of: entry]
                writer.bytes.appendLittleEndian(review.idHigh)
                writer.bytes.appendLittleEndian(review.idLow)
                let flags = UInt8(review.facts & 0x1F)
                if let (day, duration) = narrowFields(of: review) {
                    writer.bytes.append(flags)
                    writer.bytes.appendLittleEndian(day)
                    writer.bytes.appendLittleEndian(duration)
                } else {
                    writer.bytes.append(flags | 0x80)
                    writer.bytes.appendLittleEndian(UInt64(bitPattern: Int64(bitPattern: review.facts) >> 8))
                    writer.bytes.appendLittleEndian(review.durationMs)
                }
            }
            writer.drainIfFull()
        }
    }

    /// The day and duration of `review` as a narrow review stores them, or nil when one does not
    /// fit in 4 bytes (the review is then written wide).
    @inline(__always)
    private static func narrowFields(of review: LedgerReview) -> (day: Int32, duration: UInt32)? {
        guard let day = Int32(exactly: Int64(bitPattern: review.facts) >> 8), let duration = UInt32(exactly: review.durationMs)
        else { return nil }
        return (day, duration)
    }

    /// The buckets (their ``LedgerBuckets/moves`` starting at `moves`), windows and slot ids the
    /// bytes hold (slots in id order, rings starting at 0).
    /// - Complexity: O(n): one insert per card into buckets reserved up front.
    func materialize(moves: UInt) -> (buckets: LedgerBuckets, windows: AlignedArray<LedgerWindow>, cardIDs: [IDKey]) {
        var buckets = LedgerBuckets(minimumCapacity: count, moves: moves)
        var windows = AlignedArray<LedgerWindow>(minimumCapacity: count)
        var cardIDs: [IDKey] = []
        cardIDs.reserveCapacity(count)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            for slot in 0..<count {
                let id = IDKey(high: raw.word(at: offset), low: raw.word(at: offset + 8))
                let profile = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt32.self))
                let header = raw[offset + 20]
                var entry = LedgerEntry(profile: profile)
                entry.hasScheduledReview = header & 0x10 != 0
                offset += Self.cardHeaderSize
                var window = LedgerWindow()
                for index in 0..<Int(header & 0x0F) {
                    let flags = raw[offset + 16]
                    let day: Int64, duration: UInt64
                    if flags & 0x80 == 0 {
                        day = Int64(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 17, as: Int32.self)))
                        duration = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 21, as: UInt32.self)))
                    } else {
                        day = Int64(bitPattern: raw.word(at: offset + 17))
                        duration = raw.word(at: offset + 25)
                    }
                    window[physical: index] = LedgerReview(idHigh: raw.word(at: offset), idLow: raw.word(at: offset + 8),
                                                           facts: UInt64(bitPattern: day << 8) | UInt64(flags & 0x1F),
                                                           durationMs: duration)
                    offset += flags & 0x80 == 0 ? Self.narrowReviewSize : Self.wideReviewSize
                }
                entry.count = Int(header & 0x0F)
                windows.append(window)
                cardIDs.append(id)
                _ = buckets.insert(id, slot: slot, entry: entry)
            }
        }
        return (buckets, windows, cardIDs)
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian 64-bit word at `offset` (bounds checked by the caller).
    @inline(__always) fileprivate func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

extension [UInt8] {
    /// Appends `value` little-endian.
    @inline(__always) fileprivate mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
