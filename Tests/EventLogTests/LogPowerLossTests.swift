import EventLog
import LogFaults
import Synchronization
import Testing
import TestSupport
import SystemSeam

/// Issue 19, item 2 (log part): every workload on a ``SimulatedDisk``, with the power cut after
/// each of its calls (nothing after it reaches the disk), then crashed with a few seeds (synced
/// bytes and entries kept, unsynced ones kept, torn or lost at random). Reopening each crashed
/// disk finds every acknowledged batch exactly once, positions contiguous, nothing
/// unacknowledged half there, and seals and indexes never trusted when stale (verify clean).
@Suite struct LogPowerLossTests {
    static let crashPoints = Mutex(0)

    @Test(arguments: LogWorkload.Kind.allCases)
    func powerCutAfterEveryCall(kind: LogWorkload.Kind) async throws {
        let workload = LogWorkload(kind, scale: TestScale.cases(short: 8, long: 40))
        let seeds = TestScale.cases(short: 3, long: 20)
        let counting = FaultPlan()
        let healthyDisk = SimulatedDisk()
        try await workload.prepare(healthyDisk)
        let healthy = await workload.run(counting.wrapping(healthyDisk.fileSystem))
        #expect(healthy.error == nil)
        let calls = counting.totalCalls
        var points = 0
        for cut in 0...calls {
            let disk = SimulatedDisk()
            try await workload.prepare(disk)
            // Calls 1...cut happen; the power goes out before call cut + 1.
            let plan = FaultPlan(trigger: FaultTrigger(call: cut + 1, sticky: true), fault: .error(InjectedErrno.eio))
            let outcome = await workload.run(plan.wrapping(disk.fileSystem))
            for seed in 0..<UInt64(seeds) {
                let crashed = disk.crash(seed: seed &* 7919 &+ UInt64(cut))
                points += 1
                if let violation = await workload.check(crashed.fileSystem, acknowledged: outcome.acknowledged) {
                    Issue.record("\(kind): power cut after call \(cut) of \(calls), crash seed \(seed): \(violation)")
                }
            }
        }
        let total = Self.crashPoints.withLock { $0 += points; return $0 }
        TestScale.report("log crash points (\(kind), \(calls + 1) cuts x \(seeds) seeds)", points)
        TestScale.report("log crash points", total)
    }
}
