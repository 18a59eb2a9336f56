import Foundation

/// The text of an import file: its bytes as UTF-8, refused (not repaired) when they are not, so
/// a name or a number is never silently replaced by U+FFFD.
enum ImportText {
    /// `data` as text.
    /// - Throws: ``ImportError`` `unreadableFile` naming the line and byte offset of the first
    ///   byte that is not UTF-8.
    static func decode(_ data: Data, path: String?) throws(ImportError) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        let offset = firstInvalidByte(data) ?? 0
        let line = data.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        throw ImportError(.unreadableFile, "the text is not valid UTF-8 at byte offset \(offset) of the file; save it as UTF-8",
                          path: path, line: line)
    }

    /// The offset of the first byte of `data` that does not start or continue a valid UTF-8
    /// sequence, or nil when it is all valid.
    /// - Complexity: O(n).
    static func firstInvalidByte(_ data: Data) -> Int? {
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
