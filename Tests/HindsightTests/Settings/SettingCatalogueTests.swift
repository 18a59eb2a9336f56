import Foundation
import Testing
import TestSupport
@testable import Hindsight

/// The setting catalogue: known keys with their scope and type, checked when a settings command
/// is decided; app-wide settings folded into the profiles read model.
@Suite struct SettingCatalogueTests {
    static let ada = Ids.profile(1), kid = Ids.profile(2)

    /// The app's own keys in these tests.
    static let appKeys = [
        try! SettingDefinition("appearance.theme", scope: .profile, type: .oneOf(["light", "dark"]), summary: "colours"),
        try! SettingDefinition("app.language", scope: .app, type: .oneOf(["en", "fr"]), summary: "language"),
        try! SettingDefinition("app.volume", scope: .app, type: .double(0...1), summary: "volume"),
        try! SettingDefinition("sound.on", scope: .profile, type: .bool, summary: "sound"),
    ]

    static func fixture() async throws -> StoreFixture {
        var options = StoreFixture.options()
        options.settings = appKeys
        let f = try await StoreFixture(options: options)
        try await f.send(ada, StoreFixture.time(), .profiles(.create(name: "Ada", isChild: false)))
        try await f.send(kid, StoreFixture.time(), .profiles(.create(name: "Mia", isChild: true)))
        return f
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var profile = SettingCatalogueTests.ada
        let action: ProfileCommand
        /// nil: accepted.
        let code: StoreError.Code?
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a known profile key with a value it takes", action: .changeSetting(key: "appearance.theme", value: .string("dark")),
             code: nil, message: ""),
        Case(name: "a built-in key", action: .changeSetting(key: "vocabulary.reviews-per-day", value: .int(200)), code: nil, message: ""),
        Case(name: "a bool", action: .changeSetting(key: "sound.on", value: .bool(false)), code: nil, message: ""),
        Case(name: "an app-wide key", action: .changeAppSetting(key: "app.language", value: .string("fr")), code: nil, message: ""),
        Case(name: "a whole number for a number key", action: .changeAppSetting(key: "app.volume", value: .int(1)), code: nil, message: ""),
        Case(name: "an unknown key", action: .changeSetting(key: "appearance.font", value: .string("big")), code: .unknownSetting,
             message: "setting appearance.font is not in the store's setting catalogue; use a known profile setting "
                + "(vocabulary.new-cards-per-day, vocabulary.reviews-per-day, appearance.theme, sound.on) or define it in StoreOptions.settings"),
        Case(name: "an unknown app-wide key", action: .changeAppSetting(key: "app.font", value: .string("big")), code: .unknownSetting,
             message: "use a known app-wide setting (app.language, app.volume)"),
        Case(name: "a choice not offered", action: .changeSetting(key: "appearance.theme", value: .string("pink")), code: .invalidValue,
             message: "appearance.theme takes one of \"light\", \"dark\", not string(\"pink\")"),
        Case(name: "a number for a bool", action: .changeSetting(key: "sound.on", value: .int(1)), code: .invalidValue,
             message: "sound.on takes true or false, not int(1)"),
        Case(name: "a number out of range", action: .changeAppSetting(key: "app.volume", value: .double(1.5)), code: .invalidValue,
             message: "app.volume takes a number from 0.0 to 1.0, not double(1.5)"),
        Case(name: "reviews per day below 0", action: .changeSetting(key: "vocabulary.reviews-per-day", value: .int(-1)), code: .invalidValue,
             message: "vocabulary.reviews-per-day takes a whole number of reviews per day from 0 to 100000, not int(-1)"),
        Case(name: "an app-wide key set per profile", action: .changeSetting(key: "app.language", value: .string("en")), code: .invalidValue,
             message: "setting app.language is app-wide; change it with .profiles(.changeAppSetting) or .profiles(.unsetAppSetting)"),
        Case(name: "a profile key set app-wide", action: .changeAppSetting(key: "sound.on", value: .bool(true)), code: .invalidValue,
             message: "setting sound.on is per profile; change it with .profiles(.changeSetting) or .profiles(.unsetSetting)"),
        Case(name: "a child changing an app-wide setting", profile: kid, action: .changeAppSetting(key: "app.language", value: .string("fr")),
             code: .parentRequired, message: "is a child's profile and cannot change app-wide settings; a parent's profile must send this command"),
        Case(name: "a child setting its own profile key", profile: kid, action: .changeSetting(key: "sound.on", value: .bool(true)),
             code: nil, message: ""),
        Case(name: "unsetting an app-wide setting never set", action: .unsetAppSetting(key: "app.language"), code: .invalidState,
             message: "app-wide setting app.language has no value; nothing to unset"),
        Case(name: "a malformed key", action: .changeSetting(key: "two words", value: .bool(true)), code: .invalidValue, message: "settingKey"),
    ]

    @Test(arguments: cases)
    func commandsAreCheckedAgainstTheCatalogue(_ c: Case) async throws {
        let f = try await Self.fixture()
        do {
            try await f.send(c.profile, StoreFixture.time(minutes: 1), .profiles(c.action))
            #expect(c.code == nil, "accepted, expected \(String(describing: c.code))")
        } catch {
            #expect(error.code == c.code, "\(error)")
            #expect(error.message.contains(c.message), "\(error.message)")
        }
    }

    @Test func appWideSettingsFoldWithWhoChangedThemAndCanBeUnset() async throws {
        let f = try await Self.fixture()
        try await f.send(Self.ada, StoreFixture.time(minutes: 1), .profiles(.changeAppSetting(key: "app.language", value: .string("fr"))))
        try await f.send(Self.ada, StoreFixture.time(minutes: 2), .profiles(.changeAppSetting(key: "app.volume", value: .double(0.25))))
        try await f.send(Self.ada, StoreFixture.time(minutes: 3), .profiles(.changeAppSetting(key: "app.language", value: .string("en"))))
        var directory = await f.store.profiles()
        #expect(directory.appSettings().map(\.key.value) == ["app.language", "app.volume"])
        #expect(directory.appSetting(try SettingKey("app.language")) == .string("en"))
        #expect(directory.appSettings()[0].changed == StoreFixture.time(minutes: 3))
        #expect(directory.appSettings()[0].changedBy == Self.ada)
        // App-wide values are no profile's.
        #expect(directory.settings(profile: Self.ada).isEmpty)
        try await f.send(Self.ada, StoreFixture.time(minutes: 4), .profiles(.unsetAppSetting(key: "app.language")))
        try await f.reopen(options: { var o = StoreFixture.options(); o.settings = Self.appKeys; return o }())
        directory = await f.store.profiles()
        #expect(directory.appSettings().map(\.key.value) == ["app.volume"])
        #expect(directory.appSetting(try SettingKey("app.language")) == nil)
    }

    /// Settings recorded under keys the catalogue no longer knows still fold (a log is never
    /// misread) and can be unset; they cannot be set again.
    @Test func settingsOfKeysNoLongerKnownStillFoldAndCanBeUnset() async throws {
        let f = try await Self.fixture()
        try await f.send(Self.ada, StoreFixture.time(minutes: 1), .profiles(.changeSetting(key: "appearance.theme", value: .string("dark"))))
        try await f.reopen()  // the app no longer declares its keys
        #expect(await f.store.profiles().setting(profile: Self.ada, key: try SettingKey("appearance.theme")) == .string("dark"))
        await #expect(throws: StoreError.self) {
            try await f.send(Self.ada, StoreFixture.time(minutes: 2), .profiles(.changeSetting(key: "appearance.theme", value: .string("light"))))
        }
        try await f.send(Self.ada, StoreFixture.time(minutes: 3), .profiles(.unsetSetting(key: "appearance.theme")))
        #expect(await f.store.profiles().settings(profile: Self.ada).isEmpty)
    }

    struct BadCatalogue: Sendable, CustomTestStringConvertible {
        let name: String
        let definitions: @Sendable () throws -> [SettingDefinition]
        let message: String
        var testDescription: String { name }
    }

    static let badCatalogues: [BadCatalogue] = [
        BadCatalogue(name: "a key defined twice", definitions: {
            [try SettingDefinition("a.b", scope: .profile, type: .bool, summary: ""),
             try SettingDefinition("a.b", scope: .app, type: .bool, summary: "")]
        }, message: "setting a.b is defined twice; define each key once"),
        BadCatalogue(name: "a built-in key redefined", definitions: {
            [try SettingDefinition("vocabulary.new-cards-per-day", scope: .profile, type: .int(0...5), summary: "")]
        }, message: "setting vocabulary.new-cards-per-day is defined twice (it is a built-in setting; use it without defining it)"),
        BadCatalogue(name: "no choices", definitions: {
            [try SettingDefinition("a.b", scope: .profile, type: .oneOf([]), summary: "")]
        }, message: "setting a.b takes one of , which no value can be; give it at least one value"),
        BadCatalogue(name: "a malformed key", definitions: {
            [try SettingDefinition("a b", scope: .profile, type: .bool, summary: "")]
        }, message: "the setting definition's key is not valid"),
    ]

    @Test(arguments: badCatalogues)
    func aCatalogueThatCannotBeHonouredIsRefused(_ c: BadCatalogue) async throws {
        do {
            var options = StoreFixture.options()
            options.settings = try c.definitions()
            let dir = try TemporaryDirectory(prefix: "hindsight-catalogue")
            defer { dir.remove() }
            _ = try await Store.open(directory: dir.path, options: options)
            Issue.record("opened")
        } catch let error as StoreError {
            #expect(error.code == .invalidValue && error.field == "settings")
            #expect(error.message.contains(c.message), "\(error.message)")
        }
    }
}
