import Foundation
import Hindsight

/// `hindsight verify`: checks every log record and snapshot file; exit code 3 on damage.
struct VerifyCommand: Command {
    static let spec = CommandSpec(
        path: ["verify"],
        summary: "check every log record and snapshot file (exit code 3 when damaged)",
        about: """
            Reads the whole log (framing, checksums, positions, and that every event decodes) and every
            snapshot file (checksum, and whether it is current for the configuration), without changing
            anything or taking a lock. Damage is reported by segment, offset and position. Exits 0 when
            all is well and 3 when something is damaged; outdated snapshots are reported, not damage.
            An incomplete end of the log (a write cut short, a batch that was never completed) is
            reported with what the next open cuts and why; it is not damage (exit code 0).
            """,
        options: [.dataDirectory, .json("print the report as one JSON object")])

    let dataDirectory: String
    let json: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        json = arguments.flag("json")
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        try StoreDirectoryCheck.requireStore(at: dataDirectory)
        let report = try await StoreVerifier.verify(dataDirectory: dataDirectory, configuration: ReadModelConfiguration())
        if json {
            io.print(try JSONOutput.encode(VerifyOutput(healthy: report.isHealthy, report: report)))
        } else {
            let log = report.log
            io.print("log: \(log.segments) segment(s), \(log.records) record(s), last position \(log.lastPosition)")
            for damage in log.damage {
                io.print("DAMAGED: segment \(damage.segment), offset \(damage.offset), positions \(damage.firstPosition)...\(damage.lastPosition): \(damage.reason)")
            }
            for record in report.undecodable {
                io.print("UNDECODABLE: position \(record.position): \(record.reason)")
            }
            if let cut = log.nextOpenCuts {
                let records = cut.firstPosition.map { "\(cut.records) record(s), positions \($0)...\(cut.lastPosition ?? $0), and " } ?? ""
                io.print("note: the next open cuts \(records)\(cut.bytes) byte(s) at the end of segment \(cut.segment) (offset \(cut.offset)): \(cut.reason). This is not damage (nothing acknowledged is lost); the log ends at position \(log.lastPosition)")
            }
            for snapshot in report.snapshots {
                io.print("snapshot \(snapshot.path): \(snapshot.status.rawValue) (\(snapshot.detail))")
            }
            for file in report.unrecognised {
                io.print("note: \(file.path): \(file.reason)")
            }
            io.print(report.isHealthy ? "ok: nothing is damaged"
                     : "DAMAGED: restore the log from a backup; delete damaged snapshots (the store rebuilds them)")
        }
        return report.isHealthy ? .success : .damaged
    }
}

/// `verify --json`: the verdict and the report.
struct VerifyOutput: Encodable {
    let healthy: Bool
    let report: StoreVerificationReport
}
