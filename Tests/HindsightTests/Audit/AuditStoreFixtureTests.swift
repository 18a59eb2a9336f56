import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// The data directory the CLI tests run on (`Tests/Fixtures/audit-store`): its log is exactly
/// what ``ScheduleRebuildTests/history(seed:)`` with seed 11 writes (so the CLI tests know its
/// cards and figures), and it stays readable by this build.
@Suite struct AuditStoreFixtureTests {
    static let fixture = Fixtures.url("audit-store").path

    @Test func theFixtureLogHoldsTheSeededHistory() async throws {
        let (builder, _) = ScheduleRebuildTests.history(seed: 11)
        let events = try await LogHistory(dataDirectory: Self.fixture).events()
        #expect(events == builder.events)
    }

    @Test func theFixtureIsHealthy() async throws {
        let report = try await StoreVerifier.verify(dataDirectory: Self.fixture, configuration: ReadModelConfiguration())
        #expect(report.isHealthy)
        // One snapshot per built-in read model, each written by this build's folds: a version
        // bump that leaves the fixture's snapshot behind shows here (refresh it as Tests/Fixtures/README.md says).
        #expect(report.snapshots.count == StoreFixture.builtInReadModels)
        #expect(report.snapshots.filter { $0.status != .current }.map(\.path) == [])
    }
}
