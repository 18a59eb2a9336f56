import Events
import FSRS

/// Folds the profile and settings events into ``ProfileDirectory``.
///
/// - `ProfileCreated` adds a profile (a second creation of the same id is ignored);
///   `ProfileRenamed` replaces its name reference; `ProfileDeleted` flags it deleted and, if it
///   was active, leaves no profile active; `ProfileForgotten` records when and why its personal
///   data was erased (the latest; deleted profiles too). `ProfileDisabled` / `ProfileEnabled`
///   flag a live profile disabled or not (disabling the active profile leaves none active). Renames and switches of unknown or deleted profiles
///   are ignored.
/// - `AppSettingChanged` replaces the app-wide value of its key (the latest wins, whichever
///   profile recorded it); `AppSettingUnset` removes it.
/// - `SettingUnset` and `ExternalServiceRemoved` remove the event profile's value.
/// - `SettingChanged`, `ExternalServiceConfigured`, `SchedulerParametersChanged`,
///   `DesiredRetentionChanged` and `DayCutoffChanged` replace the event profile's value (the
///   latest wins). Never throws.
/// - A `SchedulerParametersChanged` whose weights FSRS refuses (one out of bounds; the log can
///   hold one, e.g. from a JSON Lines import) is ignored, exactly as the vocabulary fold ignores
///   it (the same check: ``SchedulerParametersChanged/fsrsParameters``): the parameters
///   reported stay those in force, the ones scheduling uses.
package struct ProfilesProjection: Projection {
    package typealias State = ProfileDirectory

    package static let name = "profiles"
    /// 2: out-of-bounds scheduler parameters are ignored (version 1 kept them). 3: profiles
    /// record when and why their personal data was forgotten. 4: disabled profiles, unset
    /// settings, removed services, and a service's endpoint, model and enabled flag. 5: app-wide
    /// settings.
    package static let version: UInt32 = 5

    /// The day cut-off hour of profiles that never changed theirs.
    package let defaultCutoffHour: Int
    /// The FSRS weights of profiles that never changed theirs.
    package let defaultParameters: FSRSParameters
    /// The desired retention of profiles that never changed theirs.
    package let defaultRetention: DesiredRetention

    /// A projection with these defaults (FSRS-6 weights, 0.9 retention, a 4 a.m. cut-off unless given).
    package init(defaultCutoffHour: Int = 4, defaultParameters: FSRSParameters = .fsrs6Default,
                 defaultRetention: DesiredRetention = try! DesiredRetention(0.9)) {
        self.defaultCutoffHour = defaultCutoffHour
        self.defaultParameters = defaultParameters
        self.defaultRetention = defaultRetention
    }

    package var fingerprint: UInt64 {
        StableHash.combine(UInt64(bitPattern: Int64(defaultCutoffHour)), defaultParameters.fingerprint,
                           defaultRetention.value.bitPattern)
    }

    package func makeInitialState() -> ProfileDirectory {
        // FSRS weights are 21 finite floats, exactly representable as doubles: always valid.
        let weights = try! SchedulerParameters(defaultParameters.weights.map(Double.init))
        return ProfileDirectory(calendar: ProfileCalendar(defaultCutoffHour: defaultCutoffHour),
                                defaultParameters: weights, defaultRetention: defaultRetention)
    }

    /// The profile and settings events.
    package var kinds: EventKindSet {
        EventKindSet(.settingChanged, .profileSwitched, .profileCreated, .profileRenamed, .profileDeleted,
                     .profileForgotten, .profileDisabled, .profileEnabled, .settingUnset, .externalServiceRemoved,
                     .externalServiceConfigured, .schedulerParametersChanged, .desiredRetentionChanged, .dayCutoffChanged,
                     .appSettingChanged, .appSettingUnset)
    }

    package func apply(_ event: RecordedEvent, to state: inout ProfileDirectory) {
        switch event.event {
        case .settingChanged(let change):
            state.settingValues[event.profile, default: [:]][change.key.value] =
                ProfileSetting(key: change.key, value: change.value, changed: event.occurred)
        case .appSettingChanged(let change):
            state.appSettingValues[change.key.value] = AppSetting(key: change.key, value: change.value, changed: event.occurred,
                                                                  changedBy: event.profile)
        case .appSettingUnset(let unset):
            state.appSettingValues.removeValue(forKey: unset.key.value)
        case .profileSwitched(let switched):
            guard let record = state.records[switched.profile], !record.isDeleted else { return }
            state.activeProfile = switched.profile
        case .profileCreated(let created):
            guard state.records[created.profile] == nil else { return }
            state.records[created.profile] = ProfileRecord(
                id: created.profile, name: created.name, isChild: created.isChild,
                created: event.occurred, creationPosition: event.position, deleted: nil)
        case .profileRenamed(let renamed):
            guard state.records[renamed.profile]?.isDeleted == false else { return }
            state.records[renamed.profile]!.name = renamed.name
        case .profileDeleted(let deleted):
            guard state.records[deleted.profile]?.isDeleted == false else { return }
            state.records[deleted.profile]!.deleted = event.occurred
            if state.activeProfile == deleted.profile { state.activeProfile = nil }
        case .settingUnset(let unset):
            state.settingValues[event.profile]?.removeValue(forKey: unset.key.value)
        case .profileDisabled(let disabled):
            guard state.records[disabled.profile]?.isDeleted == false else { return }
            state.records[disabled.profile]!.disabled = event.occurred
            if state.activeProfile == disabled.profile { state.activeProfile = nil }
        case .profileEnabled(let enabled):
            guard state.records[enabled.profile]?.isDeleted == false else { return }
            state.records[enabled.profile]!.disabled = nil
        case .externalServiceRemoved(let removed):
            state.serviceConfigurations[event.profile]?.removeValue(forKey: removed.service)
        case .profileForgotten(let forgotten):
            state.records[forgotten.profile]?.forgotten = ProfileErasure(time: event.occurred, reason: forgotten.reason)
        case .externalServiceConfigured(let configured):
            state.serviceConfigurations[event.profile, default: [:]][configured.service] =
                ConfiguredService(service: configured.service, credential: configured.credential,
                                  endpoint: configured.endpoint, model: configured.model, enabled: configured.enabled,
                                  configured: event.occurred)
        case .schedulerParametersChanged(let change):
            guard change.fsrsParameters != nil else { return }
            state.schedulerChanges[event.profile, default: SchedulerChanges()].parameters = change.parameters
        case .desiredRetentionChanged(let change):
            state.schedulerChanges[event.profile, default: SchedulerChanges()].retention = change.retention
        case .dayCutoffChanged:
            state.calendar.observe(event)
        default:
            return
        }
    }
}
