import Events

/// The ledger's cards as their snapshot bytes, checked but not unpacked: a restored ledger
/// keeps them so (in place in a mapped snapshot, else copied) and unpacks a card only when a
/// change needs it (``find(_:)``, ``card(at:)``), so that opening an app and reviewing a few
/// cards unpacks those cards, not every card's window.
///
/// Layout, cards in ascending ``IDKey`` order (so the bytes are the same whatever slot order
/// the ledger had, and ids are unique when each is greater than the last), integers
/// little-endian: per card, id (`high`, `low`, 8 bytes each) · owner's profile number (4 bytes)
/// · header (1 byte: reviews remembered in bits 0-3, "a scheduled review is counted" in bit 4)
/// · its reviews, oldest first, each: id (16 bytes) · flags (1 byte: rating bits 0-2, cram
/// bit 3, first bit 4, wide bit 7) · day and duration in ms, 4 bytes each (Int32, UInt32), or
/// 8 bytes each when wide (only when a value does not fit in 4).
struct EncodedLedgerCards: Sendable {
    /// How many cards the bytes hold.
    let count: Int
    /// The cards' bytes, checked.
    let bytes: RetainedBytes
    /// Where each card's bytes start, in card order, then where the last one ends.
    private let starts: [Int]
    /// The id of every ``fenceStride``-th card (cards 0, 32, 64, …), in memory: a search looks
    /// through these first and then reads the ids of one run of cards, a page or two of the
    /// snapshot, instead of a page at each of the eighteen steps of a binary search over them
    /// all (a thousand cards found in a 5M-event store touched some 40 MB of it).
    private let fences: [IDKey]

    /// How many cards a fence stands for.
    static let fenceStride = 32

    static let cardHeaderSize = 21
    static let narrowReviewSize = 25
    static let wideReviewSize = 33

    /// Checks `raw` (cards of `count`, owners among `profileCount` profiles), to be kept as
    /// `kept` (the same bytes, in place or copied); the pages checked of bytes kept in place in a
    /// mapped snapshot are let go of as the check goes (they are read again card by card, where
    /// a change needs one).
    /// - Throws: ``LedgerInconsistency`` naming the first card that is malformed, out of order
    ///   or cut short, or bytes left over.
    /// - Complexity: O(bytes), no hashing; one word a card besides `kept`.
    init(validating raw: UnsafeRawBufferPointer, kept: RetainedBytes, count: Int, profileCount: Int) throws(LedgerInconsistency) {
        precondition(kept.count == raw.count, "the kept bytes are not the ones checked")
        var starts: [Int] = [], fences: [IDKey] = []
        starts.reserveCapacity(count + 1)
        fences.reserveCapacity(count / Self.fenceStride + 1)
        var offset = 0
        var pass = kept.releasingPass
        defer { pass.finish() }
        var previous: (UInt64, UInt64)?
        for card in 0..<count {
            pass.read(through: offset)
            starts.append(offset)
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
            if card % Self.fenceStride == 0 { fences.append(IDKey(high: id.0, low: id.1)) }
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
        starts.append(offset)
        self.count = count
        self.starts = starts
        self.fences = fences
        bytes = kept
    }

    /// The id of card `index` (`0 ..< count`, ascending).
    func id(at index: Int) -> IDKey {
        bytes.withUnsafeBytes { raw in IDKey(high: raw.word(at: starts[index]), low: raw.word(at: starts[index] + 8)) }
    }

    /// The index of the card `key`, if the bytes hold it.
    /// - Complexity: O(log n): a binary search on the fences (in memory), then on the ids of the
    ///   ``fenceStride`` cards after the last fence not above `key` (in the bytes).
    func find(_ key: IDKey) -> Int? {
        // The first fence above `key`: the card, if held, is in the run before it.
        var after = 0, beyond = fences.count
        while after < beyond {
            let middle = (after + beyond) / 2
            if fences[middle] <= key { after = middle + 1 } else { beyond = middle }
        }
        guard after > 0 else { return nil }
        bytes.noteScatteredRead()
        var low = (after - 1) * Self.fenceStride, high = min(count, after * Self.fenceStride)
        while low < high {
            let middle = (low + high) / 2
            let id = id(at: middle)
            if id == key { return middle }
            if id < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Card `index` unpacked: its header and its window of reviews (the ring starting at 0).
    /// - Complexity: O(``LedgerWindow/capacity``).
    func card(at index: Int) -> (entry: LedgerEntry, window: LedgerWindow) {
        bytes.withUnsafeBytes { raw in
            var offset = starts[index]
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
            return (entry, window)
        }
    }

    /// The size of card `index`'s bytes.
    func byteCount(of index: Int) -> Int { starts[index + 1] - starts[index] }

    /// Where card `index`'s bytes start (`count`: where the last one ends).
    func offset(of index: Int) -> Int { starts[index] }

    /// Appends card `index`'s bytes, as they are, to `writer`.
    func write(_ index: Int, to writer: inout BinaryWriter) {
        bytes.withUnsafeBytes { raw in writer.writeRaw(UnsafeRawBufferPointer(rebasing: raw[starts[index] ..< starts[index + 1]])) }
    }

    /// The size of the bytes of a card whose header is `entry` and window `window`.
    static func byteCount(entry: LedgerEntry, window: LedgerWindow) -> Int {
        var size = cardHeaderSize
        for index in 0..<entry.count {
            size += narrowFields(of: window[index, of: entry]) == nil ? wideReviewSize : narrowReviewSize
        }
        return size
    }

    /// Appends the bytes of the card `id` whose header is `entry` and window `window` to `writer`.
    static func write(id: IDKey, entry: LedgerEntry, window: LedgerWindow, to writer: inout BinaryWriter) {
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
    }

    /// The day and duration of `review` as a narrow review stores them, or nil when one does not
    /// fit in 4 bytes (the review is then written wide).
    @inline(__always)
    private static func narrowFields(of review: LedgerReview) -> (day: Int32, duration: UInt32)? {
        guard let day = Int32(exactly: Int64(bitPattern: review.facts) >> 8), let duration = UInt32(exactly: review.durationMs)
        else { return nil }
        return (day, duration)
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
