import Hindsight

/// `hindsight demo`: the main job, on the embedded default data directory.
/// (The store issue fills this with a realistic multi-profile history.)
struct DemoCommand: Command {
    static let path = ["demo"]
    static let summary = "build a demo history and show what the apps would show today"
    static let usage = """
        usage: hindsight demo [--data-dir DIR]

        Builds (or reopens) a demo store and prints what an app would show today.
          --data-dir DIR   the store's directory (default: $HINDSIGHT_DATA_DIR or ./.hindsight)
        """

    let dataDirectory: String

    init(parsing arguments: inout Arguments, environment: CLIEnvironment) throws(UsageError) {
        dataDirectory = try arguments.option("data-dir") ?? environment.defaultDataDirectory
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        io.print("data directory: \(dataDirectory)")
        return .success
    }
}
