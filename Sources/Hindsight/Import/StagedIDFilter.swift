import Foundation
import Events

/// A fixed 2 MB bit set of the ids an import has staged (a one-hash Bloom filter): an id whose
/// bit is clear was never staged. It answers almost every lookup of a new id with one read,
/// instead of a search of ``StagedEventIDs``'s runs (about ten reads of memory at 1M events).
///
/// The bit is chosen by 24 bits of a mix of the id made apart from its fingerprint
/// (``EventIDIndex/fingerprint(_:)``, which the runs keep). So a new id whose fingerprint a
/// staged id shares (a false candidate, to be read back from the log through its writer, while
/// the writer stages the chunks before) is turned away here too unless its own bit is set: at
/// 1M events staged about one in seventeen is. A bit of the fingerprint's own leading bits
/// would pass every such id, about sixteen in a chunk of 4,096 at 1M events.
struct StagedIDFilter {
    /// The bits, 2^24 of them.
    private var words = [UInt64](repeating: 0, count: 1 << 18)

    /// Notes `id` as staged.
    mutating func insert(_ id: EventID) {
        let (word, bit) = Self.place(of: id)
        words[word] |= bit
    }

    /// False when `id` was certainly never inserted.
    func mayContain(_ id: EventID) -> Bool {
        let (word, bit) = Self.place(of: id)
        return words[word] & bit != 0
    }

    /// Where `id`'s bit lies: the leading 24 bits of a multiplicative mix of all its 128 bits,
    /// with other constants than the fingerprint's.
    @inline(__always) private static func place(of id: EventID) -> (word: Int, bit: UInt64) {
        let (high, low) = withUnsafeBytes(of: id.uuid.uuid) { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
        let leading = ((high &* 0xD6E8_FEB8_6659_FD93) &+ (low &* 0xFF51_AFD7_ED55_8CCD)) >> 40
        return (Int(leading >> 6), 1 << (leading & 63))
    }
}
