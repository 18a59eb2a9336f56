import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process whose standard output is read line by line while it runs, so that a test can
/// wait for what it printed and then kill it with SIGKILL.
/// (`@unchecked Sendable`: `Process` is not marked Sendable; it is only started, signalled and
/// waited for, which Foundation allows from any thread.)
final class RunningChild: @unchecked Sendable {
    private let process: Process
    private let captured = CapturedOutput()
    private let finished = DispatchGroup()

    /// Starts `executable` with `arguments`.
    /// - Throws: if it cannot be started.
    init(_ executable: URL, _ arguments: [String]) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        finished.enter()
        finished.enter()
        let captured = self.captured, finished = self.finished
        let handle = out.fileHandleForReading, errorHandle = err.fileHandleForReading
        Thread.detachNewThread {
            while true {
                let data = handle.availableData
                captured.output.withLock { state in
                    if data.isEmpty { state.ended = true; return }
                    for byte in data {
                        if byte == UInt8(ascii: "\n") {
                            state.lines.append(String(decoding: state.partial, as: UTF8.self))
                            state.partial.removeAll()
                        } else {
                            state.partial.append(byte)
                        }
                    }
                }
                if data.isEmpty { break }
            }
            finished.leave()
        }
        Thread.detachNewThread {
            let data = errorHandle.readDataToEndOfFile()
            captured.errors.withLock { $0 = Array(data) }
            finished.leave()
        }
    }

    /// The complete lines printed so far (a line cut by a kill is not one).
    var lines: [String] { captured.output.withLock { $0.lines } }

    /// What the child wrote to standard error (complete once it has ended).
    var standardError: String { captured.errors.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Waits until a printed line satisfies `condition`, the output ends, or `timeout` passes.
    /// - Returns: true when such a line was printed.
    func waitForLine(timeout: Duration = .seconds(60), where condition: (String) -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        // The lines are looked at before the clock: on a crowded machine this task may resume long
        // after the deadline, and the line it waits for has been printed meanwhile.
        while true {
            let (lines, ended) = captured.output.withLock { ($0.lines, $0.ended) }
            if lines.contains(where: condition) { return true }
            if ended || clock.now >= deadline { return false }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Kills the child with SIGKILL (if still running) and waits until it is gone and its output read.
    /// - Returns: true when the signal ended it (false: it had exited by itself).
    @discardableResult
    func kill() -> Bool {
        if process.isRunning { sendSIGKILL(process.processIdentifier) }
        return waitUntilExit()
    }

    /// Waits until the child has ended and its output is read.
    /// - Returns: true when a signal ended it.
    @discardableResult
    func waitUntilExit() -> Bool {
        process.waitUntilExit()
        finished.wait()
        return process.terminationReason == .uncaughtSignal
    }

    /// The exit status (or signal number).
    var status: Int32 { process.terminationStatus }
}

private func sendSIGKILL(_ pid: Int32) {
    #if canImport(Glibc)
    _ = Glibc.kill(pid, SIGKILL)
    #elseif canImport(Darwin)
    _ = Darwin.kill(pid, SIGKILL)
    #endif
}

/// What a child printed, filled in by the reading threads.
private final class CapturedOutput: Sendable {
    let output = Mutex<(lines: [String], partial: [UInt8], ended: Bool)>(([], [], false))
    let errors = Mutex<[UInt8]>([])
}
