/// What a command is and takes, stated once: its words, its summary, its positionals and its
/// options. ``Arguments`` parses by it, ``usage`` is written from it and unknown options are
/// matched against it, so none of the three can disagree with another.
struct CommandSpec: Sendable {
    /// The words that select the command, e.g. `["fsrs", "states"]`.
    let path: [String]
    /// One line for the command list.
    let summary: String
    /// What the command does: the paragraph after the usage line (lines already broken).
    let about: String
    /// The words it takes by position, in order (all required).
    var positionals: [PositionalSpec] = []
    /// Its options, in the order usage lists them.
    var options: [OptionSpec] = []
    /// Options of other commands it deliberately does not take, with the reason to print when
    /// one is given (e.g. `fsrs states` and `--data-dir`: it reads no store).
    var declined: [String: String] = [:]
    /// Notes printed after the options (lines already broken), if any.
    var notes: String? = nil

    /// The option named `name` (without dashes), if the command takes it.
    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

    /// `hindsight fsrs states`.
    var invocation: String { (["hindsight"] + path).joined(separator: " ") }

    /// The usage text `--help` prints and a usage error follows with: the synopsis (required
    /// options first, optional ones in brackets), the description, then every positional and
    /// option with its help, wrapped to ``UsageText/width`` columns.
    var usage: String {
        var words = positionals.map(\.name)
        for option in options {
            let text = option.synopsis + (option.isRepeatable ? " ..." : "")
            words.append(option.isRequired ? text : "[\(text)]")
        }
        words.append("[-h|--help]")
        var lines = UsageText.wrap(words, first: "usage: \(invocation) ")
        lines.append("")
        lines.append(about)
        let rows = positionals.map { ($0.name, $0.help) } + options.map { ($0.synopsis, $0.help) }
            + [("-h, --help", "print this help")]
        lines.append(contentsOf: UsageText.table(rows))
        if let notes { lines.append(notes) }
        return lines.joined(separator: "\n")
    }
}

/// How usage text is laid out: word wrapping and the two-column option table.
enum UsageText {
    /// The column usage text wraps at.
    static let width = 100

    /// `words` joined by spaces after `first`, wrapped at ``width``; continuation lines are
    /// indented to line up under the first word.
    static func wrap(_ words: [String], first: String) -> [String] {
        let indent = String(repeating: " ", count: first.count)
        var lines: [String] = []
        var line = first
        for word in words {
            if line.count > indent.count && line.count + word.count > width {
                lines.append(String(line.dropLast()))
                line = indent
            }
            line += word + " "
        }
        lines.append(String(line.dropLast()))
        return lines
    }

    /// Rows of `(left, help)`, the help in a column after the widest left part (up to 28
    /// columns; a longer left part puts its help on the next line), wrapped at ``width``.
    static func table(_ rows: [(String, String)]) -> [String] {
        let column = min(28, (rows.map { $0.0.count }.max() ?? 0) + 2)
        let indent = String(repeating: " ", count: 2 + column)
        var lines: [String] = []
        for (left, help) in rows {
            let helpWords = help.split(separator: " ").map(String.init)
            if left.count + 2 > column {
                lines.append("  " + left)
                lines.append(contentsOf: wrap(helpWords, first: indent))
            } else {
                let head = "  " + left + String(repeating: " ", count: column - left.count)
                lines.append(contentsOf: wrap(helpWords, first: head))
            }
        }
        return lines
    }
}
