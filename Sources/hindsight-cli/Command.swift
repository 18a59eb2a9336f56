/// One subcommand of the CLI: parse its arguments, then run.
///
/// Parsing is separate from running so that a malformed command line fails before any file
/// is opened. `run` writes results to the given output and returns the exit code.
protocol Command: Sendable {
    /// The words that select this command, e.g. `["fsrs", "states"]`.
    static var path: [String] { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The usage text printed by `--help` and after a usage error.
    static var usage: String { get }
    /// Reads the command's options and positionals.
    /// - Throws: ``UsageError`` for anything missing, malformed or left over.
    init(parsing arguments: inout Arguments, environment: CLIEnvironment) throws(UsageError)
    /// Runs the command.
    func run(_ io: inout StandardStreams) async throws -> ExitCode
}
