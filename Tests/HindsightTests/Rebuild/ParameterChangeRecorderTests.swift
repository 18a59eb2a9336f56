import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// `rebuild --apply` goes through the store's command path: settings commands per live profile,
/// stream versions numbered by the store, a conflict when a profile changed since the rebuild.
@Suite struct ParameterChangeRecorderTests {
    static let now = StoreFixture.time(days: 10)

    /// Two profiles with a card each and a few reviews; the first changed its retention twice.
    static func history(_ f: StoreFixture) async throws {
        for n in 1...2 as ClosedRange<UInt64> {
            try await f.send(Ids.profile(n), StoreFixture.time(), .profiles(.create(name: "P\(n)", isChild: false)))
            try await f.send(Ids.profile(n), StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(n), name: "D")))
            try await f.send(Ids.profile(n), StoreFixture.time(), .vocabulary(.createCard(Ids.card(n), deck: Ids.deck(n), front: "f", back: "b")))
            for day in 0..<4 {
                try await f.send(Ids.profile(n), StoreFixture.time(days: day, minutes: 5), .vocabulary(.review(Ids.card(n), rating: .good, duration: .milliseconds(1))))
            }
        }
        try await f.send(Ids.profile(1), StoreFixture.time(days: 5), .profiles(.changeDesiredRetention(0.85)))
        try await f.send(Ids.profile(1), StoreFixture.time(days: 5), .profiles(.changeDesiredRetention(0.9)))
    }

    @Test func applyingRecordsTheChangeForEveryProfile() async throws {
        let f = try await StoreFixture()
        try await Self.history(f)
        let last = await f.store.lastPosition()
        try await f.store.close()
        let rebuild = try ScheduleRebuild(configuration: ReadModelConfiguration(), parameters: .fsrs5Default, desiredRetention: 0.8)
        let outcome = try await rebuild.run(dataDirectory: f.directory.path, now: Self.now)
        var n: UInt64 = 0
        let range = try await ParameterChangeRecorder.record(rebuild, outcome: outcome, dataDirectory: f.directory.path, at: Self.now) {
            n += 1
            return EventID(Ids.uuid(0xAA, n))
        }
        #expect(range == last + 1...last + 4)
        let written = try await LogHistory(dataDirectory: f.directory.path).events().suffix(4)
        #expect(written.map(\.profile) == [Ids.profile(1), Ids.profile(1), Ids.profile(2), Ids.profile(2)])
        #expect(written.map(\.typeName) == ["settings.scheduler-parameters-changed", "settings.desired-retention-changed",
                                            "settings.scheduler-parameters-changed", "settings.desired-retention-changed"])
        // Profile 1's stream held its creation and two retention changes; profile 2's its creation.
        #expect(written.map(\.streamVersion) == [4, 5, 2, 3])
        guard case .schedulerParametersChanged(let change) = written.first?.event else {
            Issue.record("not a parameter change")
            return
        }
        #expect(try FSRSParameters(change.parameters.weights) == .fsrs5Default)
        try await f.reopen()
        #expect(await f.store.profiles().scheduler(profile: Ids.profile(2)).desiredRetention.value == Double(Float(0.8)))
        #expect(await f.store.profiles().scheduler(profile: Ids.profile(2)).isDefaultParameters == false)
    }

    /// A child's retention is parent-controlled: the rebuild records it as sent by the store's
    /// first live grown-up's profile, naming the child, in the child's stream; its weights stay
    /// its own change. Without a grown-up's profile the change is refused, saying what to do.
    @Test(arguments: [true, false])
    func aChildsRetentionIsRecordedByAParent(withAGrownUp: Bool) async throws {
        let f = try await StoreFixture()
        let kid = Ids.profile(3), grownUp = Ids.profile(4)
        try await f.send(kid, StoreFixture.time(), .profiles(.create(name: "Kid", isChild: true)))
        try await f.send(kid, StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(3), name: "D")))
        try await f.send(kid, StoreFixture.time(), .vocabulary(.createCard(Ids.card(3), deck: Ids.deck(3), front: "f", back: "b")))
        try await f.send(kid, StoreFixture.time(minutes: 5), .vocabulary(.review(Ids.card(3), rating: .good, duration: .milliseconds(1))))
        if withAGrownUp { try await f.send(grownUp, StoreFixture.time(), .profiles(.create(name: "Ann", isChild: false))) }
        try await f.store.close()
        let rebuild = try ScheduleRebuild(configuration: ReadModelConfiguration(), parameters: .fsrs5Default, desiredRetention: 0.8)
        let outcome = try await rebuild.run(dataDirectory: f.directory.path, now: Self.now)
        var n: UInt64 = 0
        let newID = { () -> EventID in n += 1; return EventID(Ids.uuid(0xAA, n)) }
        guard withAGrownUp else {
            let error = await #expect(throws: StoreError.self) {
                try await ParameterChangeRecorder.record(rebuild, outcome: outcome, dataDirectory: f.directory.path, at: Self.now, newID: newID)
            }
            #expect(error?.code == .parentRequired)
            #expect(error?.message == "profile \(kid) is a child's profile and its desired retention is parent-controlled, but the store "
                    + "has no live grown-up's profile to change it; create or enable one, or rebuild without --desired-retention")
            return
        }
        _ = try await ParameterChangeRecorder.record(rebuild, outcome: outcome, dataDirectory: f.directory.path, at: Self.now, newID: newID)
        let written = try await LogHistory(dataDirectory: f.directory.path).events().filter { $0.stream == .profile(kid) }.suffix(2)
        #expect(written.map(\.profile) == [kid, kid])
        #expect(written.map(\.typeName) == ["settings.scheduler-parameters-changed", "settings.desired-retention-changed"])
        guard case .desiredRetentionChanged(let change) = written.last?.event else { Issue.record("not a retention change"); return }
        #expect(change.setBy == grownUp)
        try await f.reopen()
        #expect(await f.store.profiles().scheduler(profile: kid).desiredRetention.value == Double(Float(0.8)))
    }

    @Test func aProfileChangedSinceTheRebuildIsAConflict() async throws {
        let f = try await StoreFixture()
        try await Self.history(f)
        try await f.store.close()
        let rebuild = try ScheduleRebuild(configuration: ReadModelConfiguration(), parameters: .fsrs5Default, desiredRetention: nil)
        let outcome = try await rebuild.run(dataDirectory: f.directory.path, now: Self.now)
        try await f.reopen()
        try await f.send(Ids.profile(1), Self.now, .profiles(.changeDayCutoff(hour: 2)))
        let error = await #expect(throws: StoreError.self) {
            try await ParameterChangeRecorder.record(rebuild, outcome: outcome, store: f.store, at: Self.now) { EventID(Ids.uuid(0xAB, 1)) }
        }
        #expect(error?.code == .conflict)
        #expect(error?.expectedVersion == 3)
        #expect(error?.actualVersion == 4)
    }
}
