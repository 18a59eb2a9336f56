import Foundation
import Testing
@testable import Hindsight

/// The checks after a crash, a kill or a failed write, on a store reopened as a restarted app
/// would: every acknowledged command is in the log exactly once (resending it appends nothing),
/// positions are contiguous, no event is there twice, the log verifies clean, and the read models
/// (restored from snapshots, then caught up) equal a fresh fold of the log.
enum RecoveredStore {
    /// Runs the checks on the store in `directory`; returns its last position.
    /// - Parameters:
    ///   - acknowledged: every command acknowledged to a client since the store was created.
    ///   - resend: the ones to send again (each must be a retry that appends nothing).
    static func check(_ directory: String, options: StoreOptions, acknowledged: [UUID], resend: [UUID],
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> UInt64 {
        let store = try await Store.open(directory: directory, options: options)
        let last = await store.lastPosition()
        var positions: [UInt64] = []
        var seen: [EventID: Int] = [:]
        try await LogHistory(dataDirectory: directory).forEachBatch { batch in
            for event in batch {
                positions.append(event.position)
                seen[event.id, default: 0] += 1
            }
        }
        #expect(positions == Array(1..<(last + 1)), "positions contiguous from 1", sourceLocation: sourceLocation)
        let repeated = seen.filter { $0.value > 1 }
        #expect(repeated.isEmpty, "events recorded twice: \(repeated.keys.prefix(3))", sourceLocation: sourceLocation)
        let missing = acknowledged.filter { seen[DerivedIdentity.eventID($0, index: 0)] != 1 }
        #expect(missing.isEmpty, "\(missing.count) acknowledged commands missing, e.g. \(missing.prefix(3))", sourceLocation: sourceLocation)
        for id in resend {
            let result = try await store.send(StoreCommand(id: id, profile: ProfileID(UUID()), time: StoreFixture.time(),
                                                           .dictation(.finish(wordCount: 1, duration: .milliseconds(1000), language: "en"))))
            #expect(result.isRetry, "command \(id) was not found as a retry", sourceLocation: sourceLocation)
        }
        #expect(await store.lastPosition() == last, "resending acknowledged commands appended events", sourceLocation: sourceLocation)
        let live = await store.encodedReadModels()
        try await store.closeLogOnlyForTesting()

        let report = try await StoreVerifier.verify(dataDirectory: directory, configuration: options.readModelConfiguration)
        #expect(report.log.damage.isEmpty && report.undecodable.isEmpty, "verify: \(report.log.damage) \(report.undecodable)",
                sourceLocation: sourceLocation)
        #expect(report.log.tornTail == nil, sourceLocation: sourceLocation)
        #expect(report.log.lastPosition == last, sourceLocation: sourceLocation)

        #expect(try await freshFold(directory, options: options) == live, "read models differ from a fresh fold of the log",
                sourceLocation: sourceLocation)
        return last
    }

    /// The read models folded from the log alone (the snapshots set aside meanwhile, then put back).
    static func freshFold(_ directory: String, options: StoreOptions) async throws -> [String: [UInt8]] {
        let snapshots = directory + "/snapshots", kept = directory + "/snapshots-kept"
        let manager = FileManager.default
        let hadSnapshots = manager.fileExists(atPath: snapshots)
        if hadSnapshots { try manager.moveItem(atPath: snapshots, toPath: kept) }
        defer {
            try? manager.removeItem(atPath: snapshots)
            if hadSnapshots { try? manager.moveItem(atPath: kept, toPath: snapshots) }
        }
        let fresh = try await Store.open(directory: directory, options: options)
        #expect(fresh.openReport.restoredFromSnapshots == 0)
        let folded = await fresh.encodedReadModels()
        try await fresh.closeLogOnlyForTesting()
        return folded
    }
}
