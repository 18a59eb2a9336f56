import Foundation
import Hindsight
import EventLog
import SystemSeam

/// The CLI's entry point and composition root: the only place that reads the clock, the
/// environment and the current directory. Parse, validate, run; the exit code says how it went.
@main
enum HindsightCLI {
    static func main() async {
        MemoryAdvice.useOneAllocatorArena()
        let closed = StandardDescriptors.prepare()
        var streams = StandardStreams()
        if closed.contains(StandardDescriptors.output) {
            streams.printError("error: \(OutputError(descriptor: StandardDescriptors.output, errorNumber: EBADF))")
            exit(ExitCode.failure.rawValue)
        }
        let now = Date()
        let environment = CLIEnvironment(
            currentDirectory: FileManager.default.currentDirectoryPath,
            variables: ProcessInfo.processInfo.environment,
            now: now,
            utcOffsetSeconds: TimeZone.current.secondsFromGMT(for: now),
            newUUID: { UUID() }
        )
        var code = await run(Array(CommandLine.arguments.dropFirst()), environment: environment, io: &streams)
        if code != .failure {
            do { try streams.checkOutput() } catch {
                streams.printError("error: \(error)")
                code = .failure
            }
        }
        exit(code.rawValue)
    }

    /// Runs one command line and returns its exit code; usage and errors go to stderr.
    static func run(_ words: [String], environment: CLIEnvironment, io: inout StandardStreams) async -> ExitCode {
        let parsed: any Command
        switch ParsedCommandLine.parse(words, environment: environment) {
        case .generalHelp(let exitCode):
            io.print(generalUsage())
            return exitCode
        case .commandHelp(let command):
            io.print(command.usage)
            return .success
        case .commandGroup(let words, let exitCode):
            let text = groupUsage(words)
            if exitCode == .success { io.print(text) } else { io.printError("error: '\(words.joined(separator: " "))' needs a subcommand\n\n\(text)") }
            return exitCode
        case .unknownCommand(let text, let suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            io.printError("error: unknown command '\(TerminalText.safe(text))'\(hint)\n\n\(generalUsage())")
            return .usage
        case .usageError(let error, let command):
            io.printError("error: \(TerminalText.safe(error.message))\n\n\(command.usage)")
            return .usage
        case .command(let command):
            parsed = command
        }
        do {
            let code = try await parsed.run(&io)
            try io.checkOutput()
            return code
        } catch let error as UsageError {
            io.flush()
            io.printError("error: \(TerminalText.safe(error.message))\n\n\(type(of: parsed).usage)")
            return .usage
        } catch {
            io.flush()
            io.printError("error: \(TerminalText.safe(describe(error)))")
            return .failure
        }
    }

    /// What the user reads for a command's failure: the error's own description, except that a
    /// log read refused for lack of permission says so in the store's one wording of it.
    static func describe(_ error: any Error) -> String {
        if let error = error as? LogError, let system = error.systemError, PermissionDenied.matches(system.errno) {
            return PermissionDenied.message(reading: system.path)
        }
        return "\(error)"
    }

    /// The general usage: every command with its summary.
    static func generalUsage() -> String { groupUsage([]) }

    /// The commands that begin with `words` (`fsrs`: `fsrs states`; none: every command), each
    /// with its summary, for `hindsight --help` and `hindsight fsrs --help`.
    static func groupUsage(_ words: [String]) -> String {
        let prefix = (["hindsight"] + words).joined(separator: " ")
        let members = allCommands.filter { $0.path.starts(with: words) }
        let list = members.map { command in
            "  " + command.path.joined(separator: " ").padding(toLength: 22, withPad: " ", startingAt: 0) + command.spec.summary
        }
        let more = words.isEmpty ? " (or 'hindsight help <command>')" : ""
        return (["usage: \(prefix) <command> [options]", "", "commands:"] + list
                + ["", "Run '\(prefix) <command> --help'\(more) for a command's options."]).joined(separator: "\n")
    }
}
