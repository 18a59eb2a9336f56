/// The one home of the CLI's small English rules: a count with its noun in the right number,
/// and the indefinite article before a word.
enum EnglishText {
    /// `1 day`, `0 days`, `3 days`; `plural` when the noun does not take an `s`.
    static func count(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }

    /// `an animals story`, `a space story`: `phrase` after the article its first letter takes
    /// (`an` before a written vowel a, e, i, o, u).
    static func withArticle(_ phrase: String) -> String {
        let first = phrase.first.map { String($0).lowercased() } ?? ""
        return ("aeiou".contains(first) && !first.isEmpty ? "an " : "a ") + phrase
    }
}
