/// The words and options after the subcommand's name, consumed as a command reads them.
///
/// Options are `--name value`, `--name=value` or bare flags `--name`; everything else is a
/// positional word. A command takes what it knows and then calls ``finish()``, which
/// rejects anything left over, so a misspelt option is an error and never silently ignored.
struct Arguments {
    private var words: [String]

    init(_ words: [String]) { self.words = words }

    /// True when `--name` is present as a bare flag (removes it).
    mutating func flag(_ name: String) -> Bool {
        guard let index = words.firstIndex(of: "--\(name)") else { return false }
        words.remove(at: index)
        return true
    }

    /// The value of `--name VALUE` or `--name=VALUE`, if given (removes it).
    /// - Throws: ``UsageError`` when the option is last and has no value.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        let long = "--\(name)"
        if let index = words.firstIndex(where: { $0.hasPrefix(long + "=") }) {
            let value = String(words[index].dropFirst(long.count + 1))
            words.remove(at: index)
            return value
        }
        guard let index = words.firstIndex(of: long) else { return nil }
        guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
            throw UsageError("option \(long) needs a value")
        }
        let value = words[index + 1]
        words.removeSubrange(index...index + 1)
        return value
    }

    /// The value of `--name`, parsed by `parse`, or `defaultValue` when absent.
    /// - Throws: ``UsageError`` naming the option when `parse` returns nil.
    mutating func option<T>(_ name: String, default defaultValue: T, expecting what: String,
                            _ parse: (String) -> T?) throws(UsageError) -> T {
        guard let text = try option(name) else { return defaultValue }
        guard let value = parse(text) else {
            throw UsageError("option --\(name) expects \(what), got '\(text)'")
        }
        return value
    }

    /// The next positional word (removes it).
    /// - Throws: ``UsageError`` saying which `what` is missing.
    mutating func positional(_ what: String) throws(UsageError) -> String {
        guard let index = words.firstIndex(where: { !$0.hasPrefix("--") }) else {
            throw UsageError("missing \(what)")
        }
        return words.remove(at: index)
    }

    /// Rejects any word that no one consumed.
    /// - Throws: ``UsageError`` listing the unexpected words.
    func finish() throws(UsageError) {
        if !words.isEmpty {
            throw UsageError("unexpected argument\(words.count == 1 ? "" : "s"): \(words.joined(separator: " "))")
        }
    }
}
