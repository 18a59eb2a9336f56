import EventLog
import LogFaults
import Synchronization
import Testing
import TestSupport
import SystemSeam

/// Issue 19, item 1 (log part): every workload is run once to count its calls through the
/// file-system seam, then once per call with a fault there (EIO at the n-th call of any kind;
/// ENOSPC that stays, from the n-th write; a short write; a short read; EACCES at the n-th
/// open). Each run succeeds or throws a typed LogError; reopening with healthy calls finds every
/// acknowledged batch exactly once, positions contiguous, every other batch whole or absent; a
/// writer that saw a failed write or sync refuses every later append.
@Suite struct LogFaultSweepTests {
    static let injected = Mutex(0)

    /// The faults tried at call `n`: the plans and what they are.
    static func plans(at call: Int) -> [FaultPlan] {
        [
            FaultPlan(trigger: FaultTrigger(call: call), fault: .error(InjectedErrno.eio)),
            FaultPlan(trigger: FaultTrigger(call: call, kind: .write, sticky: true), fault: .error(InjectedErrno.enospc)),
            FaultPlan(trigger: FaultTrigger(call: call, kind: .write), fault: .shortWrite(InjectedErrno.eio)),
            FaultPlan(trigger: FaultTrigger(call: call, kind: .read), fault: .shortRead),
            FaultPlan(trigger: FaultTrigger(call: call, kind: .open), fault: .error(InjectedErrno.eacces)),
        ]
    }

    @Test(arguments: LogWorkload.Kind.allCases)
    func everyCallFails(kind: LogWorkload.Kind) async throws {
        // The long form sweeps several seeded variants of each workload (other payload sizes).
        var injected = 0
        for seed in 1...UInt64(TestScale.cases(short: 1, long: 7)) {
            injected += try await sweep(LogWorkload(kind, scale: TestScale.cases(short: 10, long: 60), seed: seed))
        }
        let total = Self.injected.withLock { $0 += injected; return $0 }
        TestScale.report("log faults injected (\(kind))", injected)
        TestScale.report("log faults injected", total)
    }

    /// Sweeps one workload; returns the number of faults injected.
    private func sweep(_ workload: LogWorkload) async throws -> Int {
        let kind = workload.kind
        // Count the calls of a healthy run.
        let counting = FaultPlan()
        let healthyDisk = SimulatedDisk()
        try await workload.prepare(healthyDisk)
        let healthy = await workload.run(counting.wrapping(healthyDisk.fileSystem))
        #expect(healthy.error == nil, "\(healthy.error.map { "\($0)" } ?? "")")
        let calls = counting.totalCalls
        #expect(calls > 10)
        var injected = 0
        for call in 1...calls + 2 {
            for plan in Self.plans(at: call) {
                let disk = SimulatedDisk()
                try await workload.prepare(disk)
                let outcome = await workload.run(plan.wrapping(disk.fileSystem))
                guard plan.fired else { continue }
                injected += 1
                let context = "\(kind) with \(plan.fault) at \(plan.trigger!) (\(plan.firedKind!))"
                if let error = outcome.error {
                    #expect(error is LogError, "\(context): untyped error \(error)")
                    if let error = error as? LogError, error.code == .writerFailed {
                        #expect(outcome.refusedAfterFailure, "\(context): the failed writer accepted an append")
                    }
                    // No fsync retry after a failed sync: the writer never syncs its data again. The
                    // only sync it may make is the one that makes durable the cut of the failed
                    // batch (a truncate before each), so that a failed append is absent, not unknown.
                    if plan.firedKind == .sync, case .error = plan.fault {
                        let syncs = plan.callsAfterFiring[.sync] ?? 0, cuts = plan.callsAfterFiring[.truncate] ?? 0
                        #expect(syncs <= cuts, "\(context): synced again after a failed sync (\(syncs) syncs, \(cuts) cuts)")
                    }
                }
                if let violation = await workload.check(disk.fileSystem, acknowledged: outcome.acknowledged) {
                    Issue.record("\(context): \(violation)")
                }
            }
        }
        #expect(injected > calls)
        return injected
    }
}
