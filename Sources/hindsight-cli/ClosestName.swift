/// The one rule for "did you mean …?": the known name closest to what was typed, when it is
/// close enough to be a slip rather than another word.
enum ClosestName {
    /// The name of `candidates` that `typed` starts (when only one does), else the one at the
    /// smallest edit distance, if that distance is at most a third of the longer word (and at
    /// least 1, at most 3). Ties go to the earlier candidate. Nil when none is close.
    /// - Complexity: O(n·m) per candidate, for words of lengths n and m.
    static func to(_ typed: String, among candidates: [String]) -> String? {
        guard !typed.isEmpty else { return nil }
        let prefixed = candidates.filter { $0.hasPrefix(typed) }
        if prefixed.count == 1 { return prefixed[0] }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate)
            let allowed = min(3, max(1, max(typed.count, candidate.count) / 3))
            if distance <= allowed, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Levenshtein distance between `a` and `b` (insertions, deletions, substitutions of
    /// characters), with a swap of two neighbours counted as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
