/// The 64-bit FNV-1a hash, fed a byte at a time: the same value on every machine, run and
/// version (unlike `hashValue`), for the fingerprints and numbers that files and ids rest on
/// (``FSRSParameters/fingerprint``, ``RevlogCardTexts/number(of:)``).
struct FNV1a64 {
    /// The hash of the bytes added so far (the offset basis before the first).
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds `byte`.
    @inline(__always) mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
}
