// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Settings of a profile: typed settings, external services, the scheduler. Stream: `profile`.

/// A setting was given a value. The envelope's profile is the profile whose setting it is (a
/// child's, when a parent set it for the child).
public struct SettingChanged: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.setting-changed" }
    /// The schema version this build writes: 2 (names the parent who set a child's setting;
    /// version 1 is ``SettingChangedV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// Which setting.
    public let key: SettingKey
    /// Its new typed value.
    public let value: SettingValue
    /// The parent's profile that set it for a child's profile; nil when the profile set its own
    /// (or a version-1 event, which did not record who).
    public let setBy: ProfileID?

    /// The event with these (already validated) values.
    public init(key: SettingKey, value: SettingValue, setBy: ProfileID? = nil) {
        self.key = key
        self.value = value
        self.setBy = setBy
    }
}

/// A setting was unset: the profile has no value for it any more (read models fall back to their
/// defaults, e.g. the configured daily new-card limit).
public struct SettingUnset: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.setting-unset" }
    /// The schema version this build writes: 2 (names the parent who unset a child's setting;
    /// version 1 is ``SettingUnsetV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// Which setting.
    public let key: SettingKey
    /// The parent's profile that unset it for a child's profile; nil when the profile unset its
    /// own (or a version-1 event, which did not record who).
    public let setBy: ProfileID?

    /// The event with these (already validated) values.
    public init(key: SettingKey, setBy: ProfileID? = nil) {
        self.key = key
        self.setBy = setBy
    }
}

/// An app-wide setting was given a value: one value for the whole app, whichever profile is
/// active (e.g. the app's theme). Stream: ``StreamID/appSettings``; the envelope's profile is the
/// profile that changed it.
public struct AppSettingChanged: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.app-setting-changed" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// Which setting.
    public let key: SettingKey
    /// Its new typed value.
    public let value: SettingValue

    /// The event with these (already validated) values.
    public init(key: SettingKey, value: SettingValue) {
        self.key = key
        self.value = value
    }
}

/// An app-wide setting was unset: the app has no value for it any more (readers fall back to
/// their defaults). Stream: ``StreamID/appSettings``.
public struct AppSettingUnset: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.app-setting-unset" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// Which setting.
    public let key: SettingKey

    /// The event with these (already validated) values.
    public init(key: SettingKey) {
        self.key = key
    }
}

/// An external service (e.g. a story generator) was configured, or configured again (the latest
/// wins). Holds where the credential is kept, never the secret.
public struct ExternalServiceConfigured: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.external-service-configured" }
    /// The schema version this build writes: 2 (adds endpoint, model and enabled; version 1 is
    /// ``ExternalServiceConfiguredV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// The service, e.g. "openai".
    public let service: String
    /// Where its credential is kept.
    public let credential: CredentialReference
    /// The URL to call, nil for the service's own default.
    public let endpoint: String?
    /// The model to ask for, e.g. "gpt-4o-mini", nil for the service's default.
    public let model: String?
    /// Whether the app may use it (a configured service can be switched off and kept).
    public let enabled: Bool

    /// The event with these (already validated) values.
    public init(service: String, credential: CredentialReference, endpoint: String?, model: String?, enabled: Bool) {
        self.service = service
        self.credential = credential
        self.endpoint = endpoint
        self.model = model
        self.enabled = enabled
    }
}

/// A configured external service was removed (its credential reference with it).
public struct ExternalServiceRemoved: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.external-service-removed" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The service.
    public let service: String

    /// The event with these (already validated) values.
    public init(service: String) {
        self.service = service
    }
}

/// The FSRS weights were changed.
public struct SchedulerParametersChanged: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.scheduler-parameters-changed" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The new weights (19 or 21).
    public let parameters: SchedulerParameters

    /// The event with these (already validated) values.
    public init(parameters: SchedulerParameters) {
        self.parameters = parameters
    }
}

/// The target retention of the scheduler was changed.
public struct DesiredRetentionChanged: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.desired-retention-changed" }
    /// The schema version this build writes: 2 (names the parent who changed a child's retention;
    /// version 1 is ``DesiredRetentionChangedV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// The new target, between 0 and 1.
    public let retention: DesiredRetention
    /// The parent's profile that changed it for a child's profile; nil when the profile changed
    /// its own (or a version-1 event, which did not record who).
    public let setBy: ProfileID?

    /// The event with these (already validated) values.
    public init(retention: DesiredRetention, setBy: ProfileID? = nil) {
        self.retention = retention
        self.setBy = setBy
    }
}

/// The hour at which the learner's day starts was changed.
public struct DayCutoffChanged: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "settings.day-cutoff-changed" }
    /// The schema version this build writes: 2 (names the parent who changed a child's cut-off;
    /// version 1 is ``DayCutoffChangedV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// The new cut-off hour, 0-23, local time.
    public let hour: HourOfDay
    /// The parent's profile that changed it for a child's profile; nil when the profile changed
    /// its own (or a version-1 event, which did not record who).
    public let setBy: ProfileID?

    /// The event with these (already validated) values.
    public init(hour: HourOfDay, setBy: ProfileID? = nil) {
        self.hour = hour
        self.setBy = setBy
    }
}
