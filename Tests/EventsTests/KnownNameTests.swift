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
        #expect(bytes.withUnsafeBytes { StreamID.knownCategory($0) }?.name == category)
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

    /// A well-known category spelled out is the same stream as its factory's: equal, hashed
    /// alike, spelled and encoded alike (the decoder keeps it as a tag, never as text).
    @Test(arguments: categories)
    func aWellKnownCategorySpelledOutIsTheFactorysStream(category: String) throws {
        let id = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
        let made: StreamID = switch category {
        case "card": .card(CardID(id))
        case "deck": .deck(DeckID(id))
        case "profile": .profile(ProfileID(id))
        case "story": .story(StoryID(id))
        case "study-session": .studySession(StudySessionID(id))
        case "spelling-session": .spellingSession(SpellingSessionID(id))
        default: .spellingTest(SpellingTestID(id))
        }
        let spelled = try StreamID(category: category, id: id)
        #expect(spelled == made)
        #expect(spelled.hashValue == made.hashValue)
        #expect(Set([spelled, made]).count == 1)
        #expect(made.category == category)
        #expect(made.description == "\(category)/\(id.uuidString)")
        #expect(spelled.kind != .other(category))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(spelled) == encoder.encode(made))
        #expect(try JSONDecoder().decode(StreamID.self, from: encoder.encode(made)) == made)
    }

    /// Any other valid category is kept as its text, through the binary codec and JSON, and
    /// differs from every well-known one.
    @Test(arguments: ["cards", "x", "card-2", "a-very-long-category-name-32char"])
    func anotherCategoryKeepsItsText(category: String) throws {
        let stream = try StreamID(category: category, id: UUID())
        #expect(stream.category == category)
        #expect(stream.kind == .other(category))
        var writer = BinaryWriter()
        stream.encode(to: &writer)
        let back = try writer.bytes.withUnsafeBytes { raw throws(EventDecodingError) in
            var reader = BinaryReader(raw)
            return try StreamID(from: &reader)
        }
        #expect(back == stream && back.hashValue == stream.hashValue)
        let json = try JSONEncoder().encode(stream)
        #expect(try JSONDecoder().decode(StreamID.self, from: json) == stream)
        #expect(String(decoding: json, as: UTF8.self).contains("\"category\":\"\(category)\""))
        for known in Self.categories { #expect(stream != (try StreamID(category: known, id: stream.id))) }
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
