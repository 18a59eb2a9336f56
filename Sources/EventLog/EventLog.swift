import CCRC32C

/// CRC32C (Castagnoli) checksums, as used to frame every log record.
package enum CRC32C {
    /// Extends `crc` over `bytes`; start from 0.
    package static func extend(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        hindsight_crc32c_extend(crc, bytes.baseAddress, bytes.count)
    }

    /// The checksum of `bytes`.
    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        let array = Array(bytes)
        return array.withUnsafeBytes { extend(0, $0) }
    }
}
