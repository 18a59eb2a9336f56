import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Export, then import into a fresh store: the same events, read models and export; a second
/// import adds nothing; a bad file is refused whole.
@Suite struct JSONLinesImportTests {
    @Test func exportImportExportIsIdenticalAndRepeatAddsNothing() async throws {
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        let models = await source.store.encodedReadModels()
        let count = await source.store.lastPosition()
        #expect(count == 35)   // the child's creation records its default parental controls too
        try await source.store.close()
        let first = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        #expect(UInt64(first.count) == count)
        #expect(first.contains { $0.contains(#""personalData":{"name":"Matilda Quincey"}"#) })

        let target = try await StoreFixture()
        let text = try Store.importText(at: source.directory.path + "/a.jsonl")
        let result = try await target.store.importJSONLines(text, path: "a.jsonl")
        #expect(UInt64(result.added) == count)
        #expect(result.alreadyPresent == 0)
        #expect(result.positions == 1...count)
        #expect(await target.store.encodedReadModels() == models)
        #expect(await target.store.profileName(ImportHistory.child) == .text("Matilda Quincey"))
        let story = try #require(await target.store.stories().story(Ids.story(1)))
        #expect(await target.store.personalData(try #require(story.title)) == .text("Matilda and the Moon"))

        let again = try await target.store.importJSONLines(text, path: "a.jsonl")
        #expect(again == ImportResult(added: 0, alreadyPresent: Int(count), positions: nil))
        #expect(await target.store.lastPosition() == count)
        try await target.store.close()
        let second = try ImportHistory.export(target.directory.path, to: target.directory.path + "/b.jsonl")
        #expect(second == first)
    }

    @Test func importAfterForgettingKeepsTheNamesErased() async throws {
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        try await source.store.forgetProfile(ImportHistory.child, reason: .personRequest, time: StoreFixture.time(days: 3), commandID: source.nextCommandID())
        try await source.store.close()
        let lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        #expect(lines.contains { $0.contains(#""personalData":{"name":"[erased]"}"#) })
        #expect(lines.contains { $0.contains(#""personalData":{"name":"Oscar Quincey"}"#) })
        #expect(!lines.joined().contains("Matilda"))

        let target = try await StoreFixture()
        _ = try await target.store.importJSONLines(lines.joined(separator: "\n"))
        #expect(await target.store.profileName(ImportHistory.child) == .erased)
        #expect(await target.store.profileName(ImportHistory.parent) == .text("Oscar Quincey"))
    }

    @Test(arguments: [
        (3, "{\"not\":\"an event\"}", ImportError.Code.badJSONLine),
        (2, "garbage", .badJSONLine),
        (4, "", .duplicateEvent),
    ])
    func aBadLineIsRefusedWithItsNumberAndNothingIsImported(line: Int, replacement: String, code: ImportError.Code) async throws {
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        try await source.store.close()
        var lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        lines[line - 1] = replacement.isEmpty ? lines[0] : replacement

        let target = try await StoreFixture()
        try await target.send(Ids.profile(9), StoreFixture.time(), .profiles(.create(name: "Kept", isChild: false)))
        let before = try target.logBytes()
        let error = await #expect(throws: ImportError.self) {
            try await target.store.importJSONLines(lines.joined(separator: "\n"), path: "a.jsonl")
        }
        #expect(error?.code == code)
        #expect(error?.line == line)
        #expect(error?.description.hasPrefix("line \(line): ") == true)
        #expect(try target.logBytes() == before)
        #expect(await target.store.lastPosition() == 1)
        #expect(await target.store.profileName(ImportHistory.parent) == .unknown)
    }

    /// A line whose payload breaks a rule, or whose text is not JSON, is refused naming the line
    /// and the payload key (or the byte in the line), and nothing is imported.
    @Test(arguments: [
        ("\"rating\":9", "payload.rating"),
        ("\"rating\":\"good\"", "at payload.rating: expected a whole number"),
        ("\"rating\":\"go\u{1}od\"", "a control character must be escaped inside a string at byte"),
    ])
    func aBadPayloadIsRefusedNamingItsLineAndKey(rating: String, fragment: String) async throws {
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        try await source.store.close()
        var lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        let index = try #require(lines.firstIndex { $0.contains("\"rating\":") })
        lines[index] = lines[index].replacingOccurrences(of: #""rating":\d"#, with: rating, options: .regularExpression)

        let target = try await StoreFixture()
        let error = await #expect(throws: ImportError.self) {
            try await target.store.importJSONLines(lines.joined(separator: "\n"), path: "a.jsonl")
        }
        #expect(error?.code == .badJSONLine)
        #expect(error?.line == index + 1)
        #expect(error?.description.contains(fragment) == true, "\(String(describing: error))")
        #expect(await target.store.lastPosition() == 0)
    }

    @Test func anEventWhoseStreamIsNotContinuedIsRefused() async throws {
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        try await source.store.close()
        let lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        // The target created the parent by its own command: the file's creation of the parent is
        // version 1 of a stream that is at version 1 here.
        let target = try await StoreFixture()
        try await target.send(ImportHistory.parent, StoreFixture.time(), .profiles(.create(name: "Oscar", isChild: false)),
                              id: Ids.uuid(0xC1, 1))
        let error = await #expect(throws: ImportError.self) {
            try await target.store.importJSONLines(lines.joined(separator: "\n"))
        }
        #expect(error?.code == .streamVersion)
        #expect(error?.line == 1)
        #expect(error?.message.contains("is version 1 of stream profile/") == true)
        #expect(await target.store.lastPosition() == 1)
    }
}
