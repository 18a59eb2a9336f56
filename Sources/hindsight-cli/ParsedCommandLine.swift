/// What a command line asks for, decided before any file is opened: the parse step of
/// parse, validate, run. Pure: the same words and environment always give the same result.
enum ParsedCommandLine {
    /// No command, or `--help`/`-h`/`help`: the general usage, exiting with `exitCode`.
    case generalHelp(exitCode: ExitCode)
    /// `<command> --help`: that command's usage.
    case commandHelp(any Command.Type)
    /// The words name no command.
    case unknownCommand(String)
    /// The command is known but its options are wrong.
    case usageError(UsageError, any Command.Type)
    /// A command ready to run.
    case command(any Command)

    /// Parses `words` (the arguments after the program's name).
    static func parse(_ words: [String], environment: CLIEnvironment) -> ParsedCommandLine {
        if words.isEmpty || words == ["--help"] || words == ["-h"] || words == ["help"] {
            return .generalHelp(exitCode: words.isEmpty ? .usage : .success)
        }
        guard let (command, rest) = HindsightCLI.match(words) else {
            return .unknownCommand(words.joined(separator: " "))
        }
        if rest.contains("--help") || rest.contains("-h") { return .commandHelp(command) }
        var arguments = Arguments(rest)
        do {
            let parsed = try command.init(parsing: &arguments, environment: environment)
            try arguments.finish()
            return .command(parsed)
        } catch {
            return .usageError(error, command)
        }
    }
}
