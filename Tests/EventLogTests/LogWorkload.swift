import EventLog
import Foundation
import LogFaults
import Synchronization
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// The log-level workloads of the fault sweep and the power-loss simulation (issue 19), and the
/// check that a log reopened after any of them holds every acknowledged batch exactly once.
///
/// Every record's payload starts with its batch's number (2 bytes), its index in the batch and
/// the batch's size, so the check can tell batches apart whatever order they landed in.
struct LogWorkload: Sendable, CustomStringConvertible {
    enum Kind: String, CaseIterable, Sendable {
        /// fsyncEachAppend, one record per batch.
        case fsyncSingles
        /// fsyncEachAppend, batches of many records spanning several sectors.
        case fsyncBatches
        /// groupCommit with three concurrent tasks.
        case groupCommit
        /// buffered, acknowledged by `sync()` every few batches.
        case bufferedSync
        /// fsyncEachAppend with 4 KiB segments: rolls, seals and indexes.
        case segmentRoll
        /// A log left with a torn tail, reopened (recovery cuts it), appended to and closed.
        case tornTailRecovery
    }

    let kind: Kind
    /// Batches the run appends (numbered from 0).
    let batches: [[[UInt8]]]
    /// Batches already in the log before the run (numbered from 1000): all acknowledged.
    let prepared: [[[UInt8]]]

    var description: String { kind.rawValue }

    static let directory = "/log"

    /// The workload of `kind`, with `scale` batches (about), seeded by `seed`.
    init(_ kind: Kind, scale: Int, seed: UInt64 = 1) {
        self.kind = kind
        var random = SplitMix64(seed: seed &+ UInt64(kind.rawValue.utf8.count))
        func batch(_ number: Int, records: Int, lengths: ClosedRange<Int>) -> [[UInt8]] {
            (0..<records).map { index in
                [UInt8(number & 0xFF), UInt8(number >> 8), UInt8(index), UInt8(records)]
                    + random.bytes(Int.random(in: lengths, using: &random))
            }
        }
        switch kind {
        case .fsyncSingles, .bufferedSync:
            batches = (0..<scale).map { batch($0, records: 1, lengths: 0...300) }
            prepared = []
        case .fsyncBatches:
            batches = (0..<max(2, scale / 2)).map { batch($0, records: 2 + $0 % 5, lengths: 100...400) }
            prepared = []
        case .groupCommit:
            batches = (0..<scale).map { batch($0, records: 1 + $0 % 3, lengths: 0...200) }
            prepared = []
        case .segmentRoll:
            batches = (0..<scale).map { batch($0, records: 1 + $0 % 2, lengths: 300...900) }
            prepared = []
        case .tornTailRecovery:
            batches = (0..<max(2, scale / 3)).map { batch($0, records: 2, lengths: 10...200) }
            prepared = (0..<3).map { batch(1000 + $0, records: 2, lengths: 10...200) }
        }
    }

    var options: (durability: LogOptions.Durability, segmentSize: Int) {
        switch kind {
        case .fsyncSingles, .fsyncBatches, .tornTailRecovery: (.fsyncEachAppend, 64 << 20)
        case .groupCommit: (.groupCommit, 64 << 20)
        case .bufferedSync: (.buffered(flushInterval: .seconds(3600)), 64 << 20)
        case .segmentRoll: (.fsyncEachAppend, 4096)
        }
    }

    /// Puts the log the run starts from on `disk` (healthy calls, all synced): nothing, or for
    /// ``Kind/tornTailRecovery`` the prepared batches and then the first frames of a batch (2000)
    /// whose write was cut short.
    func prepare(_ disk: SimulatedDisk) async throws {
        guard !prepared.isEmpty else { return }
        let writer = try await LogWriter.open(directory: Self.directory,
                                              options: LogOptions(durability: .fsyncEachAppend, fileSystem: disk.fileSystem))
        for batch in prepared { _ = try await writer.append(contentsOf: batch) }
        try await writer.close()
        let path = Self.directory + "/" + SegmentName.segment(base: 1)
        var bytes = try #require(disk.contents(of: path))
        let next = UInt64(prepared.joined().count) + 1
        for index in 0..<3 {
            let payload: [UInt8] = [0xD0, 0x07, UInt8(index), 3] + [UInt8](repeating: 0xAB, count: 40)
            payload.withUnsafeBytes { RecordFrame.append(position: next + UInt64(index), flags: index == 2 ? 1 : 0, payload: $0, to: &bytes) }
        }
        bytes.removeLast(30)  // the batch's last record is cut short
        disk.setContents(bytes, of: path)
    }

    /// What a run did: the batches whose append (or, buffered, whose `sync`) returned, the first
    /// error, and whether every append after that error was refused.
    struct Outcome: Sendable {
        var acknowledged: Set<Int> = []
        var error: (any Error)?
        var refusedAfterFailure = true
    }

    /// What the concurrent appenders of ``Kind/groupCommit`` share.
    private final class Lanes: Sendable {
        let acknowledged = Mutex<Set<Int>>([])
        let failure = Mutex<(any Error)?>(nil)
    }

    /// Runs the workload through `fs`: opens, appends, closes. Never throws: the first error is
    /// in the outcome.
    func run(_ fs: FileSystem) async -> Outcome {
        var outcome = Outcome()
        let writer: LogWriter
        do {
            var logOptions = LogOptions(durability: options.durability, segmentSize: options.segmentSize, fileSystem: fs)
            // Small preallocation steps: the zero-filled space is still written (and torn), at
            // a size that keeps thousands of simulated runs fast.
            logOptions.preallocationSize = 16 << 10
            writer = try await LogWriter.open(directory: Self.directory, options: logOptions)
        } catch {
            outcome.error = error
            return outcome
        }
        do {
            switch kind {
            case .groupCommit:
                let lanes = Lanes()
                let batches = self.batches
                await withTaskGroup(of: Void.self) { group in
                    for lane in 0..<3 {
                        group.addTask {
                            for number in stride(from: lane, to: batches.count, by: 3) {
                                do {
                                    _ = try await writer.append(contentsOf: batches[number])
                                    lanes.acknowledged.withLock { _ = $0.insert(number) }
                                } catch {
                                    lanes.failure.withLock { $0 = $0 ?? error }
                                    return
                                }
                            }
                        }
                    }
                }
                outcome.acknowledged = lanes.acknowledged.withLock { $0 }
                if let error = lanes.failure.withLock({ $0 }) { throw error }
            case .bufferedSync:
                var appended: [Int] = []
                for (number, batch) in batches.enumerated() {
                    _ = try await writer.append(contentsOf: batch)
                    appended.append(number)
                    if number % 3 == 2 || number == batches.count - 1 {
                        try await writer.sync()
                        outcome.acknowledged.formUnion(appended)
                    }
                }
            default:
                for (number, batch) in batches.enumerated() {
                    _ = try await writer.append(contentsOf: batch)
                    outcome.acknowledged.insert(number)
                }
            }
            try await writer.close()
        } catch {
            outcome.error = error
            // A writer that failed refuses every later append.
            let refused: Bool
            do { _ = try await writer.append([0xFF, 0xFF, 0, 1]); refused = false } catch { refused = true }
            outcome.refusedAfterFailure = refused
            try? await writer.close()
        }
        return outcome
    }

    /// Reopens the log on `fs` (healthy calls) and checks it: open succeeds; positions are
    /// 1...n; every batch present is whole and present once, with the payloads planned; every
    /// acknowledged and prepared batch is present; the incomplete prepared batch is absent; a
    /// directory reader reads the same; verify finds nothing damaged and no torn tail once the
    /// writer closed. Returns a description of the first violation, or nil.
    func check(_ fs: FileSystem, acknowledged: Set<Int>) async -> String? {
        do {
            let writer = try await LogWriter.open(directory: Self.directory,
                                                  options: LogOptions(durability: .fsyncEachAppend, fileSystem: fs))
            let records = try writer.reader.records()
            try await writer.close()
            let fromDirectory = try LogReader(directory: Self.directory, fileSystem: fs, tail: nil).records()
            guard fromDirectory == records else { return "a directory reader read \(fromDirectory.count) records, the writer's \(records.count)" }
            guard records.map(\.position) == Array(1...UInt64(max(records.count, 1))).prefix(records.count).map({ $0 }) else {
                return "positions are not 1...\(records.count)"
            }
            var present: [Int] = []
            var index = 0
            while index < records.count {
                let head = records[index].payload
                guard head.count >= 4 else { return "record \(records[index].position) has no batch header" }
                let number = Int(head[0]) | Int(head[1]) << 8
                let count = Int(head[3])
                let planned = number >= 1000 ? (number - 1000 < prepared.count ? prepared[number - 1000] : nil)
                    : (number < batches.count ? batches[number] : nil)
                guard let planned, planned.count == count, index + count <= records.count,
                      Array(records[index..<(index + count)].map(\.payload)) == planned else {
                    return "batch \(number) at position \(records[index].position) is not whole or not as appended"
                }
                present.append(number)
                index += count
            }
            guard Set(present).count == present.count else { return "a batch is present twice: \(present)" }
            let missing = acknowledged.union((0..<prepared.count).map { 1000 + $0 }).subtracting(present)
            guard missing.isEmpty else { return "acknowledged batches missing: \(missing.sorted()) (present \(present))" }
            let report = try LogVerifier.verify(directory: Self.directory, fileSystem: fs)
            guard report.isHealthy, report.tornTail == nil, report.records == records.count else {
                return "verify after reopening: \(report)"
            }
            return nil
        } catch {
            return "reopening failed: \(error)"
        }
    }
}
