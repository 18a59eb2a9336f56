import Foundation
import TestSupport

/// Runs the built CLI in the ways the reliability tests need beyond ``ChildProcess``: with a
/// standard stream closed or pointing at a full device (through `/bin/sh`'s redirections), with
/// standard output a pipe nobody reads, as an unprivileged user, or in the background.
enum CLIProcess {
    static let cli = BuiltProducts.executable("hindsight")

    /// Runs the CLI with `arguments` after the shell applies `redirection` (e.g. `>&-`,
    /// `> /dev/full`, `<&-`) to it; stderr is captured unless the redirection changes it.
    static func run(_ arguments: [String], redirection: String, in directory: URL? = nil) throws -> CLIOutput {
        CLIOutput(try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" \"$@\" \(redirection)", cli.path] + arguments,
                                       currentDirectory: directory))
    }

    /// Runs the CLI with standard output a pipe whose reading end is already closed.
    static func runIntoBrokenPipe(_ arguments: [String]) throws -> CLIOutput {
        let process = Process()
        process.executableURL = cli
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        try out.fileHandleForReading.close()
        process.standardOutput = out.fileHandleForWriting
        process.standardError = err
        try process.run()
        try out.fileHandleForWriting.close()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIOutput(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                         stdout: "", stderr: String(decoding: errData, as: UTF8.self))
    }

    /// How to run a command as the unprivileged user 65534 (nobody), or why it cannot be done here.
    static var unprivileged: Result<[String], SkipReason> {
        guard getuid() == 0 else { return .failure(SkipReason("the tests do not run as root, so they cannot switch user")) }
        for tool in ["/usr/bin/setpriv", "/bin/setpriv"] where FileManager.default.isExecutableFile(atPath: tool) {
            return .success([tool, "--reuid=65534", "--regid=65534", "--clear-groups"])
        }
        for tool in ["/usr/sbin/runuser", "/sbin/runuser"] where FileManager.default.isExecutableFile(atPath: tool) {
            return .success([tool, "-u", "nobody", "--"])
        }
        return .failure(SkipReason("neither setpriv nor runuser is installed"))
    }

    /// Runs the CLI as user 65534 through `prefix` (from ``unprivileged``).
    static func runUnprivileged(_ prefix: [String], _ arguments: [String]) throws -> CLIOutput {
        CLIOutput(try ChildProcess.run(URL(fileURLWithPath: prefix[0]), Array(prefix.dropFirst()) + [cli.path] + arguments))
    }

    /// A CLI process running in the background, its standard output collected until it ends.
    final class Background: @unchecked Sendable {
        let process = Process()
        private let out = Pipe(), err = Pipe()
        private let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var outData = Data()
        private var errData = Data()

        /// Starts the CLI with `arguments`.
        init(_ arguments: [String]) throws {
            process.executableURL = CLIProcess.cli
            process.arguments = arguments
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let out = self.out, err = self.err
            Thread.detachNewThread { [self] in
                let data = err.fileHandleForReading.readDataToEndOfFile()
                lock.withLock { errData = data }
            }
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = out.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { outData.append(chunk) }
                }
                done.signal()
            }
        }

        /// What it printed so far.
        var stdout: String { lock.withLock { String(decoding: outData, as: UTF8.self) } }

        /// Waits (up to `seconds`) until its output has `count` lines; true when it has.
        func waitForLines(_ count: Int, seconds: Double = 20) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            // The output is looked at before the clock, so a thread that wakes late still sees it.
            while true {
                if stdout.split(separator: "\n").count >= count { return true }
                if Date() >= deadline { return false }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }

        /// Sends SIGTERM and waits for the end; returns the whole output.
        func terminate() -> CLIOutput {
            process.terminate()
            _ = done.wait(timeout: .now() + 20)
            process.waitUntilExit()
            Thread.sleep(forTimeInterval: 0.05)
            return CLIOutput(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                             stdout: stdout, stderr: lock.withLock { String(decoding: errData, as: UTF8.self) })
        }
    }
}

/// What a finished CLI process left behind (as ``ProcessOutput``, which these tests also build).
struct CLIOutput {
    var status: Int32
    var signalled: Bool
    var stdout: String
    var stderr: String

    init(status: Int32, signalled: Bool, stdout: String, stderr: String) {
        self.status = status
        self.signalled = signalled
        self.stdout = stdout
        self.stderr = stderr
    }

    init(_ output: ProcessOutput) {
        self.init(status: output.status, signalled: output.signalled, stdout: output.stdout, stderr: output.stderr)
    }
}

/// Why a test cannot run on this machine (printed, then the test returns).
struct SkipReason: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
