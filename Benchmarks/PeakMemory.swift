#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process's peak resident memory, with a reset between workloads where the OS allows it.
enum PeakMemory {
    /// Starts a new peak (Linux: writes 5 to /proc/self/clear_refs, which resets VmHWM).
    /// Elsewhere the peak is the process's since start.
    static func reset() {
        #if os(Linux)
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            handle.write(Data("5".utf8))
            try? handle.close()
        }
        #endif
    }

    /// Peak resident set size in bytes since the last ``reset()``, or nil if unknown.
    static func bytes() -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
        #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss) // bytes on Darwin
        #endif
    }
}
