import EventLog
import Events
import FSRS

/// Records a rebuild's parameters (and retention) as settings events, one per live profile,
/// so that they become the schedule from that position on.
///
/// STORE ENGINEER: this writes to the log directly (``LogWriter`` + ``LogCodec``) because the
/// store's command path (issue 6) is not on this branch. Route ``record(_:dataDirectory:at:newID:)``
/// through the store's commands (expected stream versions, idempotent event ids, read-model
/// catch-up) and delete the direct write; the signature can stay.
///
/// What applying means: the read models keep "as scheduled at the time", so the events change
/// every review from their position on; cards keep their current due dates until their next
/// review. The rebuild report shows what a full recomputation from the start would give.
public enum ParameterChangeRecorder {
    /// Appends, in one atomic batch, a `SchedulerParametersChanged` (and, when the rebuild has
    /// a retention, a `DesiredRetentionChanged`) for each of `outcome`'s profiles, at `time`,
    /// with ids from `newID`; returns the positions written (empty when there is no profile).
    /// - Throws: ``EventValidationError`` for weights an event cannot hold (not expected for
    ///   validated parameters); ``LogError`` when the log cannot be opened for writing (e.g. locked by a
    ///   running store) or the append fails; nothing is written then.
    package static func record(_ rebuild: ScheduleRebuild, outcome: ScheduleRebuild.Outcome, dataDirectory: String,
                               at time: EventTime, newID: () -> EventID) async throws -> ClosedRange<UInt64>? {
        guard !outcome.profiles.isEmpty else { return nil }
        let weights = try SchedulerParameters(rebuild.parameters.weights.prefix(rebuild.parameters.inputCount == 19 ? 19 : 21)
            .map(Double.init))
        var payloads: [[UInt8]] = []
        for profile in outcome.profiles {
            var version = outcome.profileStreamVersions[profile] ?? 0
            var events: [DomainEvent] = [.schedulerParametersChanged(SchedulerParametersChanged(parameters: weights))]
            if let retention = rebuild.desiredRetention {
                events.append(.desiredRetentionChanged(DesiredRetentionChanged(retention: try DesiredRetention(Double(retention)))))
            }
            for event in events {
                version += 1
                let pending = PendingEvent(id: newID(), stream: .profile(profile), profile: profile, occurred: time, event: event)
                payloads.append(LogCodec.encode(pending, streamVersion: version, recordedAt: time.instant))
            }
        }
        let writer = try await LogWriter.open(directory: DataDirectoryLayout(path: dataDirectory).log)
        do {
            let range = try await writer.append(contentsOf: payloads)
            try await writer.close()
            return range
        } catch {
            try? await writer.close()
            throw error
        }
    }
}
