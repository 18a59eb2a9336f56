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

    /// Writes the checksum (from 0) of each of `count` buffers, `data[i]` of `lengths[i]` bytes,
    /// to `crcs[i]`, running up to four buffers' instruction chains side by side on the hardware
    /// path: for short buffers (log records) several times faster than one at a time.
    /// - Complexity: O(total bytes).
    @inline(__always)
    package static func checksums(_ data: UnsafePointer<UnsafeRawPointer?>, lengths: UnsafePointer<Int>,
                                  into crcs: UnsafeMutablePointer<UInt32>, count: Int) {
        hindsight_crc32c_multi(data, lengths, crcs, count)
    }

    /// ``checksums(_:lengths:into:count:)`` on the portable path whatever the CPU offers (tests).
    package static func checksumsPortable(_ data: UnsafePointer<UnsafeRawPointer?>, lengths: UnsafePointer<Int>,
                                          into crcs: UnsafeMutablePointer<UInt32>, count: Int) {
        hindsight_crc32c_multi_portable(data, lengths, crcs, count)
    }

    /// True when ``extend(_:_:)`` uses a CPU instruction on this machine.
    package static var isHardwareAccelerated: Bool { hindsight_crc32c_is_hardware_accelerated() != 0 }

    /// The checksum of `bytes`.
    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        let array = Array(bytes)
        return array.withUnsafeBytes { extend(0, $0) }
    }
}
