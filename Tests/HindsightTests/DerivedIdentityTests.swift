import Foundation
import Testing
import SeededRandom
@testable import Hindsight

/// Derived ids are a promise across versions: a retried command and a file imported again must
/// get the very ids an earlier build gave them, or they would be recorded twice. The expected
/// UUIDs were computed from the rule (FNV-1a-64 of the bytes, then again seeded by the first
/// hash, little-endian, version 8) by an independent script, not by this code.
@Suite struct DerivedIdentityTests {
    @Test(arguments: [(0, "47EB10DA-02C9-8F67-BCB4-B76BF4C5FAE6"), (1, "26A121CF-F901-8548-8835-ADAEFA970F86"),
                      (300, "D0FC1056-7B88-8F3E-B019-87C259D93587")])
    func aCommandsEventIDsAreTheRulesExactly(index: Int, expected: String) {
        #expect(DerivedIdentity.eventID(Ids.uuid(0xAA, 7), index: index).uuid.uuidString == expected)
    }

    @Test(arguments: [(ImportIdentity.Kind.card, [Int64(2)], "EE7F130E-AA8B-8957-AC1C-B91C9DEDA27E"),
                      (.review, [1_700_000_000_000, -5], "DA86E022-DDD1-8C20-943E-7331936C430B"),
                      (.profileCreated, [], "D08DF90C-AD3B-8D45-B0F1-6A29B1F3C86F")])
    func anImportsIDsAreTheRulesExactly(kind: ImportIdentity.Kind, values: [Int64], expected: String) {
        #expect(ImportIdentity.uuid(Ids.profile(1), kind, values).uuidString == expected)
    }

    /// A stem (the first hash of the profile and kind kept) gives the ids of the array form, for
    /// random values of every sign and size, every kind and random profiles; its three values
    /// are all hashed (a zero is not no value).
    @Test(arguments: [UInt64(1), 2, 3])
    func aStemsIDsAreTheArrayFormsExactly(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let kinds: [ImportIdentity.Kind] = [.profileCreated, .dayCutoff, .deck, .deckCreated, .card, .cardCreated, .review,
                                            .cardReset, .impliedReset, .cardDueSet]
        var mismatches = 0
        for round in 0..<500 {
            let profile = ProfileID(UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) }))
            let stem = ImportIdentity.Stem(profile, kinds[round % kinds.count])
            for _ in 0..<4 {
                let values = (0..<3).map { _ in Int64(bitPattern: random.next()) >> (random.next() % 64) }
                if stem.uuid(values[0], values[1], values[2]) != ImportIdentity.uuid(profile, kinds[round % kinds.count], values) {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
        #expect(ImportIdentity.Stem(Ids.profile(1), .review).uuid(1_700_000_000_000, -5, 0)
                != ImportIdentity.uuid(Ids.profile(1), .review, [1_700_000_000_000, -5]))
    }
}
