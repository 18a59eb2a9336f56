import Events

/// The number a ``SpellingWordTable`` gives a normalized word, the same for every profile;
/// canonically equivalent words (equal as `String`s) share one. Open sessions key first tries by
/// it: it hashes in a few instructions, where a `String` key runs Unicode normalization.
struct SpellingWordNumber: Hashable, Sendable, BitwiseCopyable {
    /// Numbers count from 0 in the order words were met.
    let value: Int32

    /// The number `value`.
    @inline(__always) init(_ value: Int32) { self.value = value }

    @inline(__always) func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// The hash tables use, without a `Hasher` (as ``IDKey`` does).
    @inline(__always) func _rawHashValue(seed: Int) -> Int {
        IdentifierHash.mix(UInt64(UInt32(bitPattern: value)), 0, seed: seed)
    }
}
