import Foundation
import Testing
import TestSupport
@testable import Hindsight
import EventLog

/// The CLI's end-to-end tests read a copy of ``ExportLogFixture`` kept in
/// `Tests/Fixtures/export/data/log` (the CLI test target does not link the library). This checks
/// the copy holds exactly the fixture's events. To write it again after changing the fixture:
/// `HINDSIGHT_WRITE_EXPORT_FIXTURE=1 swift test --filter ExportFixtureFileTests`.
@Suite struct ExportFixtureFileTests {
    @Test func theCommittedLogHoldsTheFixtureEvents() async throws {
        let data = Fixtures.url("export/data").path
        if ProcessInfo.processInfo.environment["HINDSIGHT_WRITE_EXPORT_FIXTURE"] == "1" {
            try? FileManager.default.removeItem(atPath: data)
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
            try await ExportLogFixture.write(try ExportLogFixture.events(), to: data)
        }
        let records = try LogReader(directory: data + "/log").records()
        let events = try records.map { try LogCodec.decode($0.payload, position: $0.position) }
        #expect(events == (try ExportLogFixture.events()))
    }
}
