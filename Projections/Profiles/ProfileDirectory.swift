import Events

/// The profiles-and-settings read model, folded by ``ProfilesProjection``: every profile ever
/// created (deleted ones flagged), the active profile, the app-wide settings, and per profile its
/// typed settings, external services, scheduler settings and day cut-off.
///
/// Every recorded setting folds, whatever its key or value: the catalogue of known keys
/// (`SettingCatalogue` in Hindsight) decides which commands are accepted, never how the log reads.
///
/// Settings, services and scheduler changes belong to the event's profile (the envelope's), the
/// same profile the ``ProfileCalendar`` uses for day cut-offs; a deleted profile keeps them.
/// Holds personal-data and credential *references* only, never a name or a secret.
public struct ProfileDirectory: ProjectionState, BinaryCodable, Equatable {
    var records: [ProfileID: ProfileRecord] = [:]
    /// The active profile (the latest `ProfileSwitched` to a live profile; nil once it is deleted or disabled).
    public internal(set) var activeProfile: ProfileID?
    var settingValues: [ProfileID: [String: ProfileSetting]] = [:]
    /// The app-wide settings, by key.
    var appSettingValues: [String: AppSetting] = [:]
    var serviceConfigurations: [ProfileID: [String: ConfiguredService]] = [:]
    var schedulerChanges: [ProfileID: SchedulerChanges] = [:]
    /// Day cut-offs per profile.
    public internal(set) var calendar: ProfileCalendar
    /// The scheduler settings of profiles that never changed them.
    let defaultParameters: SchedulerParameters
    let defaultRetention: DesiredRetention

    init(calendar: ProfileCalendar, defaultParameters: SchedulerParameters, defaultRetention: DesiredRetention) {
        self.calendar = calendar
        self.defaultParameters = defaultParameters
        self.defaultRetention = defaultRetention
    }

    /// The profiles in creation order, without deleted ones unless `includingDeleted`.
    /// - Complexity: O(p log p).
    public func profiles(includingDeleted: Bool = false) -> [ProfileRecord] {
        records.values.filter { includingDeleted || !$0.isDeleted }.sorted { $0.creationPosition < $1.creationPosition }
    }

    /// The profile `id` (deleted or not), nil if never created.
    public func profile(_ id: ProfileID) -> ProfileRecord? { records[id] }

    /// The settings of `profile`, sorted by key.
    public func settings(profile: ProfileID) -> [ProfileSetting] {
        (settingValues[profile] ?? [:]).values.sorted { $0.key.value < $1.key.value }
    }

    /// The current value of setting `key` for `profile`, nil if never set.
    public func setting(profile: ProfileID, key: SettingKey) -> SettingValue? {
        settingValues[profile]?[key.value]?.value
    }

    /// The app-wide settings (``AppSettingChanged``), sorted by key: every recorded key, whether
    /// or not the store's setting catalogue knows it.
    public func appSettings() -> [AppSetting] {
        appSettingValues.values.sorted { $0.key.value < $1.key.value }
    }

    /// The current app-wide value of setting `key`, nil if never set (or unset since).
    public func appSetting(_ key: SettingKey) -> SettingValue? {
        appSettingValues[key.value]?.value
    }

    /// The external services configured for `profile`, sorted by service name.
    public func services(profile: ProfileID) -> [ConfiguredService] {
        (serviceConfigurations[profile] ?? [:]).values.sorted { $0.service < $1.service }
    }

    /// The scheduler settings in force for `profile` (defaults where it changed nothing): the same
    /// as the vocabulary read model schedules with, since both ignore parameters FSRS refuses.
    public func scheduler(profile: ProfileID) -> SchedulerSettings {
        let changes = schedulerChanges[profile]
        return SchedulerSettings(
            parameters: changes?.parameters ?? defaultParameters, isDefaultParameters: changes?.parameters == nil,
            desiredRetention: changes?.retention ?? defaultRetention, isDefaultRetention: changes?.retention == nil,
            dayCutoffHour: calendar.cutoffHour(of: profile))
    }
}

extension ProfileDirectory {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        records = try [ProfileID: ProfileRecord](decoding: &reader)
        activeProfile = try ProfileID?(from: &reader)
        settingValues = try [ProfileID: [String: ProfileSetting]](decoding: &reader)
        serviceConfigurations = try [ProfileID: [String: ConfiguredService]](decoding: &reader)
        schedulerChanges = try [ProfileID: SchedulerChanges](decoding: &reader)
        calendar = try ProfileCalendar(from: &reader)
        defaultParameters = try SchedulerParameters(from: &reader)
        defaultRetention = try DesiredRetention(from: &reader)
        appSettingValues = try [String: AppSetting](decoding: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        records.encode(to: &writer)
        activeProfile.encode(to: &writer)
        settingValues.encode(to: &writer)
        serviceConfigurations.encode(to: &writer)
        schedulerChanges.encode(to: &writer)
        calendar.encode(to: &writer)
        defaultParameters.encode(to: &writer)
        defaultRetention.encode(to: &writer)
        appSettingValues.encode(to: &writer)
    }
}
