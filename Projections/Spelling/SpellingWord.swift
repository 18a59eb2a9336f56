/// How spelling words are compared: the spelling events carry words as the child was asked
/// them, so the read model folds them to one key per word. A word's key is its text with
/// leading and trailing whitespace removed and letters lowercased ("  Cat " and "cat" are the
/// same word); nothing else is changed (accents and inner spaces stay significant).
public enum SpellingWord {
    /// The key of `word`.
    /// - Complexity: O(n); no allocation when `word` is already trimmed lowercase ASCII.
    public static func normalized(_ word: String) -> String {
        var isPlain = true
        for byte in word.utf8 where byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) || byte <= 0x20 {
            isPlain = false
            break
        }
        if isPlain { return word }
        return word.trimmingWhitespace().lowercased()
    }

    /// The normalized words of a test, in order, each kept once (its first occurrence).
    public static func normalized(list words: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        result.reserveCapacity(words.count)
        for word in words {
            let key = normalized(word)
            if !key.isEmpty, seen.insert(key).inserted { result.append(key) }
        }
        return result
    }
}

extension String {
    /// The text without leading and trailing whitespace (Unicode `White_Space`).
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
