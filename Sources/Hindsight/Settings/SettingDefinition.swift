import Events

/// A known setting: its key, whether it holds one value per profile or one for the whole app,
/// the values it takes, and what it is for. The store's ``SettingCatalogue`` is the built-in
/// definitions (``SettingCatalogue/builtIn``) and the app's own (``StoreOptions/settings``).
public struct SettingDefinition: Sendable, Equatable {
    /// Whose value a setting is.
    public enum Scope: String, Sendable, Equatable {
        /// One value per profile (``ProfileCommand/changeSetting(key:value:)``).
        case profile
        /// One value for the whole app (``ProfileCommand/changeAppSetting(key:value:)``).
        case app
    }

    /// The setting's key.
    public let key: SettingKey
    /// Per profile or app-wide.
    public let scope: Scope
    /// The values it takes.
    public let type: SettingType
    /// What it is for, one line (shown by `hindsight settings`).
    public let summary: String
    /// Whether, for a child's profile, only a parent's profile may change it (naming the child);
    /// false: the child's profile changes it too. Limits are (the built-in daily limits);
    /// preferences (a theme, a voice) are not. Meaningless for an app-wide setting, which only a
    /// grown-up's profile changes anyway.
    public let isParentControlled: Bool

    /// A definition; `parentControlled` true to let only a parent change it for a child's profile.
    /// - Throws: ``StoreError`` `invalidValue` (field `settings`) for a key that is not 1 to 128
    ///   printable ASCII characters without spaces, or a type that accepts no value (an empty
    ///   list of choices, a range with an infinite bound).
    public init(_ key: String, scope: Scope, type: SettingType, summary: String, parentControlled: Bool = false) throws(StoreError) {
        do { self.key = try SettingKey(key) } catch {
            throw StoreError(.invalidValue, "the setting definition's key is not valid: \(error.description)", field: "settings")
        }
        guard type.isSatisfiable else {
            throw StoreError(.invalidValue, "setting \(key) takes \(type), which no value can be; give it at least one value",
                             field: "settings")
        }
        self.scope = scope
        self.type = type
        self.summary = summary
        isParentControlled = parentControlled
    }
}
