/// One subcommand of the CLI: a spec, a parse of its arguments, then a run.
///
/// To add a command: declare `static let spec = CommandSpec(...)` (its words, summary,
/// description, positionals and options: the one place each option is stated), read the
/// parsed values in `init(parsing:environment:)` (`arguments.value("days")`,
/// `arguments.flag("json")`, `arguments.positional("FILE")`), do the work in `run`, and list
/// the type in ``allCommands``. Usage text, `--help`, unknown-option suggestions and the
/// checks for duplicates and missing values all come from the spec.
///
/// Parsing is separate from running so that a malformed command line fails before any file
/// is opened. `run` writes results to the given output and returns the exit code; a
/// ``UsageError`` it throws (an option's value found wrong only at run time, such as a
/// parameters file that does not exist) is reported as a usage error, exit code 2.
protocol Command: Sendable {
    /// The command's words, summary, description, positionals and options.
    static var spec: CommandSpec { get }
    /// Reads the command's values from arguments already checked against ``spec``.
    /// - Throws: ``UsageError`` for a value that is malformed or a combination that is not allowed.
    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError)
    /// Runs the command.
    func run(_ io: inout StandardStreams) async throws -> ExitCode
}

extension Command {
    /// The words that select this command, e.g. `["fsrs", "states"]`.
    static var path: [String] { spec.path }
    /// The usage text printed by `--help` and after a usage error.
    static var usage: String { spec.usage }
}
