import CCRC32C

/// CRC32C (Castagnoli) checksums, as used to frame every log record and header.
package enum CRC32C {
    /// Extends `crc` over `bytes`; start from 0. Uses the CPU instruction where present.
    /// - Complexity: O(n) in the byte count.
    @inline(__always)
    package static func extend(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        hindsight_crc32c_extend(crc, bytes.baseAddress, bytes.count)
    }

    /// Extends `crc` over `bytes` with the portable table-driven (slicing-by-8) code,
    /// whatever the CPU offers. Tests compare it with ``extend(_:_:)``.
    package static func extendPortable(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        hindsight_crc32c_extend_portable(crc, bytes.baseAddress, bytes.count)
    }

    /// True when ``extend(_:_:)`` uses a CPU instruction on this machine.
    package static var isHardwareAccelerated: Bool { hindsight_crc32c_is_hardware_accelerated() != 0 }

    /// The checksum of `bytes`.
    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        let array = Array(bytes)
        return array.withUnsafeBytes { extend(0, $0) }
    }
}
