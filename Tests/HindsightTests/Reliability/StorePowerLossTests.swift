import Foundation
import LogFaults
import Synchronization
import Testing
import TestSupport
@testable import Hindsight
import EventLog
import SystemSeam

/// Power loss at the store level (issue 19, item 2): each workload runs on a ``SimulatedDisk``,
/// and before every call that changes the disk (a crash point) the disk is crashed into what a
/// real disk might hold then (synced data kept; of the rest, sectors old or new, lengths from any
/// moment, directory entries kept or lost). Each crashed disk is then opened as a store: every
/// command acknowledged before the crash is there exactly once, every live profile's name
/// resolves (personal data whole), and the read models, restored from whatever snapshots
/// survived, equal a fresh fold of the log that survived.
@Suite struct StorePowerLossTests {
    static let directory = "/store"

    @Test(arguments: StoreWorkload.all)
    func everyCrashPointLeavesAStoreThatHoldsWhatItAcknowledged(workload: StoreWorkload) async throws {
        let disk = SimulatedDisk()
        let images = CrashImages(every: 1)
        let fileSystem = images.observing(disk)
        let run = await workload.run(directory: Self.directory, fileSystem: fileSystem, calls: { images.count })
        #expect(run.errors.isEmpty, "\(workload) failed on the simulated disk: \(run.errors)")
        let all = images.taken
        // Short form: about 30 crash points spread over the run, two seeds each; long form: every one, five seeds.
        let stride = TestScale.isLong ? 1 : max(1, all.count / 30)
        let seeds: [UInt64] = TestScale.isLong ? [1, 2, 3, 4, 5] : [1, 2]
        var checked = 0
        for index in Swift.stride(from: 0, to: all.count, by: stride) {
            for seed in seeds {
                let (point, image) = (all[index].point, all[index].disk.crash(seed: seed &* 7919 &+ UInt64(index)))
                try await Self.check(image, run: run, crashedAt: point, workload: workload,
                                     context: "\(workload) crashed before call \(point) of \(images.count), seed \(seed)")
                checked += 1
            }
        }
        TestScale.report("store crash points simulated (\(workload))", checked)
    }

    /// Opens the crashed disk as a store and checks what survived.
    static func check(_ image: SimulatedDisk, run: StoreWorkload.Run, crashedAt point: Int, workload: StoreWorkload,
                      context: String) async throws {
        // A fresh fold first, on a copy without snapshots (a crash of a synced disk is a copy).
        let copy = image.crash(seed: 0)
        for name in copy.names(in: directory + "/snapshots") { try copy.fileSystem.remove(directory + "/snapshots/" + name) }
        let fresh: [String: [UInt8]]
        do {
            let store = try await Store.open(directory: directory, options: workload.options(copy.fileSystem))
            fresh = await store.encodedReadModels()
            try await store.closeLogOnlyForTesting()
        } catch {
            Issue.record("the store does not open after \(context): \(error)")
            return
        }
        let store = try await Store.open(directory: directory, options: workload.options(image.fileSystem))
        #expect(await store.encodedReadModels() == fresh, "restored read models differ from a fresh fold after \(context)")
        let last = await store.lastPosition()
        for acknowledged in run.acknowledged where acknowledged.call < point {
            let again = try await store.send(acknowledged.command)
            #expect(again.eventIDs == acknowledged.result.eventIDs && again.positions == acknowledged.result.positions, "an acknowledged command was lost or changed after \(context)")
        }
        #expect(await store.lastPosition() == last, "an acknowledged command was lost after \(context)")
        for profile in await store.profiles().profiles() {
            #expect(await store.profileName(profile.id) != .unknown, "profile \(profile.id) lost its name after \(context)")
        }
        try await store.closeLogOnlyForTesting()
    }
}

/// Crash images of a simulated disk taken before each call that changes it.
final class CrashImages: Sendable {
    private struct State {
        var count = 0
        var taken: [(point: Int, disk: SimulatedDisk)] = []
    }

    private let state = Mutex(State())
    private let every: Int

    /// Images before every `every`-th changing call.
    init(every: Int) { self.every = every }

    /// The changing calls made so far.
    var count: Int { state.withLock { $0.count } }
    /// The images taken, with the call each was taken before.
    var taken: [(point: Int, disk: SimulatedDisk)] { state.withLock { $0.taken } }

    /// `disk`'s file system, taking an image (a copy of the disk as it is: crashes are made from
    /// it later) before each call that changes the disk.
    func observing(_ disk: SimulatedDisk) -> SystemSeam.FileSystem {
        let base = disk.fileSystem
        var fs = base
        let before: @Sendable () -> Void = {
            self.state.withLock { state in
                state.count += 1
                if state.count % self.every == 0 { state.taken.append((state.count, disk.copy())) }
            }
        }
        fs.open = { path, mode throws(SystemCallError) in
            if mode != .readOnly && mode != .readWrite { before() }
            return try base.open(path, mode)
        }
        fs.write = { fd, bytes, offset, path throws(SystemCallError) in before(); return try base.write(fd, bytes, offset, path) }
        fs.sync = { fd, kind, path throws(SystemCallError) in before(); try base.sync(fd, kind, path) }
        fs.truncate = { fd, length, path throws(SystemCallError) in before(); try base.truncate(fd, length, path) }
        fs.rename = { from, to throws(SystemCallError) in before(); try base.rename(from, to) }
        fs.remove = { path throws(SystemCallError) in before(); try base.remove(path) }
        fs.syncDirectory = { path throws(SystemCallError) in before(); try base.syncDirectory(path) }
        return fs
    }
}
