import Events
import Foundation

// The snapshot tables' strings (deck names, card fronts) as one UTF-8 blob per table, cut by
// lengths stored with the records.

extension BinaryWriter {
    /// Writes `strings` as one length-prefixed UTF-8 blob (their lengths are written elsewhere),
    /// a drain point after each string.
    mutating func writeStringBlob(_ strings: [String]) {
        writeVarint(UInt64(strings.reduce(0) { $0 + $1.utf8.count }))
        for string in strings {
            var text = string
            text.withUTF8 { bytes.append(contentsOf: $0) }
            drainIfFull()
        }
    }
}

extension BinaryReader {
    /// Reads a blob written by ``BinaryWriter/writeStringBlob(_:)`` and cuts it at `lengths`.
    /// - Throws: ``EventDecodingError`` when the lengths do not add up to the blob or a string
    ///   is not valid UTF-8.
    mutating func readStringBlob(lengths: [UInt32], _ what: String) throws(EventDecodingError) -> [String] {
        let start = offset
        let blob = try readLengthPrefixed()
        guard lengths.reduce(0, { $0 + Int($1) }) == blob.count else {
            throw EventDecodingError(.invalidValue, "the \(what) blob holds \(blob.count) bytes, not the sum of its lengths",
                                     offset: start)
        }
        // An all-ASCII blob (checked a word at a time) is valid in every piece, so each piece is
        // only copied. Otherwise each piece is decoded on its own and compared with its bytes: a
        // piece that is not valid UTF-8 by itself (one that starts or ends inside a scalar
        // included) decodes repaired, with U+FFFD where the bytes were invalid, so it differs.
        // (`String(validating:as:)` would do it in one call, but unspecialized: a generic
        // metadata lookup per string.)
        let utf8 = blob.assumingMemoryBound(to: UInt8.self)
        let ascii = Self.isASCII(blob)
        var strings: [String] = []
        strings.reserveCapacity(lengths.count)
        var cursor = 0
        for length in lengths {
            let end = cursor + Int(length)
            let piece = UnsafeBufferPointer(rebasing: utf8[cursor ..< end])
            var string = String(decoding: piece, as: UTF8.self)
            guard ascii || string.withUTF8({ Self.sameBytes($0, piece) }) else {
                throw EventDecodingError(.invalidUTF8, "a \(what) is not valid UTF-8", offset: start + cursor)
            }
            strings.append(string)
            cursor = end
        }
        return strings
    }

    /// Whether `a` and `b` hold the same bytes.
    @inline(__always)
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Whether every byte of `bytes` is below 0x80.
    /// - Complexity: O(n), eight bytes at a time.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0, highBits: UInt64 = 0
        while index + 8 <= bytes.count {
            highBits |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            highBits |= UInt64(bytes[index])
            index += 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }
}
