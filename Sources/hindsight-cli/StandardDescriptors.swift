#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's one seam to the operating system for its own standard streams: whole writes to a
/// file descriptor with `write(2)`, and the start-up checks that keep descriptors 0, 1 and 2
/// from being reused by a file the command opens.
enum StandardDescriptors {
    /// Standard output's descriptor.
    static let output: Int32 = 1
    /// Standard error's descriptor.
    static let error: Int32 = 2

    /// Prepares the process's standard descriptors before any command runs:
    /// - `SIGPIPE` is ignored, so writing to a closed pipe fails with `EPIPE` (an error the CLI
    ///   reports) instead of killing the process;
    /// - each of 0, 1 and 2 that is closed is opened on `/dev/null`, so no file a command opens
    ///   later (a log segment, an export) can get that number and receive stray output.
    /// - Returns: the descriptors among 0, 1 and 2 that were closed at start-up.
    static func prepare() -> Set<Int32> {
        signal(SIGPIPE, SIG_IGN)
        var closed: Set<Int32> = []
        for descriptor: Int32 in [0, 1, 2] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed.insert(descriptor)
            let null = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != descriptor {
                _ = dup2(null, descriptor)
                _ = close(null)
            }
        }
        return closed
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and `EINTR`.
    /// - Throws: ``OutputError`` naming the stream and the system's reason (`EPIPE`, `EBADF`,
    ///   `ENOSPC`, `EIO` ...).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(OutputError) {
        let failure: Int32? = bytes.withUnsafeBytes { raw -> Int32? in
            guard var base = raw.baseAddress else { return nil }
            var left = raw.count
            while left > 0 {
                let written = write(descriptor, base, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                left -= written
                base += written
            }
            return nil
        }
        if let failure { throw OutputError(descriptor: descriptor, errorNumber: failure) }
    }
}

/// A write to standard output or standard error that failed: the stream was closed, is a pipe
/// whose reader went away, or is a full disk. The CLI reports it and exits with status 1.
struct OutputError: Error, CustomStringConvertible {
    /// The descriptor that could not be written (1 or 2).
    let descriptor: Int32
    /// The system's error number (`EPIPE`, `EBADF`, `ENOSPC` ...).
    let errorNumber: Int32

    /// "standard output" or "standard error".
    var stream: String { descriptor == StandardDescriptors.error ? "standard error" : "standard output" }

    var description: String {
        let reason = String(cString: strerror(errorNumber))
        let advice: String
        switch errorNumber {
        case EPIPE: advice = "the program reading the output stopped early"
        case EBADF: advice = "\(stream) is closed; run the command with it open (not '>&-')"
        case ENOSPC: advice = "the disk is full; free some space or write the output elsewhere"
        default: advice = "check where the output goes"
        }
        return "cannot write to \(stream): \(reason); \(advice)"
    }
}
