import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// A JSON Lines import is admitted as the store's commands are: each line's event is checked on
/// the state the lines before it leave, and a line that breaks a rule is refused with its number,
/// the rule (the code the command would give) and nothing imported.
@Suite struct ImportAdmissionTests {
    /// How a case changes the exported lines of ``ImportHistory``; returns the line to blame.
    typealias Mutation = @Sendable (inout [String]) throws -> Int

    static let cases: [(name: String, rule: StoreError.Code, mutate: Mutation)] = [
        ("a review of a card that never existed", .unknownEntity, { lines in
            let review = try line(of: "vocabulary.review-graded", card: Ids.card(1), in: lines)
            return append(variant(of: review, replacing: [(uuid(Ids.card(1).uuid), uuid(Ids.card(99).uuid))], in: lines), to: &lines)
        }),
        ("the events of a profile never created", .unknownProfile, { lines in
            lines.removeFirst()
            let parent = #""profileId":"\#(uuid(ImportHistory.parent.uuid))""#
            return try #require(lines.firstIndex { $0.contains(parent) }) + 1
        }),
        ("a review dated before the card's previous review", .reviewOutOfOrder, { lines in
            let first = try line(of: "vocabulary.review-graded", card: Ids.card(1), in: lines)
            return append(variant(of: first, in: lines), to: &lines)
        }),
        ("an undo of a review already undone", .invalidState, { lines in
            let undo = try line(of: "vocabulary.review-undone", card: Ids.card(2), in: lines)
            return append(variant(of: undo, in: lines), to: &lines)
        }),
        ("a card created in a deck that does not exist", .unknownEntity, { lines in
            let created = try line(of: "vocabulary.card-created", card: Ids.card(1), in: lines)
            let replacing = [(uuid(Ids.card(1).uuid), uuid(Ids.card(98).uuid)), (uuid(Ids.deck(1).uuid), uuid(Ids.deck(9).uuid))]
            return append(variant(of: created, replacing: replacing, in: lines), to: &lines)
        }),
        ("a card created again", .alreadyExists, { lines in
            let created = try line(of: "vocabulary.card-created", card: Ids.card(1), in: lines)
            return append(variant(of: created, in: lines), to: &lines)
        }),
        ("a review of another profile's card", .wrongProfile, { lines in
            let review = try line(of: "vocabulary.review-graded", card: Ids.card(3), in: lines, last: true)
            let replacing = [(#""profileId":"\#(uuid(ImportHistory.parent.uuid))""#, #""profileId":"\#(uuid(ImportHistory.child.uuid))""#)]
            return append(variant(of: review, replacing: replacing, in: lines), to: &lines)
        }),
        ("a reset of a card already new", .invalidState, { lines in
            let reset = try line(of: "vocabulary.card-reset", card: Ids.card(3), in: lines)
            return append(variant(of: reset, in: lines), to: &lines)
        }),
        ("a due date set on a new card", .invalidState, { lines in
            let set = try line(of: "vocabulary.card-due-set", card: Ids.card(1), in: lines)
            return append(variant(of: set, replacing: [(uuid(Ids.card(1).uuid), uuid(Ids.card(3).uuid))], in: lines), to: &lines)
        }),
        ("a child's own change of its day cut-off (parent-controlled)", .parentRequired, { lines in
            let cutoff = try #require(lines.first { $0.contains(#""type":"settings.day-cutoff-changed""#) })
            return append(variant(of: cutoff, replacing: [(uuid(ImportHistory.parent.uuid), uuid(ImportHistory.child.uuid))], in: lines), to: &lines)
        }),
        ("a child's day cut-off set by a child's profile", .parentRequired, { lines in
            let cutoff = try #require(lines.first { $0.contains(#""type":"settings.day-cutoff-changed""#) })
            return append(variant(of: cutoff, replacing: [(uuid(ImportHistory.parent.uuid), uuid(ImportHistory.child.uuid)),
                                                          ("{\"hour\":3}", setBy(ImportHistory.child))], in: lines), to: &lines)
        }),
        ("a grown-up's day cut-off set by a parent", .invalidState, { lines in
            let cutoff = try #require(lines.first { $0.contains(#""type":"settings.day-cutoff-changed""#) })
            return append(variant(of: cutoff, replacing: [("{\"hour\":3}", setBy(ImportHistory.parent))], in: lines), to: &lines)
        }),
        ("a spelling test archived again", .invalidState, { lines in
            let archived = try #require(lines.first { $0.contains(#""type":"spelling.test-archived""#) })
            return append(variant(of: archived, in: lines), to: &lines)
        }),
    ]

    @Test(arguments: cases.indices)
    func aLineBreakingACommandRuleIsRefusedByNumberAndNothingIsImported(index: Int) async throws {
        let (name, rule, mutate) = Self.cases[index]
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        try await source.store.close()
        var lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        // The history as exported is admitted whole.
        let whole = try await StoreFixture()
        #expect(try await whole.store.importJSONLines(lines.joined(separator: "\n")).added == lines.count, "\(name)")
        let blamed = try mutate(&lines)
        let target = try await StoreFixture()
        let error = await #expect(throws: ImportError.self, "\(name)") {
            try await target.store.importJSONLines(lines.joined(separator: "\n"), path: "a.jsonl")
        }
        #expect(error?.code == .refusedEvent, "\(name)")
        #expect(error?.rule == rule, "\(name): \(String(describing: error))")
        #expect(error?.line == blamed, "\(name): \(String(describing: error))")
        #expect(error?.description.hasPrefix("line \(blamed): the ") == true, "\(name)")
        #expect(error?.description.hasSuffix("(\(rule.rawValue)); fix or remove the line (path a.jsonl) [import.refused-event]; nothing was imported") == true,
                "\(name): \(String(describing: error))")
        #expect(await target.store.lastPosition() == 0, "\(name)")
    }

    /// A command's refusal and an import's give the same message for the same rule.
    @Test func anImportedReviewOfAnUnknownCardSaysWhatTheCommandSays() async throws {
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        let commandError = await #expect(throws: StoreError.self) {
            try await source.send(ImportHistory.parent, StoreFixture.time(days: 7),
                                  .vocabulary(.review(Ids.card(99), rating: .good, duration: .milliseconds(1000))))
        }
        try await source.store.close()
        var lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        _ = try Self.cases[0].mutate(&lines)
        let target = try await StoreFixture()
        let importError = await #expect(throws: ImportError.self) {
            try await target.store.importJSONLines(lines.joined(separator: "\n"))
        }
        let message = try #require(commandError?.message)
        #expect(importError?.message.contains(message) == true, "\(String(describing: importError))")
    }

    /// A parent's change of a child's setting is imported and folds as the child's; the same
    /// change recorded as the child's own is refused with the message the command gives.
    @Test func aChildsSettingIsImportedOnlyAsAParentsChange() async throws {
        let source = try await StoreFixture()
        try await ImportHistory.write(into: source)
        let commandError = await #expect(throws: StoreError.self) {
            try await source.send(ImportHistory.child, StoreFixture.time(days: 7), .profiles(.changeDayCutoff(hour: 3)))
        }
        try await source.store.close()
        let lines = try ImportHistory.export(source.directory.path, to: source.directory.path + "/a.jsonl")
        let cutoff = try #require(lines.first { $0.contains(#""type":"settings.day-cutoff-changed""#) })
        let asChild = [(Self.uuid(ImportHistory.parent.uuid), Self.uuid(ImportHistory.child.uuid))]
        var byParent = lines
        _ = Self.append(Self.variant(of: cutoff, replacing: asChild + [("{\"hour\":3}", Self.setBy(ImportHistory.parent, hour: 7))], in: lines), to: &byParent)
        let admitted = try await StoreFixture()
        #expect(try await admitted.store.importJSONLines(byParent.joined(separator: "\n")).added == byParent.count)
        #expect(await admitted.store.vocabulary().schedulerConfiguration(of: ImportHistory.child).dayCutoffHour == 7)
        var byChild = lines
        let blamed = Self.append(Self.variant(of: cutoff, replacing: asChild, in: lines), to: &byChild)
        let refused = try await StoreFixture()
        let importError = await #expect(throws: ImportError.self) {
            try await refused.store.importJSONLines(byChild.joined(separator: "\n"))
        }
        #expect(importError?.line == blamed && importError?.rule == .parentRequired)
        let message = try #require(commandError?.message)
        #expect(message.hasSuffix("the day cut-off is parent-controlled; a parent's profile must send this command, naming the child (child: \(ImportHistory.child))"))
        #expect(importError?.message.contains(message) == true, "\(String(describing: importError))")
    }

    /// The payload of a day cut-off change to `hour` made by parent's profile `parent`.
    static func setBy(_ parent: ProfileID, hour: Int = 3) -> String {
        "{\"hour\":\(hour),\"setBy\":\"\(uuid(parent.uuid))\"}"
    }

    // MARK: - Editing exported lines

    static func uuid(_ id: UUID) -> String { id.uuidString }

    /// The first (or last) exported line of event type `type` about `card`.
    static func line(of type: String, card: CardID, in lines: [String], last: Bool = false) throws -> String {
        let matches = lines.filter { $0.contains(#""type":"\#(type)""#) && $0.contains(#""streamId":"\#(uuid(card.uuid))""#) }
        return try #require(last ? matches.last : matches.first)
    }

    /// `line` with `replacing` applied, a fresh event id, and the next version of its stream after `lines`.
    static func variant(of line: String, replacing: [(String, String)] = [], in lines: [String]) -> String {
        var text = line
        for (old, new) in replacing { text = text.replacingOccurrences(of: old, with: new) }
        let stream = field("streamId", in: text)
        let version = lines.filter { field("streamId", in: $0) == stream }.compactMap { UInt64(field("streamVersion", in: $0)) }.max() ?? 0
        text = text.replacingOccurrences(of: #""eventId":"\#(field("eventId", in: text))""#, with: #""eventId":"\#(UUID(uuid: (0xEE, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(lines.count % 256))).uuidString)""#)
        return text.replacingOccurrences(of: #""streamVersion":\#(field("streamVersion", in: text))"#, with: #""streamVersion":\#(version + 1)"#)
    }

    /// The value of top-level member `name` of an exported line (quotes removed).
    static func field(_ name: String, in line: String) -> String {
        guard let start = line.range(of: #""\#(name)":"#)?.upperBound else { return "" }
        let rest = line[start...]
        if rest.first == "\"" { return String(rest.dropFirst().prefix { $0 != "\"" }) }
        return String(rest.prefix { $0.isNumber })
    }

    /// Appends `line`; returns its 1-based number.
    static func append(_ line: String, to lines: inout [String]) -> Int {
        lines.append(line)
        return lines.count
    }
}
