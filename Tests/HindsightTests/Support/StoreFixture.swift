import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// A store on a temporary directory with a manual clock, and helpers to build commands with
/// readable ids and times.
final class StoreFixture: @unchecked Sendable {
    let directory: TemporaryDirectory
    var store: Store
    private var commandCounter: UInt64 = 0
    /// 2026-03-02 (a Monday) 09:00 UTC.
    static let start = Timestamp(milliseconds: 1_772_442_000_000)

    init(options: StoreOptions = StoreFixture.options()) async throws {
        directory = try TemporaryDirectory(prefix: "hindsight-store")
        store = try await Store.open(directory: directory.path, options: options)
    }

    deinit { directory.remove() }

    /// Options with a fixed recording clock and group commit.
    static func options(everyEvents: Int? = nil) -> StoreOptions {
        StoreOptions(clock: { Timestamp(milliseconds: 1_800_000_000_000) }, durability: .groupCommit,
                     snapshots: .init(onClose: true, everyEvents: everyEvents))
    }

    /// Closes the store and opens it again.
    func reopen(options: StoreOptions = StoreFixture.options()) async throws {
        try await store.close()
        store = try await Store.open(directory: directory.path, options: options)
    }

    /// A fresh command id (deterministic).
    func nextCommandID() -> UUID {
        commandCounter += 1
        return Ids.uuid(0xC0, commandCounter)
    }

    /// The time `minutes` after ``start`` (plus `days` days) at UTC+1.
    static func time(days: Int = 0, minutes: Int = 0) -> EventTime {
        EventTime(instant: Timestamp(milliseconds: start.milliseconds + Int64(days) * 86_400_000 + Int64(minutes) * 60_000),
                  utcOffset: try! UTCOffset(seconds: 3600))
    }

    /// Sends `action` as `profile` at `time`.
    @discardableResult
    func send(_ profile: ProfileID, _ time: EventTime, _ action: StoreCommand.Action,
              expectedVersion: UInt64? = nil, id: UUID? = nil) async throws(StoreError) -> CommandResult {
        try await store.send(StoreCommand(id: id ?? nextCommandID(), profile: profile, time: time,
                                          expectedVersion: expectedVersion, action))
    }

    /// The log's segment files and their bytes (to prove a refused command changed nothing).
    func logBytes() throws -> [String: Data] {
        let logDirectory = directory.path + "/log"
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: logDirectory) {
            files[name] = FileManager.default.contents(atPath: logDirectory + "/" + name)
        }
        return files
    }
}

/// Readable UUIDs: a kind byte and a counter.
enum Ids {
    static func uuid(_ kind: UInt8, _ n: UInt64) -> UUID {
        let b = withUnsafeBytes(of: n.bigEndian) { Array($0) }
        return UUID(uuid: (kind, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, b[2], b[3], b[4], b[5], b[6], b[7]))
    }
    static func profile(_ n: UInt64) -> ProfileID { ProfileID(uuid(0x01, n)) }
    static func deck(_ n: UInt64) -> DeckID { DeckID(uuid(0x02, n)) }
    static func card(_ n: UInt64) -> CardID { CardID(uuid(0x03, n)) }
    static func test(_ n: UInt64) -> SpellingTestID { SpellingTestID(uuid(0x04, n)) }
    static func spellingSession(_ n: UInt64) -> SpellingSessionID { SpellingSessionID(uuid(0x05, n)) }
    static func story(_ n: UInt64) -> StoryID { StoryID(uuid(0x06, n)) }
    static func studySession(_ n: UInt64) -> StudySessionID { StudySessionID(uuid(0x07, n)) }
}

extension StoreFixture {
    /// How many read models a store runs when the app adds none: the built-in ones.
    static let builtInReadModels = try! ReadModels(configuration: ReadModelConfiguration()).all.count
    /// How many snapshots a store writes: one per built-in read model, and the command ledger's.
    static var storeSnapshots: Int { builtInReadModels + 1 }
}
