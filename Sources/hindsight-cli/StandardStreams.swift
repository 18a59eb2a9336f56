/// Where a command writes: standard output for results, standard error for diagnostics.
///
/// Every write goes through ``StandardDescriptors/writeAll(_:to:)``. A failed write to standard
/// output is remembered (``outputFailure``) and later output is dropped, so a command never
/// crashes on a closed or full output; the CLI reports the failure and exits with status 1.
/// Long-running commands (`tail`) call ``checkOutput()`` to stop as soon as it happens.
struct StandardStreams {
    private var outBuffer: [UInt8] = []
    /// The first write to standard output that failed, if any.
    private(set) var outputFailure: OutputError?

    /// Appends `text` and a newline to standard output (buffered, flushed on exit or at 64 KiB).
    mutating func print(_ text: String) {
        guard outputFailure == nil else { return }
        outBuffer.append(contentsOf: text.utf8)
        outBuffer.append(0x0A)
        if outBuffer.count >= 1 << 16 { flush() }
    }

    /// Writes `text` and a newline to standard error at once; a failure there is ignored, as
    /// there is nowhere left to report it.
    func printError(_ text: String) {
        try? StandardDescriptors.writeAll(Array((text + "\n").utf8), to: StandardDescriptors.error)
    }

    /// Writes out what is buffered for standard output; a failure is kept in ``outputFailure``.
    mutating func flush() {
        guard !outBuffer.isEmpty else { return }
        defer { outBuffer.removeAll(keepingCapacity: true) }
        guard outputFailure == nil else { return }
        do { try StandardDescriptors.writeAll(outBuffer, to: StandardDescriptors.output) } catch {
            outputFailure = error
        }
    }

    /// Flushes, then throws if any write to standard output failed.
    /// - Throws: ``OutputError`` for the first failed write.
    mutating func checkOutput() throws(OutputError) {
        flush()
        if let outputFailure { throw outputFailure }
    }
}
