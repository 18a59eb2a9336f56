import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Optimistic concurrency (a stale expected version is a conflict) and idempotency (a retried
/// command returns its first result and appends nothing).
@Suite struct ConcurrencyControlTests {
    static let ada = Ids.profile(1)

    func seeded() async throws -> StoreFixture {
        let f = try await StoreFixture()
        try await f.send(Self.ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(Self.ada, StoreFixture.time(), .vocabulary(.createDeck(Ids.deck(1), name: "Words")))
        try await f.send(Self.ada, StoreFixture.time(), .vocabulary(.createCard(Ids.card(1), deck: Ids.deck(1), front: "a", back: "b")))
        return f
    }

    @Test func staleExpectedVersionIsAConflict() async throws {
        let f = try await seeded()
        let stream = StreamID.card(Ids.card(1))
        #expect(await f.store.streamVersion(stream) == 1)
        // Two screens saw version 1; the first edit wins.
        try await f.send(Self.ada, StoreFixture.time(minutes: 1), .vocabulary(.editCard(Ids.card(1), front: "A", back: "B")),
                         expectedVersion: 1)
        let before = await f.store.lastPosition()
        let bytes = try f.logBytes()
        do {
            try await f.send(Self.ada, StoreFixture.time(minutes: 2), .vocabulary(.editCard(Ids.card(1), front: "X", back: "Y")),
                             expectedVersion: 1)
            Issue.record("a stale edit was accepted")
        } catch {
            #expect(error.code == .conflict)
            #expect(error.stream == stream)
            #expect(error.expectedVersion == 1)
            #expect(error.actualVersion == 2)
            #expect(error.message == "stream \(stream) is at version 2, not 1 as the command expected; reload and decide again")
        }
        #expect(await f.store.lastPosition() == before)
        #expect(try f.logBytes() == bytes)
        #expect(await f.store.vocabulary().card(Ids.card(1))?.front == "A")
    }

    @Test func retriedCommandReturnsTheFirstResult() async throws {
        let f = try await seeded()
        let id = f.nextCommandID()
        let first = try await f.send(Self.ada, StoreFixture.time(minutes: 1), .vocabulary(.review(Ids.card(1), rating: .good, duration: .milliseconds(900))), id: id)
        #expect(!first.isRetry)
        let bytes = try f.logBytes()
        // The retry may even carry other values (a resend after a timeout): the first result stands.
        let retry = try await f.send(Self.ada, StoreFixture.time(minutes: 2), .vocabulary(.review(Ids.card(1), rating: .again, duration: .milliseconds(5))), id: id)
        #expect(retry.isRetry)
        #expect(retry.eventIDs == first.eventIDs)
        #expect(retry.positions == first.positions)
        #expect(try f.logBytes() == bytes)
        #expect(await f.store.dailyStats().today(profile: Self.ada, at: StoreFixture.time(minutes: 3)).counts.good == 1)
        // Also after a reopen (the ledger is rebuilt or restored).
        try await f.reopen()
        let again = try await f.send(Self.ada, StoreFixture.time(minutes: 2), .vocabulary(.review(Ids.card(1), rating: .again, duration: .milliseconds(5))), id: id)
        #expect(again == retry)
    }

    @Test func eventIDsDeriveFromTheCommandID() {
        let command = Ids.uuid(0xAA, 7)
        #expect(DerivedIdentity.eventID(command, index: 0) == DerivedIdentity.eventID(command, index: 0))
        #expect(DerivedIdentity.eventID(command, index: 0) != DerivedIdentity.eventID(command, index: 1))
        #expect(DerivedIdentity.eventID(command, index: 0) != DerivedIdentity.eventID(Ids.uuid(0xAA, 8), index: 0))
        #expect(DerivedIdentity.eventID(command, index: 0).uuid.uuidString.dropFirst(14).first == "8")
    }
}
