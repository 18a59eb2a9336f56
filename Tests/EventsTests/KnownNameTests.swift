import Foundation
import Testing
@testable import Events

/// The shortcuts the decoder takes for names it sees on every event: well-known stream
/// categories and event type names are recognised by a few word compares, exactly.
@Suite struct KnownNameTests {
    static let categories = ["card", "deck", "profile", "story", "study-session", "spelling-session", "spelling-test"]

    /// Each category of a `StreamID` factory is recognised, as itself.
    @Test(arguments: categories)
    func everyWellKnownCategoryIsRecognised(category: String) {
        let bytes = Array(category.utf8)
        #expect(bytes.withUnsafeBytes { StreamID.knownCategory($0) } == category)
    }

    /// Near misses (one byte changed at each position, one byte more or less) are not.
    @Test(arguments: categories)
    func nearMissesAreNotWellKnown(category: String) {
        let bytes = Array(category.utf8)
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(changed.withUnsafeBytes { StreamID.knownCategory($0) } == nil)
        }
        #expect((bytes + [0x73]).withUnsafeBytes { StreamID.knownCategory($0) } == nil)
        #expect(Array(bytes.dropLast()).withUnsafeBytes { StreamID.knownCategory($0) } == nil)
    }

    /// Every type name, and every one-byte change of it, maps to its kind or to nothing.
    @Test(arguments: EventKind.allCases)
    func typeNamesAndTheirNearMisses(kind: EventKind) {
        let bytes = Array(kind.typeName.utf8)
        #expect(bytes.withUnsafeBytes { EventRegistry.kind(named: $0) } == kind)
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x20
            let found = changed.withUnsafeBytes { EventRegistry.kind(named: $0) }
            #expect(found == EventKind.allCases.first { Array($0.typeName.utf8) == changed })
        }
        #expect((bytes + [0x73]).withUnsafeBytes { EventRegistry.kind(named: $0) } == nil)
        #expect(Array(bytes.dropLast()).withUnsafeBytes { EventRegistry.kind(named: $0) } == nil)
    }
}
