/// A command line that cannot be run as written: the CLI prints the message and the
/// command's usage on stderr and exits with ``ExitCode/usage``.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The process exit codes scripts can rely on.
enum ExitCode: Int32 {
    /// The command did what was asked.
    case success = 0
    /// The command failed at run time (bad input file, I/O error, locked log ...).
    case failure = 1
    /// The command line was wrong (unknown subcommand, missing or malformed option).
    case usage = 2
    /// `verify` found damage.
    case damaged = 3
}
