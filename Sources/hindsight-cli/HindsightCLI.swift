import Foundation

/// The CLI's entry point and composition root: the only place that reads the clock, the
/// environment and the current directory. Parse, validate, run; the exit code says how it went.
@main
enum HindsightCLI {
    static func main() async {
        let now = Date()
        let environment = CLIEnvironment(
            currentDirectory: FileManager.default.currentDirectoryPath,
            variables: ProcessInfo.processInfo.environment,
            now: now,
            utcOffsetSeconds: TimeZone.current.secondsFromGMT(for: now),
            newUUID: { UUID() }
        )
        var streams = StandardStreams()
        let code = await run(Array(CommandLine.arguments.dropFirst()), environment: environment, io: &streams)
        streams.flush()
        exit(code.rawValue)
    }

    /// Runs one command line and returns its exit code; usage and errors go to stderr.
    static func run(_ words: [String], environment: CLIEnvironment, io: inout StandardStreams) async -> ExitCode {
        if words.isEmpty || words == ["--help"] || words == ["-h"] || words == ["help"] {
            io.print(generalUsage())
            return words.isEmpty ? .usage : .success
        }
        guard let (command, rest) = match(words) else {
            io.printError("error: unknown command '\(words.joined(separator: " "))'\n\n\(generalUsage())")
            return .usage
        }
        if rest.contains("--help") || rest.contains("-h") {
            io.print(command.usage)
            return .success
        }
        var arguments = Arguments(rest)
        let parsed: any Command
        do {
            parsed = try command.init(parsing: &arguments, environment: environment)
            try arguments.finish()
        } catch {
            io.printError("error: \(error.message)\n\n\(command.usage)")
            return .usage
        }
        do {
            return try await parsed.run(&io)
        } catch {
            io.flush()
            io.printError("error: \(error)")
            return .failure
        }
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
