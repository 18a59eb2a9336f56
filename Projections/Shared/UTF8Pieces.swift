import Events

// The rule a snapshot's texts cut from one blob are checked by at restore (the vocabulary's
// deck names and card fronts): each piece valid UTF-8 by itself.

extension BinaryReader {
    /// Checks that each piece of `blob` cut at `lengths` (which add up to its size) is valid
    /// UTF-8 by itself: a blob valid as a whole may still hold a piece that starts or ends inside
    /// a scalar. An all-ASCII blob is checked in one pass (``UTF8Text/validate(_:)``), every
    /// other piece by piece.
    /// - Throws: ``EventDecodingError`` `invalidUTF8` at the first piece that is not, located at
    ///   its first byte (`offset` is the blob's).
    static func validateUTF8Pieces(_ blob: UnsafeRawBufferPointer, lengths: [UInt32], _ what: String,
                                   at offset: Int) throws(EventDecodingError) {
        if UTF8Text.validate(blob) == true { return }
        var cursor = 0
        for length in lengths {
            let end = cursor + Int(length)
            guard UTF8Text.validate(UnsafeRawBufferPointer(rebasing: blob[cursor ..< end])) != nil else {
                throw EventDecodingError(.invalidUTF8, "a \(what) is not valid UTF-8", offset: offset + cursor)
            }
            cursor = end
        }
    }
}
