import Events

// The snapshot tables' strings as one UTF-8 blob per table, cut by lengths stored with the
// records: deck names as strings here, card fronts as a ``TextColumn`` (``TextColumn/writeBlob(to:)``,
// the same bytes), both checked by ``BinaryReader/validateUTF8Pieces(_:lengths:_:at:)``.

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
    ///   is not valid UTF-8 (``validateUTF8Pieces(_:lengths:_:at:)``).
    mutating func readStringBlob(lengths: [UInt32], _ what: String) throws(EventDecodingError) -> [String] {
        let start = offset
        let blob = try readLengthPrefixed()
        guard lengths.reduce(0, { $0 + Int($1) }) == blob.count else {
            throw EventDecodingError(.invalidValue, "the \(what) blob holds \(blob.count) bytes, not the sum of its lengths",
                                     offset: start)
        }
        try Self.validateUTF8Pieces(blob, lengths: lengths, what, at: offset - blob.count)
        let utf8 = blob.assumingMemoryBound(to: UInt8.self)
        var strings: [String] = []
        strings.reserveCapacity(lengths.count)
        var cursor = 0
        for length in lengths {
            let end = cursor + Int(length)
            strings.append(String(decoding: UnsafeBufferPointer(rebasing: utf8[cursor ..< end]), as: UTF8.self))
            cursor = end
        }
        return strings
    }
}
