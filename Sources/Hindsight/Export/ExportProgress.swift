import SystemSeam

/// Receives an export's progress: how many log records were read out of how many.
public protocol ExportProgress: AnyObject {
    /// `done` of `total` records read (called every few thousand records and at the end of a pass).
    func update(done: UInt64, total: UInt64)
    /// The export is over (successfully or not).
    func finish()
}

/// Progress on standard error, rewritten in place on one line (`\r`); only made when standard
/// error is a terminal, so redirected or piped runs stay quiet.
public final class TerminalProgress: ExportProgress {
    private var lastPercent = -1
    private var wrote = false
    private let label: String
    private let unit: String
    private let files: FileSystem
    private static let standardError: Int32 = 2

    /// A progress line labelled `label`, counting `unit` (`records`, `bytes`), or nil when
    /// standard error is not a terminal.
    public static func onStandardError(label: String = "exporting", unit: String = "records") -> TerminalProgress? {
        onStandardError(label: label, unit: unit, files: .posix)
    }

    /// As ``onStandardError(label:unit:)``, through `files` (tests pass a simulated terminal).
    package static func onStandardError(label: String, unit: String = "records", files: FileSystem) -> TerminalProgress? {
        files.isTerminal(standardError) ? TerminalProgress(label: label, unit: unit, files: files) : nil
    }

    private init(label: String, unit: String, files: FileSystem) {
        self.label = label
        self.unit = unit
        self.files = files
    }

    /// Rewrites the line with `done` of `total` records and the percentage, when the
    /// percentage changed.
    public func update(done: UInt64, total: UInt64) {
        let percent = total == 0 ? 100 : Int(min(100, done &* 100 / total))
        guard percent != lastPercent else { return }
        lastPercent = percent
        emit("\r\(label): \(done)/\(total) \(unit) (\(percent)%)")
        wrote = true
    }

    /// Ends the line, if one was written.
    public func finish() {
        if wrote { emit("\n") }
        wrote = false
    }

    /// Writes `text` to standard error; a failed write is dropped (progress is never worth
    /// failing an export for).
    private func emit(_ text: String) {
        Array(text.utf8).withUnsafeBytes { raw in
            try? files.streamAll(Self.standardError, raw, path: "standard error")
        }
    }
}
