import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Fuzzing of the store's own files: the command ledger's snapshot state and the personal-data
/// side store's JSON files, from a store's real files damaged by ``Mutator``. A ledger decodes
/// to a state that re-encodes to itself or is refused with an ``EventDecodingError`` at a byte
/// offset; a personal-data file is read or refused with a ``StoreError`` naming it.
@Suite struct StoreFileFuzzTests {
    /// The encoded command ledger and the personal-data files of the import history's store.
    static func storeFiles() async throws -> (ledger: [UInt8], personal: [[UInt8]]) {
        let f = try await StoreFixture()
        try await ImportHistory.write(into: f)
        let ledger = try #require(await f.store.encodedReadModels()[CommandLedgerProjection.name])
        try await f.store.close()
        let directory = f.directory.path + "/personal"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        let personal = try names.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0))) }
        return (ledger, personal)
    }

    @Test func mutatedLedgersDecodeCanonicallyOrFailAtAnOffset() async throws {
        let count = TestScale.cases(short: 1000, long: 1_000_000)
        let valid = try await Self.storeFiles().ledger
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let damaged = mutator.mutate(valid)
            switch Result(catching: { () throws(EventDecodingError) in try Self.decodedLedger(damaged) }) {
            case .success(let ledger):
                tally.noteDecoded()
                var writer = BinaryWriter()
                ledger.encode(to: &writer)
                #expect(try Self.decodedLedger(writer.bytes) == ledger, "seed \(seed): a decoded ledger does not round-trip")
            case .failure(let error):
                tally.noteRefused(error.code.rawValue)
                #expect(error.offset.map { $0 >= 0 && $0 <= damaged.count } == true, "seed \(seed): \(error)")
            }
        }
        tally.report("CommandLedger")
        #expect(tally.decoded > 0 && tally.refused.count >= 3)
    }

    /// A count of 2^62 at the head of each of the ledger's tables fails fast.
    @Test(arguments: Mutator.hugeVarints)
    func hugeLedgerCountsFailFast(huge: [UInt8]) throws {
        #expect(throws: EventDecodingError.self) { try Self.decodedLedger(huge + [0, 0, 0, 0]) }
        #expect(throws: EventDecodingError.self) { try Self.decodedLedger([0] + huge + [0, 0, 0]) }
        #expect(throws: EventDecodingError.self) { try Self.decodedLedger([0, 0] + huge + [0, 0]) }
        #expect(throws: EventDecodingError.self) { try Self.decodedLedger([0, 0, 0] + huge + [0]) }
    }

    /// A table count that fits the bytes left but not entries of the table's smallest size is
    /// refused before the table is reserved (1,000 event ids, 8 bytes each, cannot fit in 1,000 bytes).
    @Test func ledgerCountsAreCheckedAgainstTheirEntrySize() throws {
        let bytes: [UInt8] = [0] + Mutator.leb128(1000) + [UInt8](repeating: 0, count: 1000)
        let error = try #require(throws: EventDecodingError.self) { try Self.decodedLedger(bytes) }
        #expect(error.code == .truncated && error.offset == 1, "\(error)")
        #expect(error.message.contains("1000 elements of at least 8 bytes"), "\(error)")
    }

    static func decodedLedger(_ bytes: [UInt8]) throws(EventDecodingError) -> CommandLedger {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(EventDecodingError) -> CommandLedger in
                var reader = BinaryReader(raw)
                let ledger = try CommandLedger(from: &reader)
                try reader.expectEnd()
                return ledger
            }
        }.get()
    }

    @Test func mutatedPersonalDataFilesAreReadOrRefusedByName() async throws {
        let count = TestScale.cases(short: 300, long: 1_000_000)
        let files = try await Self.storeFiles().personal
        try #require(files.count == 2)
        let directory = try TemporaryDirectory(prefix: "hindsight-personal-fuzz")
        defer { directory.remove() }
        let path = directory.path + "/" + Ids.profile(3).uuid.uuidString + ".json"
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let damaged = seed % 50 == 0 ? Mutator.nestedJSONArrays(depth: 100_000)
                                         : mutator.mutateText(files[mutator.below(files.count)], splicingWith: files[mutator.below(files.count)])
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            do {
                _ = try PersonalDataStore.openReadOnly(directory: directory.path)
                tally.noteDecoded()
            } catch {
                tally.noteRefused(error.code.rawValue)
                #expect(error.code == .personalData && error.path == path, "seed \(seed): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
        tally.report("PersonalDataStore files")
        #expect(tally.decoded > 0 && tally.refused.values.reduce(0, +) > 0)
    }
}
