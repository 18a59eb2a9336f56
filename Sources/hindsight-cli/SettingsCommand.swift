import Hindsight

/// `hindsight settings`: the app-wide settings (by key), then per profile its settings (by key)
/// and its configured services (by name, with the credential reference, never a secret).
struct SettingsCommand: ProfileViewCommand {
    static let spec = CommandSpec(
        path: ["settings"],
        summary: "app-wide settings, then settings and configured services per profile",
        about: """
            First the app-wide settings (one value for the whole app), by key, with the profile that
            set each; then per profile (or the one given): every setting, by key, with its typed value
            and when it was last changed; then every configured service, by name, with the reference
            to its credential (the store holds references, never secrets) and when it was configured.
            """,
        options: viewOptions)

    static let reads: ReadModelNeeds = []
    let query: QueryOptions
    let json: Bool

    struct Entry: Encodable {
        struct Setting: Encodable {
            let key: String
            let value: SettingValue
            let changed: ShownTime
        }
        struct Service: Encodable {
            let service, credential: String
            let configured: ShownTime
        }
        let settings: [Setting]
        let services: [Service]
    }

    func entry(for record: ProfileRecord, in models: CurrentReadModels) -> Entry {
        Entry(settings: models.directory.settings(profile: record.id).map {
                  Entry.Setting(key: $0.key.value, value: $0.value, changed: ShownTime($0.changed, viewedAt: query.now))
              },
              services: models.directory.services(profile: record.id).map {
                  Entry.Service(service: $0.service, credential: $0.credential.value,
                                configured: ShownTime($0.configured, viewedAt: query.now))
              })
    }

    /// `settings --json`'s `app`: the app-wide settings.
    struct AppWide: Encodable {
        struct Setting: Encodable {
            let key: String
            let value: SettingValue
            let changed: ShownTime
            /// The id of the profile that set it, and its name.
            let changedBy, changedByName: String
        }
        let settings: [Setting]
    }

    func storeWide(in models: CurrentReadModels) -> AppWide? {
        AppWide(settings: models.directory.appSettings().map {
            AppWide.Setting(key: $0.key.value, value: $0.value, changed: ShownTime($0.changed, viewedAt: query.now),
                            changedBy: $0.changedBy.description,
                            changedByName: models.directory.profile($0.changedBy).map(models.name(of:)) ?? "-")
        })
    }

    func lines(storeWide: AppWide) -> [String] {
        ["app-wide settings: " + (storeWide.settings.isEmpty ? "none" : EnglishText.count(storeWide.settings.count, "setting"))]
            + storeWide.settings.map { "  \($0.key) = \(Self.text($0.value))  (changed \($0.changed.text) by \($0.changedByName))" }
    }

    func lines(_ entry: Entry) -> [String] {
        ["settings: " + (entry.settings.isEmpty ? "none" : EnglishText.count(entry.settings.count, "setting"))]
            + entry.settings.map { "  \($0.key) = \(Self.text($0.value))  (changed \($0.changed.text))" }
            + ["services: " + (entry.services.isEmpty ? "none" : EnglishText.count(entry.services.count, "service"))]
            + entry.services.map { "  \($0.service): credential \($0.credential)  (configured \($0.configured.text))" }
    }

    /// `true`, `20`, `0.5`, `"dark"`: a setting's value as text (strings quoted).
    static func text(_ value: SettingValue) -> String {
        switch value {
        case .bool(let value): "\(value)"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        }
    }
}
