/// What a command line asks for, decided before any file is opened: the parse step of
/// parse, validate, run. Pure: the same words and environment always give the same result.
enum ParsedCommandLine {
    /// No command, or `--help`/`-h`/`help`: the general usage, exiting with `exitCode`.
    case generalHelp(exitCode: ExitCode)
    /// `<command> --help` or `help <command>`: that command's usage.
    case commandHelp(any Command.Type)
    /// The first words of several commands (`fsrs`, `audit`) without the rest: those commands,
    /// listed; `exitCode` 0 when help was asked (`fsrs --help`), 2 otherwise.
    case commandGroup([String], exitCode: ExitCode)
    /// The words name no command; `suggestion` is the closest command, if one is close.
    case unknownCommand(String, suggestion: String?)
    /// The command is known but its options are wrong.
    case usageError(UsageError, any Command.Type)
    /// A command ready to run.
    case command(any Command)

    /// Parses `words` (the arguments after the program's name).
    static func parse(_ words: [String], environment: CLIEnvironment) -> ParsedCommandLine {
        let helpWords: Set<String> = ["--help", "-h", "help"]
        if words.isEmpty || (words.count == 1 && helpWords.contains(words[0])) {
            return .generalHelp(exitCode: words.isEmpty ? .usage : .success)
        }
        if words[0] == "help" {
            return match(Array(words.dropFirst())).map { .commandHelp($0.0) } ?? unknown(Array(words.dropFirst()))
        }
        guard let (command, rest) = match(words) ?? matchAfterOptions(words) else { return unknown(words) }
        do {
            guard let arguments = try Arguments.parse(rest, spec: command.spec) else { return .commandHelp(command) }
            return .command(try command.init(parsing: arguments, environment: environment))
        } catch {
            return .usageError(error, command)
        }
    }

    /// The command whose path is the longest prefix of `words`, and the words after it.
    static func match(_ words: [String]) -> (any Command.Type, [String])? {
        let longestFirst = allCommands.sorted { $0.path.count > $1.path.count }
        for command in longestFirst where words.starts(with: command.path) {
            return (command, Array(words.dropFirst(command.path.count)))
        }
        return nil
    }

    /// Options before the command's name (`hindsight --data-dir DIR stats`): the command named
    /// by the first words after them, with those options moved after its other words. Nil when
    /// the words do not start with an option, or `--` comes before a command. The first command
    /// found wins, so an option value spelt like a command (`--deck export`) belongs after it.
    static func matchAfterOptions(_ words: [String]) -> (any Command.Type, [String])? {
        guard let first = words.first, first.hasPrefix("-"), first != "-", first != "--" else { return nil }
        for start in 1..<words.count {
            if words[start - 1] == "--" { return nil }
            if let (command, rest) = match(Array(words[start...])) { return (command, rest + words[..<start]) }
        }
        return nil
    }

    /// For words that name no command: the group their first word begins (`fsrs`, `fsrs --help`),
    /// or an unknown command with the closest command's name.
    private static func unknown(_ words: [String]) -> ParsedCommandLine {
        if let first = words.first, allCommands.contains(where: { $0.path.count > 1 && $0.path[0] == first }) {
            let rest = words.dropFirst()
            let asksHelp = !rest.isEmpty && rest.allSatisfy { $0 == "--help" || $0 == "-h" }
            if rest.isEmpty || asksHelp { return .commandGroup([first], exitCode: asksHelp ? .success : .usage) }
        }
        let text = words.joined(separator: " ")
        let names = allCommands.map { $0.path.joined(separator: " ") }
        let typed = words.prefix(while: { !$0.hasPrefix("-") }).prefix(2).joined(separator: " ")
        let suggestion = ClosestName.to(typed, among: names) ?? words.first.flatMap { ClosestName.to($0, among: names) }
        return .unknownCommand(text, suggestion: suggestion)
    }
}
