import Foundation

/// What a finished child process left behind.
public struct ProcessOutput: Sendable {
    /// The exit status (or the signal number, when ``signalled`` is true).
    public var status: Int32
    /// True when the process was ended by a signal.
    public var signalled: Bool
    public var stdout: String
    public var stderr: String
}

/// Runs child processes for end-to-end tests.
public enum ChildProcess {
    /// Runs `executable` with `arguments` to completion and captures its output.
    /// - Parameters:
    ///   - environment: variables added to (and overriding) this process's environment.
    ///   - input: bytes written to the child's standard input, which is then closed.
    /// - Throws: if the process cannot be started.
    public static func run(_ executable: URL, _ arguments: [String],
                           environment: [String: String] = [:],
                           currentDirectory: URL? = nil,
                           input: Data? = nil) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try? inPipe.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a chatty child cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessOutput(status: process.terminationStatus,
                             signalled: process.terminationReason == .uncaughtSignal,
                             stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }
}
