import Foundation
import Events

/// Where each event of the log is, by id, in about 8 bytes an event: the idempotency index of
/// the ``CommandLedger`` (a retried command finds its events; an import skips the events the log
/// already holds).
///
/// Two parts:
/// - **older events** as one sorted array of packed words, a 28-bit fingerprint of the id above
///   a 36-bit position. A fingerprint narrows an id to a few candidate positions (none, almost
///   always, for an id not in the log: a false candidate comes once in 2^28 / n lookups); the
///   caller confirms a candidate against the log's record there (``position(of:confirmingWith:)``),
///   so the answer is exact.
/// - **recent events** exactly, by id, until they are a thirty-second of the older ones (at
///   least 8,192); then they are packed and merged in, in O(n), so replaying n events costs
///   O(n) amortized and the recent part stays near 1.5 bytes an event. The packed words are
///   merged in place and grow by half again when full, so they may hold up to half again their
///   8 bytes an event in spare room.
///
/// An index restored from a snapshot reads its older words where they lie in the snapshot's
/// bytes (``restored``) until it first merges: a store opened to record a few commands holds
/// none of them in memory (8 bytes an event, 42 MB for a 5M-event log).
///
/// Positions must be below 2^36 (68 billion events).
package struct EventIDIndex: Sendable {
    /// The older events' packed words, ascending (fingerprint, then position); empty while
    /// ``restored`` holds them.
    private(set) var packed: [UInt64] = []
    /// A restored index's older words, little-endian in the snapshot's bytes, until the first merge.
    private var restored: RetainedBytes?
    /// The recent events, exactly.
    private(set) var recent: [EventID: UInt64] = [:]

    static let positionBits: UInt64 = 36
    static let positionMask: UInt64 = (1 << positionBits) - 1
    static let minimumRecent = 8_192

    /// The number of events indexed.
    package var count: Int { olderCount + recent.count }

    /// The number of older events.
    private var olderCount: Int { restored.map { $0.count / 8 } ?? packed.count }

    /// Calls `body` with the older words, wherever they are.
    private func withOlder<R>(_ body: (PackedWords) -> R) -> R {
        if let restored { return restored.withUnsafeBytes { body(PackedWords(littleEndian: $0)) } }
        return packed.withUnsafeBytes { body(PackedWords(native: $0)) }
    }

    /// Moves a restored index's older words into ``packed`` (before they change).
    private mutating func takeRestored() {
        guard let kept = restored else { return }
        // Read once, in order: the pages read are let go of as the copy goes.
        let stride = RetainedBytes.releaseStride / 8
        var pass = kept.releasingPass
        packed = kept.withUnsafeBytes { raw in
            let words = PackedWords(littleEndian: raw)
            return [UInt64](unsafeUninitializedCapacity: words.count) { buffer, initialized in
                var start = 0
                while start < words.count {
                    let end = min(words.count, start + stride)
                    for index in start..<end { buffer[index] = words[index] }
                    pass.read(through: end * 8)
                    start = end
                }
                initialized = words.count
            }
        }
        pass.finish()
        restored = nil
    }

    /// The bytes the index holds in memory: its packed words and its recent table (keys, values
    /// and the table's occupancy bits, at its capacity).
    /// Words still read in a restored snapshot's bytes are not counted.
    package var memoryBytes: Int {
        packed.capacity * 8 + recent.capacity * (MemoryLayout<EventID>.stride + MemoryLayout<UInt64>.stride) + recent.capacity / 8
    }

    /// What the index says of one id.
    package enum Lookup: Equatable {
        /// Not in the log.
        case absent
        /// At this position, certainly (a recent event).
        case at(UInt64)
        /// At one of these positions, if at all (to be confirmed against the log).
        case candidates([UInt64])
    }

    /// The 28-bit fingerprint of `id`: a multiplicative mix of all 128 bits, so version and
    /// variant bits (fixed in every UUID) do not thin it out.
    package static func fingerprint(_ id: EventID) -> UInt64 {
        let (high, low) = withUnsafeBytes(of: id.uuid.uuid) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
        return ((high &* 0x9E37_79B9_7F4A_7C15) ^ (low &* 0xC2B2_AE3D_27D4_EB4F)) >> positionBits
    }

    /// The packed word of event `id` at `position`: its fingerprint above the position.
    package static func word(_ id: EventID, at position: UInt64) -> UInt64 {
        precondition(position <= positionMask, "log position \(position) is beyond the event id index's 2^36")
        return fingerprint(id) << positionBits | position
    }

    /// The positions in the ascending packed words `words` whose fingerprint is `id`'s: where
    /// `id` may be (the older part of an index, or any run of words packed the same way).
    /// - Complexity: O(1) expected: an interpolated guess, then a short search.
    package static func candidates(of id: EventID, in words: [UInt64]) -> [UInt64] {
        words.withUnsafeBytes { candidates(of: id, in: PackedWords(native: $0)) }
    }

    /// ``candidates(of:in:)`` in words read wherever they lie.
    private static func candidates(of id: EventID, in words: PackedWords) -> [UInt64] {
        let fingerprint = Self.fingerprint(id)
        var index = lowerBound(fingerprint << positionBits, in: words)
        var found: [UInt64] = []
        while index < words.count, words[index] >> positionBits == fingerprint {
            found.append(words[index] & positionMask)
            index += 1
        }
        return found
    }

    /// An index of the packed words `words`, which the caller guarantees ascending with
    /// positions ≥ 1 (words it packed and sorted itself; ``init(packed:)`` checks words read).
    package init(ascending words: [UInt64]) {
        packed = words
    }

    /// Notes event `id` at `position` (positions rise; an id is noted once).
    package mutating func insert(_ id: EventID, at position: UInt64) {
        precondition(position <= Self.positionMask, "log position \(position) is beyond the event id index's 2^36")
        recent[id] = position
        if recent.count >= max(Self.minimumRecent, olderCount / 32) { compact() }
    }

    /// What the index holds of `id`.
    /// - Complexity: O(1) expected: an interpolated guess into the sorted words, then a short search.
    package func lookup(_ id: EventID) -> Lookup {
        if let position = recent[id] { return .at(position) }
        restored?.noteScatteredRead()
        let found = withOlder { Self.candidates(of: id, in: $0) }
        return found.isEmpty ? .absent : .candidates(found)
    }

    /// The position of `id` in the log, or nil when the log does not hold it: exact, each
    /// candidate confirmed by `idAt` (the id of the log's record at a position).
    /// - Throws: what `idAt` throws.
    package func position<Failure: Error>(of id: EventID, confirmingWith idAt: (UInt64) throws(Failure) -> EventID?) throws(Failure) -> UInt64? {
        switch lookup(id) {
        case .absent: return nil
        case .at(let position): return position
        case .candidates(let positions):
            for position in positions where try idAt(position) == id { return position }
            return nil
        }
    }

    /// Packs the recent events and merges them into the older ones, in place: the packed words
    /// grow by half again when full (not to the exact size at every compaction, which would take a
    /// new array, and so new pages from the OS, each time), and the recent table keeps its room.
    /// - Complexity: O(n + r log r).
    package mutating func compact() {
        guard !recent.isEmpty else { return }
        takeRestored()
        let incoming = recentPacked
        let total = packed.count + incoming.count
        if packed.capacity < total { packed.reserveCapacity(max(total, packed.capacity + packed.capacity / 2)) }
        Self.mergeFromTheEnd(incoming, into: &packed)
        recent.removeAll(keepingCapacity: true)
    }

    /// Merges the ascending words `incoming` into the ascending `words`, from the last word back,
    /// so that no word of `words` is overwritten before it is moved.
    private static func mergeFromTheEnd(_ incoming: [UInt64], into words: inout [UInt64]) {
        var kept = words.count
        words.append(contentsOf: repeatElement(0, count: incoming.count))
        words.withUnsafeMutableBufferPointer { merged in
            incoming.withUnsafeBufferPointer { incoming in
                var next = incoming.count, slot = merged.count
                while next > 0 {
                    slot -= 1
                    if kept > 0 && merged[kept - 1] > incoming[next - 1] {
                        kept -= 1
                        merged[slot] = merged[kept]
                    } else {
                        next -= 1
                        merged[slot] = incoming[next]
                    }
                }
            }
        }
    }

    /// The recent events as packed words, ascending.
    /// - Complexity: O(r log r).
    private var recentPacked: [UInt64] {
        recent.map { Self.word($0.key, at: $0.value) }.sorted()
    }

    /// Writes ``allPacked``'s words (each as ``BinaryWriter/writeFixed64(_:)`` does) without
    /// building it: the runs of older words between the recent ones are copied to `writer` whole,
    /// so a snapshot holds no second copy of the index, and a writer with a drain hands them on
    /// as they go (a drain point after each stretch of 4 MiB).
    /// - Complexity: O(n + r log r).
    package func writeAllPacked(to writer: inout BinaryWriter) {
        // Restored words are read once, in order: let go of their pages as they are written.
        var pass = ReleasingPass(over: restored)
        defer { pass.finish() }
        let incoming = recentPacked
        withOlder { older in
            // Copies older words a stretch at a time, a drain point after each.
            func copy(_ range: Range<Int>) {
                var from = range.lowerBound
                while from < range.upperBound {
                    let to = min(range.upperBound, from + RetainedBytes.releaseStride / 8)
                    older.write(from..<to, to: &writer)
                    pass.read(through: to * 8)
                    writer.drainIfFull()
                    from = to
                }
            }
            var from = 0
            for word in incoming {
                var to = from
                while to < older.count, older[to] < word { to += 1 }
                copy(from..<to)
                writer.writeFixed64(word)
                from = to
            }
            copy(from..<older.count)
        }
    }

    /// Every event as a packed word, ascending: the recent ones merged in (the snapshot's form).
    package var allPacked: [UInt64] {
        var copy = self
        copy.compact()
        copy.takeRestored()
        return copy.packed
    }

    /// Takes in the events of `runs`: ascending runs of packed words (``word(_:at:)``) of
    /// events at positions the index does not hold (an import's staged events). They and the
    /// index's own words are merged in one pass from the last word back into a new array, each
    /// run's pages handed back as its words move (``DiscardingMerge``): beside the new array's
    /// pages as they are written, the merge holds no second copy of the words.
    /// - Complexity: O((n + m) · k) for m words in k runs, once (k is small: about one run per
    ///   2^18 words staged, plus a few).
    package mutating func absorb(_ runs: consuming [[UInt64]]) {
        compact()
        takeRestored()
        guard runs.contains(where: { !$0.isEmpty }) else { return }
        if packed.isEmpty, runs.count == 1 {
            packed = runs.removeLast()
            return
        }
        // The index's own words are one more run, moved out so that their pages go back too.
        runs.append(packed)
        packed = []
        // Moved, not copied: the merge must hold the only reference to each run, or its first
        // write through one copies the run whole before any page goes back.
        packed = DiscardingMerge.merged(consume runs)
    }

    /// An index of the packed words `words`, which must be ascending with positions ≥ 1.
    /// - Returns: nil when they are not.
    init?(packed words: [UInt64]) {
        guard words.withUnsafeBytes({ Self.areAscending(PackedWords(native: $0)) }) else { return nil }
        packed = words
    }

    /// An index of the little-endian packed words in `bytes`, read where they lie (kept alive by
    /// their owner) until the index first merges; they must be ascending with positions ≥ 1.
    /// - Returns: nil when they are not, or `bytes` is not a whole number of words.
    init?(restoring bytes: RetainedBytes) {
        guard bytes.count % 8 == 0,
              bytes.withUnsafeBytes({ Self.areAscending(PackedWords(littleEndian: $0), releasing: bytes) }) else { return nil }
        restored = bytes
    }

    /// Whether `words` ascend strictly with every position ≥ 1; when they are the words of
    /// `kept` (in place in a mapped snapshot), the pages read are let go of as the check goes
    /// (the index reads its words again only where a lookup lands).
    private static func areAscending(_ words: PackedWords, releasing kept: RetainedBytes? = nil) -> Bool {
        var previous: UInt64 = 0
        var pass = ReleasingPass(over: kept)
        defer { pass.finish() }
        for index in 0..<words.count {
            pass.read(through: index * 8)
            let word = words[index]
            guard word & positionMask != 0, index == 0 || previous < word else { return false }
            previous = word
        }
        return true
    }

    /// An empty index.
    package init() {}

    /// `words` in ascending order. Words whose positions rise, as a chunk's staged words do
    /// (they come in position order), are ordered by their fingerprints alone: three passes of a
    /// stable radix sort (``radixDigits``), which leave equal fingerprints in position order, on
    /// counts and a scratch run small enough to stay in cache. Other words, and fewer than
    /// ``radixSortMinimum``, are sorted by comparison.
    /// - Complexity: O(n) when the positions rise; O(n log n) otherwise.
    package static func ascending(_ words: [UInt64]) -> [UInt64] {
        let count = words.count
        guard count >= radixSortMinimum else { return words.sorted() }
        for index in 1..<count where words[index] & positionMask <= words[index - 1] & positionMask { return words.sorted() }
        let digits = radixDigits, (low, middle, high) = (digits[0], digits[1], digits[2])
        // The counts of each digit's values, in its table; then where each value's words start.
        var starts = [Int](repeating: 0, count: 2_048)
        var sorted = [UInt64](repeating: 0, count: count), scratch = [UInt64](repeating: 0, count: count)
        starts.withUnsafeMutableBufferPointer { starts in
            for word in words {
                starts[radixSlot(of: word, low)] += 1
                starts[radixSlot(of: word, middle)] += 1
                starts[radixSlot(of: word, high)] += 1
            }
            for digit in digits {
                var start = 0
                for slot in digit.table...(digit.table + digit.mask) {
                    let slotCount = starts[slot]
                    starts[slot] = start
                    start += slotCount
                }
            }
            // One stable pass a digit, the lowest first.
            func pass(_ source: UnsafeBufferPointer<UInt64>, _ target: UnsafeMutableBufferPointer<UInt64>,
                      _ digit: (table: Int, shift: Int, mask: Int)) {
                for word in source {
                    let slot = radixSlot(of: word, digit)
                    target[starts[slot]] = word
                    starts[slot] += 1
                }
            }
            // words → sorted → scratch → sorted.
            sorted.withUnsafeMutableBufferPointer { sorted in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    words.withUnsafeBufferPointer { pass($0, sorted, low) }
                    pass(UnsafeBufferPointer(sorted), scratch, middle)
                    pass(UnsafeBufferPointer(scratch), sorted, high)
                }
            }
        }
        return sorted
    }

    /// The three digits of a word's 28-bit fingerprint that ``ascending(_:)`` sorts by, lowest
    /// first (10, 9 and 9 bits): where its table of counts starts among the 2,048, the shift
    /// of its bits within the fingerprint, and their mask.
    private static let radixDigits: [(table: Int, shift: Int, mask: Int)] = [(0, 0, 0x3FF), (1_024, 10, 0x1FF), (1_536, 19, 0x1FF)]

    /// The slot among the radix sort's counts of `word`'s value of `digit`.
    @inline(__always)
    private static func radixSlot(of word: UInt64, _ digit: (table: Int, shift: Int, mask: Int)) -> Int {
        digit.table + (Int(truncatingIfNeeded: word >> positionBits) >> digit.shift & digit.mask)
    }

    /// The fewest words ``ascending(_:)`` radix-sorts: below it, the passes' 2,048 counts cost
    /// more than comparisons.
    static let radixSortMinimum = 512

    /// The ascending words of both ascending `a` and `b`, in one pass.
    package static func merge(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: a.count + b.count) { buffer, initialized in
            var i = 0, j = 0, k = 0
            while i < a.count, j < b.count {
                if a[i] < b[j] { buffer[k] = a[i]; i += 1 } else { buffer[k] = b[j]; j += 1 }
                k += 1
            }
            while i < a.count { buffer[k] = a[i]; i += 1; k += 1 }
            while j < b.count { buffer[k] = b[j]; j += 1; k += 1 }
            initialized = k
        }
    }

    /// The first index of the ascending `words` whose word is ≥ `key`: a guess from the
    /// fingerprints' even spread, a doubling step outwards until `key` is bracketed, then a
    /// binary search.
    private static func lowerBound(_ key: UInt64, in words: PackedWords) -> Int {
        let n = words.count
        guard n > 0 else { return 0 }
        let guess = min(n - 1, Int(((key >> positionBits) &* UInt64(n)) >> (64 - positionBits)))
        var low: Int, high: Int
        if words[guess] < key {
            low = guess + 1
            var step = 64
            high = min(n, low + step)
            while high < n, words[high - 1] < key { low = high; step *= 2; high = min(n, high + step) }
        } else {
            high = guess
            var step = 64
            low = max(0, high - step)
            while low > 0, words[low] >= key { high = low; step *= 2; low = max(0, low - step) }
        }
        while low < high {
            let middle = (low + high) / 2
            if words[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension EventIDIndex: Equatable {
    /// Equal when they index the same events at the same positions, however split into recent and older.
    package static func == (a: EventIDIndex, b: EventIDIndex) -> Bool {
        a.count == b.count && a.allPacked == b.allPacked
    }
}

/// Packed words read in place: the index's own array (native words) or a restored snapshot's
/// bytes (little-endian words at any alignment).
private struct PackedWords {
    let raw: UnsafeRawBufferPointer
    /// Whether the words are native (an array's) rather than a snapshot's little-endian ones.
    let isNative: Bool

    init(native raw: UnsafeRawBufferPointer) {
        self.raw = raw
        isNative = true
    }

    init(littleEndian raw: UnsafeRawBufferPointer) {
        self.raw = raw
        isNative = false
    }

    /// How many words there are.
    var count: Int { raw.count / 8 }

    /// Word `index`.
    @inline(__always) subscript(index: Int) -> UInt64 {
        let word = raw.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)
        return isNative ? word : UInt64(littleEndian: word)
    }

    /// Writes words `range` to `writer` as ``BinaryWriter/writeFixed64(_:)`` does, in one copy.
    func write(_ range: Range<Int>, to writer: inout BinaryWriter) {
        let bytes = UnsafeRawBufferPointer(rebasing: raw[(8 * range.lowerBound)..<(8 * range.upperBound)])
        if isNative { writer.writeFixed64Words(bytes) } else { writer.writeRaw(bytes) }
    }
}
