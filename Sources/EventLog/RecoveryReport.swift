/// How a writer's open went: which segments were checked by their seal and which record
/// by record, and (when a clock was passed in) how long it took. For benchmarks and tests.
package struct RecoveryReport: Equatable, Sendable {
    /// Sealed segments (every segment but the last).
    package var sealedSegments = 0
    /// Sealed segments found intact by one checksum pass matching their seal.
    package var checkedBySeal = 0
    /// Sealed segments checked record by record (no seal, a damaged or stale one, or an
    /// index to rebuild).
    package var checkedByRecords = 0
    /// Seals written for sealed segments (missing, damaged or stale ones rebuilt).
    package var sealsRebuilt = 0
    /// The length of the last segment's prefix its seal vouched for (0: none matched, it
    /// was checked record by record from its header).
    package var lastSegmentSealedLength: Int64 = 0
    /// The last segment's length after recovery.
    package var lastSegmentLength: Int64 = 0
    /// Nanoseconds spent checking segments (all of them, side by side), when timed.
    package var checkingNanoseconds: UInt64 = 0
    /// Nanoseconds of the whole recovery, when timed.
    package var totalNanoseconds: UInt64 = 0

    /// An empty report (a new log).
    package init() {}

    init(sealedSegments: Int, outcomes: [SealedSegmentCheck.Outcome], last: LastSegmentCheck.Outcome) {
        self.sealedSegments = sealedSegments
        checkedBySeal = outcomes.count { $0.method == .seal }
        checkedByRecords = outcomes.count { $0.method == .records }
        sealsRebuilt = outcomes.count { $0.seal != nil }
        lastSegmentSealedLength = last.sealedLength
        lastSegmentLength = last.batchEndOffset
    }
}
