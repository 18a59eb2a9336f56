import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Parental controls belong to a parent: a child's profile starts with the safe defaults
/// (``ChildStoryDefaults``), a parent (a profile that is not a child's) changes or clears them
/// for the child, and the child's own attempts are refused (ValidationTests lists the refusals).
@Suite struct ParentalControlsTests {
    static let parent = Ids.profile(1)
    static let kid = Ids.profile(2)

    /// One history of control changes and what a child may then request on one local day.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// What the parent does after creating the child (nil: nothing, the defaults stay).
        let change: StoryCommand?
        /// The controls then in force: nil for no limit; else the limit, the themes and who set them.
        let expected: (limit: Int, themes: StoryThemes, setByParent: Bool)?
        /// Themes requested in turn; the ones refused by the controls are listed in `refused`.
        let requests: [String]
        let refused: [Int]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a new child: 3 stories a day on any theme", change: nil,
             expected: (3, .any, false), requests: ["space", "pirates", "sea", "space"], refused: [3]),
        Case(name: "a parent lowers the limit to 1", change: .setParentalControls(child: kid, dailyStoryLimit: 1, themes: .any),
             expected: (1, .any, true), requests: ["space", "sea"], refused: [1]),
        Case(name: "a parent allows only space and sea", change: .setParentalControls(child: kid, dailyStoryLimit: 5, themes: try! .only(["space", " sea "])),
             expected: (5, try! .only(["space", "sea"]), true), requests: ["space", "pirates", "sea"], refused: [1]),
        Case(name: "a limit of 0 allows no story", change: .setParentalControls(child: kid, dailyStoryLimit: 0, themes: .any),
             expected: (0, .any, true), requests: ["space"], refused: [0]),
        Case(name: "cleared controls: no limit, any theme", change: .clearParentalControls(child: kid),
             expected: nil, requests: ["space", "a", "b", "c", "d", "e"], refused: []),
    ]

    @Test(arguments: cases)
    func controlsInForce(_ example: Case) async throws {
        let f = try await StoreFixture()
        try await f.send(Self.parent, StoreFixture.time(), .profiles(.create(name: "Ana", isChild: false)))
        try await f.send(Self.kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        #expect(await f.store.stories().parentalControls(profile: Self.parent) == nil, "a grown-up's profile has no controls")
        if let change = example.change { try await f.send(Self.parent, StoreFixture.time(minutes: 1), .stories(change)) }

        let controls = await f.store.stories().parentalControls(profile: Self.kid)
        if let expected = example.expected {
            let controls = try #require(controls)
            #expect(controls.dailyStoryLimit == expected.limit)
            #expect(controls.themes == expected.themes)
            #expect(controls.setBy == (expected.setByParent ? Self.parent : nil))
        } else {
            #expect(controls == nil)
        }
        for (index, theme) in example.requests.enumerated() {
            let request = StoryCommand.request(Ids.story(UInt64(index + 1)), theme: theme, childAge: 6, childName: nil)
            do {
                try await f.send(Self.kid, StoreFixture.time(minutes: 10 + index), .stories(request))
                #expect(!example.refused.contains(index), "request \(index) (\(theme)) was accepted")
            } catch {
                #expect(example.refused.contains(index), "request \(index) (\(theme)) was refused: \(error)")
                #expect(error.code == .parentalLimit)
            }
        }
    }

    @Test func aParentsChangeIsRecordedInTheChildsHistoryNamingTheParent() async throws {
        let f = try await StoreFixture()
        try await f.send(Self.parent, StoreFixture.time(), .profiles(.create(name: "Ana", isChild: false)))
        try await f.send(Self.kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        try await f.send(Self.parent, StoreFixture.time(minutes: 1), .stories(.setParentalControls(child: Self.kid, dailyStoryLimit: 2, themes: .any)))
        try await f.send(Self.parent, StoreFixture.time(minutes: 2), .stories(.clearParentalControls(child: Self.kid)))
        let lines = try await f.store.exportJSONLines()
        let controls = lines.filter { $0.contains("stories.parental-controls") }
        #expect(controls.count == 3, "the defaults at creation, the change and the clearing")
        for line in controls {
            #expect(line.contains("\"profileId\":\"\(Self.kid.uuid.uuidString)\""), "recorded in the child's history: \(line)")
            #expect(line.contains("\"streamId\":\"\(Self.kid.uuid.uuidString)\""))
        }
        #expect(controls[0].contains("\"payload\":{\"dailyStoryLimit\":3,\"themes\":{\"any\":true}}"), "\(controls[0])")
        #expect(controls[1].contains("\"setBy\":\"\(Self.parent.uuid.uuidString)\""))
        #expect(controls[2].contains("stories.parental-controls-cleared") && controls[2].contains("\"setBy\":\"\(Self.parent.uuid.uuidString)\""))
    }

    @Test func aFailedStoryIsRetriedAndThePlainStoryKeepsItsModels() async throws {
        let f = try await StoreFixture()
        try await f.send(Self.kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        try await f.send(Self.kid, StoreFixture.time(minutes: 1), .stories(.request(Ids.story(1), theme: "sea", childAge: 5, childName: nil)))
        try await f.send(Self.kid, StoreFixture.time(minutes: 2), .stories(.generationFailed(Ids.story(1), reason: "timeout")))
        try await f.send(Self.kid, StoreFixture.time(minutes: 3), .stories(.generationFailed(Ids.story(1), reason: "timeout again")))
        #expect(await f.store.stories().story(Ids.story(1))?.status == .failed(reason: "timeout again"))
        try await f.send(Self.kid, StoreFixture.time(minutes: 4), .stories(.generated(Ids.story(1), title: "Sea", pages: ["a", "b"], model: "writer-2")))
        try await f.send(Self.kid, StoreFixture.time(minutes: 5), .stories(.illustrationGenerated(Ids.story(1), page: 2, image: "2.png", model: "painter-1")))
        let story = try #require(await f.store.stories().story(Ids.story(1)))
        #expect(story.status == .generated && story.growthTopic == nil && story.model == "writer-2")
        #expect(story.illustration(page: 2) == .generated(image: "2.png", model: "painter-1"))
        #expect(await f.store.stories().storiesToday(profile: Self.kid, at: StoreFixture.time(minutes: 6)) == 1, "a retry is not a new request")
    }
}
