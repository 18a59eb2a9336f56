import Events
import Projections

/// The setting keys a store knows, with their scope and types: the built-in ones
/// (``builtIn``) and the app's own (``StoreOptions/settings``). The settings commands are
/// checked against it when they are decided; an unknown key or a value of the wrong type is
/// refused with an error that says what the key takes.
///
/// Rules, and why:
/// - It gates commands, never the log: a setting recorded before its key was known (or by an
///   app that declared other keys, or imported) still folds into the read models, is listed by
///   ``ProfileDirectory/settings(profile:)`` and ``ProfileDirectory/appSettings()`` and can be
///   unset; a log is never misread. Readers that act on a key (the daily limits) ignore a
///   recorded value they cannot use, as before.
/// - Unset needs no definition, only a recorded value, so a key the app no longer declares can
///   still be cleared; but a known key's unset must use its scope's command.
/// - An app's key may not reuse a built-in one: a read model acts on the built-in keys, and two
///   definitions of one key could disagree.
public struct SettingCatalogue: Sendable {
    /// The keys the read models act on: ``SettingKey/newCardsPerDay`` and ``SettingKey/reviewsPerDay``,
    /// both limits, so parent-controlled for a child's profile.
    public static let builtIn: [SettingDefinition] = [
        try! SettingDefinition(SettingKey.newCardsPerDay.value, scope: .profile,
                               type: .int(Int64(NewCardLimit.range.lowerBound)...Int64(NewCardLimit.range.upperBound),
                                          unit: "new cards per day"),
                               summary: "new cards offered per local day (default: the store's daily new-card limit)",
                               parentControlled: true),
        try! SettingDefinition(SettingKey.reviewsPerDay.value, scope: .profile,
                               type: .int(Int64(DailyReviewLimit.range.lowerBound)...Int64(DailyReviewLimit.range.upperBound),
                                          unit: "reviews per day"),
                               summary: "at most this many reviews offered per local day (default: no limit)",
                               parentControlled: true),
    ]

    /// Every definition, built-in first, by key.
    public let definitions: [SettingDefinition]
    private let byKey: [String: SettingDefinition]

    /// The built-in definitions and `app`'s.
    /// - Throws: ``StoreError`` `invalidValue` (field `settings`) when two definitions share a key
    ///   (an app's own, or an app's and a built-in one).
    public init(app: [SettingDefinition]) throws(StoreError) {
        var byKey: [String: SettingDefinition] = [:]
        for definition in Self.builtIn + app {
            guard byKey.updateValue(definition, forKey: definition.key.value) == nil else {
                let builtIn = Self.builtIn.contains { $0.key == definition.key }
                throw StoreError(.invalidValue, "setting \(definition.key) is defined twice"
                                 + (builtIn ? " (it is a built-in setting; use it without defining it)" : "; define each key once"),
                                 field: "settings")
            }
        }
        self.byKey = byKey
        definitions = Self.builtIn + app
    }

    /// The definition of `key`, nil when the catalogue does not know it.
    public func definition(of key: SettingKey) -> SettingDefinition? { byKey[key.value] }

    /// Whether only a parent's profile may change `key` for a child's profile (its definition
    /// says so; a key the catalogue does not know is not: a child may clear a value recorded before).
    func isParentControlled(_ key: SettingKey) -> Bool { byKey[key.value]?.isParentControlled ?? false }

    /// The key of a set command: known, of `scope`, with `value` of its type.
    /// - Throws: ``StoreError`` `unknownSetting` for a key not in the catalogue, `invalidValue`
    ///   for a malformed key, a key of the other scope or a value its type does not take.
    func checkedChange(key text: String, value: SettingValue, scope: SettingDefinition.Scope) throws(StoreError) -> SettingKey {
        let definition = try known(text, scope: scope)
        if case .double(let number) = value { _ = try Input.checked { () throws(EventValidationError) in try SettingValue.finite(number) } }
        guard definition.type.accepts(value) else {
            throw StoreError(.invalidValue, "\(definition.key) takes \(definition.type), not \(value)", field: "value")
        }
        return definition.key
    }

    /// The key of an unset command: any well-formed key, but a known one only in its own scope.
    /// - Throws: ``StoreError`` `invalidValue` for a malformed key or one of the other scope.
    func checkedUnset(key text: String, scope: SettingDefinition.Scope) throws(StoreError) -> SettingKey {
        let key = try Input.settingKey(text)
        if let definition = byKey[key.value] { try Self.require(definition, scope: scope) }
        return key
    }

    /// Checks a recorded change or unset (`value` nil) of `key`, as an import admits it: a key the
    /// catalogue knows must be of `scope`, and a value must be of its type; a key it does not
    /// know is admitted, since a log may hold keys declared by another app or before they were
    /// declared here (they fold all the same).
    /// - Throws: ``StoreError`` `invalidValue` for a known key of the other scope or a value its type does not take.
    func checkRecorded(_ key: SettingKey, value: SettingValue?, scope: SettingDefinition.Scope) throws(StoreError) {
        guard byKey[key.value] != nil else { return }
        if let value {
            _ = try checkedChange(key: key.value, value: value, scope: scope)
        } else {
            _ = try checkedUnset(key: key.value, scope: scope)
        }
    }

    private func known(_ text: String, scope: SettingDefinition.Scope) throws(StoreError) -> SettingDefinition {
        let key = try Input.settingKey(text)
        guard let definition = byKey[key.value] else {
            let known = definitions.filter { $0.scope == scope }.map(\.key.value)
            throw StoreError(.unknownSetting, "setting \(key) is not in the store's setting catalogue; use a known "
                             + "\(scope == .app ? "app-wide" : "profile") setting (\(known.isEmpty ? "none defined" : known.joined(separator: ", "))) "
                             + "or define it in StoreOptions.settings", field: "key")
        }
        try Self.require(definition, scope: scope)
        return definition
    }

    private static func require(_ definition: SettingDefinition, scope: SettingDefinition.Scope) throws(StoreError) {
        guard definition.scope == scope else {
            throw StoreError(.invalidValue, definition.scope == .app
                             ? "setting \(definition.key) is app-wide; change it with .profiles(.changeAppSetting) or .profiles(.unsetAppSetting)"
                             : "setting \(definition.key) is per profile; change it with .profiles(.changeSetting) or .profiles(.unsetSetting)",
                             field: "key")
        }
    }
}
