import Events
import Foundation

extension Identifier where Tag == CardTag {
    /// The 64-bit number that seeds this card's interval fuzz in the FSRS scheduler
    /// (`Scheduler.apply(_:to:fuzzSeed:)`): FNV-1a-64 over the UUID's 16 bytes. Stable across
    /// machines and runs; audits and rebuilds must seed with the same number to get the same
    /// due dates.
    public var schedulerSeed: Int64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        withUnsafeBytes(of: uuid.uuid) { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        return Int64(bitPattern: hash)
    }
}
