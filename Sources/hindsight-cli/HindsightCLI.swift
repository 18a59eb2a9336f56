import Foundation
import Hindsight
import EventLog
import SystemSeam

/// The CLI's entry point and composition root: the only place that reads the clock, the
/// environment and the current directory. Parse, validate, run; the exit code says how it went.
@main
enum HindsightCLI {
    static func main() async {
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
        case .unknownCommand(let text):
            io.printError("error: unknown command '\(text)'\n\n\(generalUsage())")
            return .usage
        case .usageError(let error, let command):
            io.printError("error: \(error.message)\n\n\(command.usage)")
            return .usage
        case .command(let command):
            parsed = command
        }
        do {
            let code = try await parsed.run(&io)
            try io.checkOutput()
            return code
        } catch {
            io.flush()
            io.printError("error: \(describe(error))")
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

    static func generalUsage() -> String {
        var lines = ["usage: hindsight <command> [options]", "", "commands:"]
        for command in allCommands {
            let name = command.path.joined(separator: " ")
            lines.append("  " + name.padding(toLength: 22, withPad: " ", startingAt: 0) + command.summary)
        }
        lines.append("")
        lines.append("Run 'hindsight <command> --help' for a command's options.")
        return lines.joined(separator: "\n")
    }

    /// The command whose path is the longest prefix of `words`, and the words after it.
    static func match(_ words: [String]) -> (any Command.Type, [String])? {
        let longestFirst = allCommands.sorted { $0.path.count > $1.path.count }
        for command in longestFirst where words.starts(with: command.path) {
            return (command, Array(words.dropFirst(command.path.count)))
        }
        return nil
    }
}
