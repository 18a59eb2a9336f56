import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// A parent's profile changes a child's per-profile settings, naming the child; a child's profile
/// changes its own settings except the parent-controlled ones (the catalogue's limits, the
/// desired retention, the day cut-off). The events go to the child's stream, naming the parent.
@Suite struct ChildSettingsTests {
    static let ada = Ids.profile(1), kid = Ids.profile(2), sibling = Ids.profile(3)
    static let gone = Ids.profile(4), asleep = Ids.profile(5), bob = Ids.profile(6)
    static let goneParent = Ids.profile(7), asleepParent = Ids.profile(8), nobody = Ids.profile(42)

    /// The app's own keys: a preference and a limit the app marks parent-controlled.
    static let appKeys = [
        try! SettingDefinition("appearance.theme", scope: .profile, type: .oneOf(["light", "dark"]), summary: "colours"),
        try! SettingDefinition("spelling.words-per-day", scope: .profile, type: .int(1...50), summary: "words a day", parentControlled: true),
    ]

    /// Ada (a grown-up) is the parent; Mia and her sibling are children; one child's profile
    /// deleted and one disabled, likewise a grown-up's; Bob is another grown-up. Ada has set
    /// Mia's new cards per day to 5.
    static func fixture() async throws -> StoreFixture {
        var options = StoreFixture.options()
        options.settings = appKeys
        let f = try await StoreFixture(options: options)
        let profiles: [(ProfileID, String, Bool)] = [(ada, "Ada", false), (kid, "Mia", true), (sibling, "Leo", true), (gone, "Max", true),
                                                     (asleep, "Zoe", true), (bob, "Bob", false), (goneParent, "Eve", false), (asleepParent, "Ian", false)]
        for (id, name, isChild) in profiles { try await f.send(id, StoreFixture.time(), .profiles(.create(name: name, isChild: isChild))) }
        try await f.send(gone, StoreFixture.time(), .profiles(.delete))
        try await f.send(goneParent, StoreFixture.time(), .profiles(.delete))
        try await f.send(asleep, StoreFixture.time(), .profiles(.disable))
        try await f.send(asleepParent, StoreFixture.time(), .profiles(.disable))
        try await f.send(ada, StoreFixture.time(minutes: 1), .profiles(.changeSetting(key: "vocabulary.new-cards-per-day", value: .int(5), child: kid)))
        return f
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let sender: ProfileID
        let action: ProfileCommand
        /// Accepted: whose setting it became and who set it (nil: the owner itself).
        var accepted: (owner: ProfileID, setBy: ProfileID?)? = nil
        var code: StoreError.Code? = nil
        var message = ""
        var testDescription: String { name }
    }

    static let newCards = "vocabulary.new-cards-per-day"
    static let weights = FSRSParameters.fsrs6Default.weights.map(Double.init)

    static let cases: [Case] = [
        // A parent for a child: every kind of setting.
        Case(name: "a parent sets a child's new cards per day", sender: ada,
             action: .changeSetting(key: newCards, value: .int(8), child: kid), accepted: (kid, ada)),
        Case(name: "a parent sets a child's reviews per day", sender: ada,
             action: .changeSetting(key: "vocabulary.reviews-per-day", value: .int(40), child: kid), accepted: (kid, ada)),
        Case(name: "a parent sets a child's app-defined limit", sender: ada,
             action: .changeSetting(key: "spelling.words-per-day", value: .int(6), child: kid), accepted: (kid, ada)),
        Case(name: "a parent sets a child's preference", sender: ada,
             action: .changeSetting(key: "appearance.theme", value: .string("dark"), child: kid), accepted: (kid, ada)),
        Case(name: "a parent unsets a child's new cards per day", sender: ada,
             action: .unsetSetting(key: newCards, child: kid), accepted: (kid, ada)),
        Case(name: "a parent changes a child's desired retention", sender: ada,
             action: .changeDesiredRetention(0.85, child: kid), accepted: (kid, ada)),
        Case(name: "a parent changes a child's day cut-off", sender: ada,
             action: .changeDayCutoff(hour: 6, child: kid), accepted: (kid, ada)),
        Case(name: "another grown-up acts as a parent", sender: bob,
             action: .changeDayCutoff(hour: 5, child: sibling), accepted: (sibling, bob)),
        // A child for itself.
        Case(name: "a child sets its own preference", sender: kid,
             action: .changeSetting(key: "appearance.theme", value: .string("light")), accepted: (kid, nil)),
        Case(name: "a child sets its own new cards per day", sender: kid, action: .changeSetting(key: newCards, value: .int(50)),
             code: .parentRequired, message: "profile \(kid) is a child's profile and setting vocabulary.new-cards-per-day is parent-controlled; "
                 + "a parent's profile must send this command, naming the child (child: \(kid))"),
        Case(name: "a child unsets its own new cards per day", sender: kid, action: .unsetSetting(key: newCards),
             code: .parentRequired, message: "profile \(kid) is a child's profile and setting vocabulary.new-cards-per-day is parent-controlled; "
                 + "a parent's profile must send this command, naming the child (child: \(kid))"),
        Case(name: "a child sets its own reviews per day", sender: kid, action: .changeSetting(key: "vocabulary.reviews-per-day", value: .int(999)),
             code: .parentRequired, message: "setting vocabulary.reviews-per-day is parent-controlled"),
        Case(name: "a child sets its own app-defined limit", sender: kid, action: .changeSetting(key: "spelling.words-per-day", value: .int(1)),
             code: .parentRequired, message: "setting spelling.words-per-day is parent-controlled"),
        Case(name: "a child changes its own desired retention", sender: kid, action: .changeDesiredRetention(0.7),
             code: .parentRequired, message: "profile \(kid) is a child's profile and the desired retention is parent-controlled; "
                 + "a parent's profile must send this command, naming the child (child: \(kid))"),
        Case(name: "a child changes its own day cut-off", sender: kid, action: .changeDayCutoff(hour: 12),
             code: .parentRequired, message: "profile \(kid) is a child's profile and the day cut-off is parent-controlled; "
                 + "a parent's profile must send this command, naming the child (child: \(kid))"),
        Case(name: "a child reschedules with a desired retention", sender: kid,
             action: .reschedule(parameters: weights, desiredRetention: 0.7, cards: []),
             code: .parentRequired, message: "the desired retention is parent-controlled"),
        Case(name: "a child reschedules keeping the retention", sender: kid,
             action: .reschedule(parameters: weights, desiredRetention: nil, cards: []), accepted: (kid, nil)),
        Case(name: "a child names itself", sender: kid, action: .changeSetting(key: newCards, value: .int(50), child: kid),
             code: .parentRequired, message: "profile \(kid) is a child's profile and cannot change setting vocabulary.new-cards-per-day "
                 + "of a child's profile; a parent's profile must send this command"),
        Case(name: "a child names a sibling", sender: kid, action: .changeDayCutoff(hour: 2, child: sibling),
             code: .parentRequired, message: "profile \(kid) is a child's profile and cannot change the day cut-off of a child's profile"),
        // A grown-up for itself: no restriction.
        Case(name: "a grown-up sets its own new cards per day", sender: bob,
             action: .changeSetting(key: newCards, value: .int(50)), accepted: (bob, nil)),
        Case(name: "a grown-up changes its own day cut-off", sender: bob, action: .changeDayCutoff(hour: 2), accepted: (bob, nil)),
        // Whom a parent may name.
        Case(name: "a grown-up's profile named as a child", sender: ada, action: .changeSetting(key: newCards, value: .int(5), child: bob),
             code: .invalidState, message: "profile \(bob) is not a child's profile; a parent changes the settings of a child's profile only "
                 + "(created with isChild: true); profile \(bob) changes its own"),
        Case(name: "a parent names itself", sender: ada, action: .changeDesiredRetention(0.9, child: ada),
             code: .invalidState, message: "profile \(ada) is not a child's profile"),
        Case(name: "an unknown child", sender: ada, action: .changeSetting(key: newCards, value: .int(5), child: nobody),
             code: .unknownProfile, message: "profile \(nobody) does not exist; create it first"),
        Case(name: "a deleted child", sender: ada, action: .unsetSetting(key: newCards, child: gone),
             code: .profileDeleted, message: "profile \(gone) was deleted; act as an existing profile"),
        Case(name: "a disabled child", sender: ada, action: .changeDayCutoff(hour: 6, child: asleep),
             code: .profileDisabled, message: "profile \(asleep) is disabled; enable it (.profiles(.enable)) before acting as it"),
        Case(name: "a deleted parent", sender: goneParent, action: .changeDayCutoff(hour: 6, child: kid),
             code: .profileDeleted, message: "profile \(goneParent) was deleted; act as an existing profile"),
        Case(name: "a disabled parent", sender: asleepParent, action: .changeDayCutoff(hour: 6, child: kid),
             code: .profileDisabled, message: "profile \(asleepParent) is disabled"),
        Case(name: "an unknown parent", sender: nobody, action: .changeDayCutoff(hour: 6, child: kid),
             code: .unknownProfile, message: "profile \(nobody) does not exist; create it first"),
        // The catalogue and the value still apply to a parent's change.
        Case(name: "a parent sets an unknown key", sender: ada, action: .changeSetting(key: "spelling.font", value: .int(5), child: kid),
             code: .unknownSetting, message: "setting spelling.font is not in the store's setting catalogue"),
        Case(name: "a parent sets a value of the wrong type", sender: ada, action: .changeSetting(key: newCards, value: .string("5"), child: kid),
             code: .invalidValue, message: "vocabulary.new-cards-per-day takes a whole number of new cards per day from 0 to"),
        Case(name: "a parent unsets a value never set", sender: ada, action: .unsetSetting(key: "vocabulary.reviews-per-day", child: kid),
             code: .invalidState, message: "setting vocabulary.reviews-per-day has no value for profile \(kid); nothing to unset"),
        Case(name: "a parent sets a day cut-off of 24", sender: ada, action: .changeDayCutoff(hour: 24, child: kid),
             code: .invalidValue, message: "24"),
        Case(name: "a parent sets a retention of 1", sender: ada, action: .changeDesiredRetention(1, child: kid),
             code: .invalidValue, message: "1.0"),
    ]

    @Test(arguments: cases)
    func whoMayChangeAChildsSettings(_ c: Case) async throws {
        let f = try await Self.fixture()
        let before = await f.store.lastPosition()
        let refusal: StoreError?
        do {
            try await f.send(c.sender, StoreFixture.time(minutes: 2), .profiles(c.action))
            refusal = nil
        } catch {
            refusal = error
        }
        if let error = refusal {
            #expect(c.accepted == nil, "refused: \(error)")
            #expect(error.code == c.code, "\(error)")
            #expect(error.message.contains(c.message), "\(error.message)")
            #expect(await f.store.lastPosition() == before, "a refused command records nothing")
            return
        }
        let expected = try #require(c.accepted, "accepted, expected \(String(describing: c.code))")
        let line = try #require(try await f.store.exportJSONLines().last)
        #expect(line.contains("\"profileId\":\"\(expected.owner.uuid.uuidString)\""), "the owner's history: \(line)")
        #expect(line.contains("\"streamId\":\"\(expected.owner.uuid.uuidString)\""), "the owner's stream: \(line)")
        if let parent = expected.setBy {
            #expect(line.contains("\"setBy\":\"\(parent.uuid.uuidString)\""), "names the parent: \(line)")
        } else {
            #expect(!line.contains("\"setBy\""), "names no parent: \(line)")
        }
    }

    /// A parent's changes fold into the child's read models as the child's own settings.
    @Test func aParentsChangesFoldAsTheChildsSettings() async throws {
        let f = try await Self.fixture()
        try await f.send(Self.ada, StoreFixture.time(minutes: 2), .profiles(.changeDayCutoff(hour: 6, child: Self.kid)))
        try await f.send(Self.ada, StoreFixture.time(minutes: 3), .profiles(.changeDesiredRetention(0.8, child: Self.kid)))
        let vocabulary = await f.store.vocabulary()
        #expect(vocabulary.dailyNewCardLimit(of: Self.kid) == 5)
        #expect(vocabulary.schedulerConfiguration(of: Self.kid).dayCutoffHour == 6)
        #expect(abs(Double(vocabulary.schedulerConfiguration(of: Self.kid).desiredRetention) - 0.8) < 1e-6)
        #expect(vocabulary.schedulerConfiguration(of: Self.ada).dayCutoffHour != 6, "the parent's own settings are untouched")
        let directory = await f.store.profiles()
        #expect(directory.setting(profile: Self.kid, key: try SettingKey(Self.newCards)) == .int(5))
        #expect(directory.settings(profile: Self.ada).isEmpty)
        try await f.send(Self.ada, StoreFixture.time(minutes: 4), .profiles(.unsetSetting(key: Self.newCards, child: Self.kid)))
        #expect(await f.store.profiles().settings(profile: Self.kid).isEmpty)
    }

    @Test func theBuiltInLimitsAreParentControlled() throws {
        let catalogue = try SettingCatalogue(app: Self.appKeys)
        #expect(SettingCatalogue.builtIn.allSatisfy { $0.isParentControlled })
        #expect(catalogue.isParentControlled(try SettingKey("spelling.words-per-day")))
        #expect(!catalogue.isParentControlled(try SettingKey("appearance.theme")))
        #expect(!catalogue.isParentControlled(try SettingKey("not.defined")), "a key no longer known may be cleared by the child")
    }
}
