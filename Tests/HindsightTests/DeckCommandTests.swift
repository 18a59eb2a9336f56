import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// Commands on a deck that is not the profile's live deck: never created, another profile's, or
/// deleted. Each is refused with the code and message of `DecisionContext.liveDeck`, and the
/// log is left as it was.
@Suite struct DeckCommandTests {
    /// Which deck a command names.
    enum Target: String, CaseIterable, Sendable {
        case neverCreated, anotherProfiles, deleted

        var deck: DeckID {
            switch self {
            case .neverCreated: Ids.deck(9)
            case .anotherProfiles: Ids.deck(2)
            case .deleted: Ids.deck(3)
            }
        }
    }

    /// A command naming `deck`, and the field its refusal names.
    static func commands(on deck: DeckID) -> [(VocabularyCommand, field: String)] {
        [(.renameDeck(deck, name: "Spanish"), "deck"), (.deleteDeck(deck), "deck"),
         (.createCard(Ids.card(7), deck: deck, front: "gato", back: "cat"), "deck"), (.moveCard(Ids.card(1), to: deck), "to"),
         (.startStudySession(Ids.studySession(1), deck: deck), "deck")]
    }

    /// Ada (profile 1) with deck 1 holding card 1 and a deleted deck 3; Ben (profile 2) with deck 2.
    func twoProfiles() async throws -> StoreFixture {
        let f = try await StoreFixture()
        let ada = Ids.profile(1), ben = Ids.profile(2)
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(ben, StoreFixture.time(), .profiles(.create(name: "Ben", isChild: false)))
        try await f.send(ada, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(1), name: "French")))
        try await f.send(ben, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(2), name: "German")))
        try await f.send(ada, StoreFixture.time(minutes: 1), .vocabulary(.createDeck(Ids.deck(3), name: "Old")))
        try await f.send(ada, StoreFixture.time(minutes: 2), .vocabulary(.createCard(Ids.card(1), deck: Ids.deck(1),
                                                                                    front: "chien", back: "dog")))
        try await f.send(ada, StoreFixture.time(minutes: 3), .vocabulary(.deleteDeck(Ids.deck(3))))
        return f
    }

    @Test(arguments: Target.allCases)
    func aCommandOnADeckThatIsNotTheProfilesLiveDeckIsRefused(_ target: Target) async throws {
        let f = try await twoProfiles()
        let ada = Ids.profile(1)
        let before = await f.store.position
        for (command, field) in Self.commands(on: target.deck) {
            do {
                try await f.send(ada, StoreFixture.time(minutes: 4), .vocabulary(command))
                Issue.record("\(command) on the \(target) deck was accepted")
            } catch {
                let deck = target.deck
                switch target {
                case .neverCreated, .anotherProfiles:
                    #expect(error.code == .unknownEntity, "\(command)")
                    #expect(error.message == "deck \(deck) does not exist for profile \(ada); create it first", "\(command)")
                case .deleted:
                    #expect(error.code == .entityDeleted, "\(command)")
                    #expect(error.message == "deck \(deck) was deleted; choose another deck", "\(command)")
                }
                #expect(error.field == field, "\(command)")
                #expect(error.stream == .deck(deck), "\(command)")
            }
        }
        #expect(await f.store.position == before)
    }

    @Test func theProfilesLiveDeckTakesEveryCommand() async throws {
        let f = try await twoProfiles()
        let ada = Ids.profile(1)
        let commands: [VocabularyCommand] = [.renameDeck(Ids.deck(1), name: "Spanish"),
                                             .createCard(Ids.card(7), deck: Ids.deck(1), front: "gato", back: "cat"),
                                             .startStudySession(Ids.studySession(1), deck: Ids.deck(1)), .deleteDeck(Ids.deck(1))]
        for (minute, command) in commands.enumerated() {
            try await f.send(ada, StoreFixture.time(minutes: 4 + minute), .vocabulary(command))
        }
        let decks = await f.store.vocabulary().decks(of: ada, includingDeleted: true)
        #expect(decks.map(\.name) == ["Spanish", "Old"])
        #expect(decks.map(\.isDeleted) == [true, true])
    }
}
