/// A command line's words after the command's name, parsed against the command's
/// ``CommandSpec``, as users of Unix tools expect:
///
/// - options anywhere: before, between and after positionals;
/// - `--name value` and `--name=value`; a flag takes no value;
/// - `--` ends the options (every later word is positional, even `--json`); `-` is a positional
///   (standard input or output where a command says so);
/// - `-h` or `--help` anywhere before `--` asks for the command's usage;
/// - an option the command does not take is an error naming the closest one it does; an option
///   given twice is an error saying so, unless the spec allows repeating it; a missing value, a
///   missing positional, a missing required option or a word too many are errors too.
///
/// Every check happens in ``parse(_:spec:)``; afterwards the command reads its values, and
/// asking for an option its spec does not declare is a programming error (a trap).
struct Arguments {
    /// The spec the words were parsed by.
    let spec: CommandSpec
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private var positionals: [String] = []

    private init(spec: CommandSpec) { self.spec = spec }

    /// The words parsed by `spec`, or nil when they ask for help (`-h`, `--help`), which wins
    /// over any error in the other words.
    /// - Throws: ``UsageError`` for the first problem, in the order of the words (then a
    ///   missing positional, then a missing required option).
    static func parse(_ words: [String], spec: CommandSpec) throws(UsageError) -> Arguments? {
        var parsed = Arguments(spec: spec)
        var firstError: UsageError?
        var helpAsked = false
        var optionsEnded = false
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" { optionsEnded = true; continue }
            if word == "-h" || word == "--help" { helpAsked = true; continue }
            do throws(UsageError) {
                try parsed.take(word, words: words, index: &index)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if helpAsked { return nil }
        if let firstError { throw firstError }
        try parsed.checkComplete()
        return parsed
    }

    /// Takes the option `word` (which starts with `-`) and, for one that needs a value not
    /// given with `=`, the word at `index`.
    private mutating func take(_ word: String, words: [String], index: inout Int) throws(UsageError) {
        guard word.hasPrefix("--") else {
            throw UsageError("unknown option \(word); options start with two dashes" + suggestion(for: String(word.drop { $0 == "-" })))
        }
        let body = word.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let option = spec.option(named: name) else {
            if let reason = spec.declined[name] {
                throw UsageError("'\(spec.path.joined(separator: " "))' takes no --\(name): \(reason)")
            }
            throw UsageError("unknown option --\(name)" + suggestion(for: name))
        }
        if option.isFlag {
            guard inline == nil else { throw UsageError("option --\(name) is a flag and takes no value; write --\(name)") }
            guard flags.insert(name).inserted else { throw UsageError("option --\(name) was given twice; give it once") }
            return
        }
        let value: String
        if let inline {
            value = inline
        } else {
            guard index < words.count, !Self.looksLikeOption(words[index]) else {
                throw UsageError("option --\(name) needs a value: --\(name) \(option.placeholder ?? "VALUE")")
            }
            value = words[index]
            index += 1
        }
        if !option.isRepeatable, let earlier = values[name]?.first {
            throw UsageError("option --\(name) was given twice (\(earlier), then \(value)); give it once")
        }
        values[name, default: []].append(value)
    }

    /// Whether a word after an option that needs a value is another option rather than the value
    /// (`--limit --json`): `--…` and `-h`. `-` and negative numbers are values.
    private static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("--") || word == "-h"
    }

    /// `; did you mean --days?` when a declared option is close to `name`, else a pointer to help.
    private func suggestion(for name: String) -> String {
        if let closest = ClosestName.to(name, among: spec.options.map(\.name)) { return "; did you mean --\(closest)?" }
        return "; '\(spec.invocation) --help' lists the options"
    }

    /// `; give the file with --revlog revlog.csv` when the one word too many looks like what a
    /// command that takes its file by an option wants (`fsrs states revlog.csv`): the command takes
    /// no positional, and exactly one option with a FILE value, not given yet.
    private func fileHint(for extra: ArraySlice<String>) -> String {
        let fileOptions = spec.options.filter { $0.placeholder == "FILE" }
        guard extra.count == 1, spec.positionals.isEmpty, fileOptions.count == 1, let option = fileOptions.first,
              values[option.name] == nil, let word = extra.first else { return "" }
        return "; give the file with --\(option.name) \(word)"
    }

    private func checkComplete() throws(UsageError) {
        if positionals.count > spec.positionals.count {
            let extra = positionals.dropFirst(spec.positionals.count)
            let hint = extra.contains { $0.hasPrefix("-") } ? " (after --, every word is positional)" : fileHint(for: extra)
            throw UsageError("unexpected argument\(extra.count == 1 ? "" : "s"): \(extra.joined(separator: " "))\(hint)")
        }
        if positionals.count < spec.positionals.count {
            let missing = spec.positionals[positionals.count]
            throw UsageError("missing \(missing.name) (\(missing.help))")
        }
        for option in spec.options where option.isRequired && values[option.name] == nil && !flags.contains(option.name) {
            throw UsageError("missing --\(option.name) \(option.placeholder ?? ""): \(option.help)")
        }
    }

    private func declared(_ name: String) -> OptionSpec {
        guard let option = spec.option(named: name) else {
            preconditionFailure("\(spec.invocation) reads --\(name), which its spec does not declare")
        }
        return option
    }

    /// Whether the flag `--name` was given.
    func flag(_ name: String) -> Bool {
        precondition(declared(name).isFlag, "--\(name) is not a flag")
        return flags.contains(name)
    }

    /// The value of `--name`, if given.
    func value(_ name: String) -> String? {
        precondition(!declared(name).isFlag, "--\(name) is a flag")
        return values[name]?.last
    }

    /// The value of `--name`, which the spec marks required (so the parser has checked it was given).
    func required(_ name: String) -> String {
        precondition(declared(name).isRequired, "--\(name) is not required")
        return values[name]?.last ?? ""
    }

    /// Every value of the repeatable `--name`, in command-line order.
    func values(_ name: String) -> [String] {
        precondition(declared(name).isRepeatable, "--\(name) is not repeatable")
        return values[name] ?? []
    }

    /// The value of `--name` read by `parse`, or nil when not given.
    /// - Throws: ``UsageError`` naming the option, `what` it expects and the text given when
    ///   `parse` returns nil.
    func value<T>(_ name: String, expecting what: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let result = parse(text) else { throw UsageError("option --\(name) expects \(what), got '\(text)'") }
        return result
    }

    /// The value of `--name` read by `parse`, or `defaultValue` when not given.
    /// - Throws: ``UsageError`` as ``value(_:expecting:_:)``.
    func value<T>(_ name: String, default defaultValue: T, expecting what: String,
                  _ parse: (String) -> T?) throws(UsageError) -> T {
        try value(name, expecting: what, parse) ?? defaultValue
    }

    /// The positional `name` (as declared in the spec, e.g. `FILE`).
    func positional(_ name: String) -> String {
        guard let index = spec.positionals.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("\(spec.invocation) reads the positional \(name), which its spec does not declare")
        }
        return positionals[index]
    }
}
