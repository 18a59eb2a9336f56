import Foundation
import LogFaults
import Testing
import TestSupport
@testable import Hindsight
import SystemSeam

/// The store-level fault sweep (issue 19, item 1): each workload runs once to count its calls
/// through the file-system seam (the log, the snapshots and the personal-data side store all go
/// through it), then again with a fault at call 1, 2, 3, … up to the last. Each run either
/// succeeds or throws a typed ``StoreError``; then, reopened on a healthy file system, the store
/// holds every acknowledged command exactly once (resending it appends nothing and returns the
/// first result), nothing half-applied (an import is all or nothing; every live profile's name
/// resolves), `verify` finds no damage, and the read models equal a fresh fold of the log.
@Suite struct StoreFaultSweepTests {
    /// The faults swept: an I/O error, a full disk that stays full, and a short write.
    static let faults: [(InjectedFault, sticky: Bool)] = [
        (.error(InjectedErrno.eio), false), (.error(InjectedErrno.enospc), true), (.shortWrite(InjectedErrno.enospc), false),
    ]

    @Test(arguments: StoreWorkload.all)
    func everyFaultLeavesAStoreThatHoldsWhatItAcknowledged(workload: StoreWorkload) async throws {
        let counted = try await Self.calls(of: workload)
        // Short form: about 25 calls spread over the run (the first and last included); long form: every call.
        let stride = TestScale.isLong ? 1 : max(1, counted / 25)
        var points = Array(Swift.stride(from: 1, through: counted, by: stride))
        if points.last != counted { points.append(counted) }
        var injected = 0
        for (fault, sticky) in Self.faults {
            for call in points {
                let dir = try TemporaryDirectory(prefix: "hindsight-sweep")
                defer { dir.remove() }
                let plan = FaultPlan(trigger: FaultTrigger(call: call, sticky: sticky), fault: fault)
                let run = await workload.run(directory: dir.path, fileSystem: plan.wrapping(.posix), calls: { plan.totalCalls })
                if plan.fired { injected += 1 }
                let context = "\(workload) with \(fault) at call \(call) of \(counted)"
                if plan.fired && sticky {
                    #expect(!run.errors.isEmpty || !run.opened, "a sticky fault fired but nothing failed: \(context)")
                }
                try await Self.checkAfterFailure(run, in: dir.path, workload: workload, context: context)
            }
        }
        TestScale.report("store faults injected (\(workload))", injected)
    }

    /// How many seam calls `workload` makes with no fault.
    static func calls(of workload: StoreWorkload) async throws -> Int {
        let dir = try TemporaryDirectory(prefix: "hindsight-sweep")
        defer { dir.remove() }
        let plan = FaultPlan()
        let run = await workload.run(directory: dir.path, fileSystem: plan.wrapping(.posix), calls: { plan.totalCalls })
        #expect(run.errors.isEmpty, "\(workload) fails with no fault: \(run.errors)")
        return plan.totalCalls
    }

    /// Reopens the store in `directory` on the real file system and checks everything the sweep
    /// promises about it.
    static func checkAfterFailure(_ run: StoreWorkload.Run, in directory: String, workload: StoreWorkload,
                                  context: String) async throws {
        let store: Store
        do { store = try await Store.open(directory: directory, options: workload.options(.posix)) } catch {
            Issue.record("the store does not reopen after \(context): \(error)")
            return
        }
        let last = await store.lastPosition()
        for acknowledged in run.acknowledged {
            let again = try await store.send(acknowledged.command)
            #expect(again.eventIDs == acknowledged.result.eventIDs && again.positions == acknowledged.result.positions, "an acknowledged command changed after \(context)")
        }
        #expect(await store.lastPosition() == last, "resending acknowledged commands appended events after \(context)")
        for profile in await store.profiles().profiles() {
            #expect(await store.profileName(profile.id) != .unknown, "profile \(profile.id) lost its name after \(context)")
        }
        if workload.name == "import" {
            let vocabulary = await store.vocabulary()
            let imported = vocabulary.decks(of: Ids.profile(9)).flatMap { vocabulary.cards(inDeck: $0.id) }
            #expect(imported.count == 0 || imported.count == 20, "\(imported.count) of 20 cards imported after \(context)")
        }
        let models = await store.encodedReadModels()
        try await store.close()
        #expect(models == (try await SnapshotAnchorTests.freshFold(of: directory)), "read models differ from a fresh fold after \(context)")
        let report = try await StoreVerifier.verify(dataDirectory: directory, configuration: ReadModelConfiguration())
        #expect(report.log.damage.isEmpty && report.undecodable.isEmpty, "verify finds damage after \(context)")
        #expect(!report.snapshots.contains { $0.status.isProblem }, "verify finds a bad snapshot after \(context): \(report.snapshots)")
    }
}
