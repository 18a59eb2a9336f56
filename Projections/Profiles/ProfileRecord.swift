import Events

/// A profile as the read model knows it. Its name is personal data kept outside the log, so only
/// the side-store reference is held here; resolve it through the store's personal-data side store.
public struct ProfileRecord: Sendable, Equatable {
    /// The profile.
    public let id: ProfileID
    /// Where its current name is kept (changes on rename).
    public internal(set) var name: PersonalDataReference
    /// Whether it belongs to a child (parental controls apply).
    public let isChild: Bool
    /// When it was created.
    public let created: EventTime
    /// The log position of its creation: the order of ``ProfileDirectory/profiles(includingDeleted:)``.
    public let creationPosition: UInt64
    /// When it was deleted, nil while it exists.
    public internal(set) var deleted: EventTime?
    /// When it was disabled, nil while enabled.
    public internal(set) var disabled: EventTime?
    /// When its personal data was last erased and why, nil if never.
    public internal(set) var forgotten: ProfileErasure?

    /// Whether it was deleted.
    public var isDeleted: Bool { deleted != nil }
    /// Whether it is disabled (its commands are refused until it is enabled).
    public var isDisabled: Bool { disabled != nil }
}

/// When a profile's personal data was erased, and why (``ProfileForgotten``).
public struct ProfileErasure: Sendable, Equatable {
    /// When.
    public let time: EventTime
    /// Why.
    public let reason: ErasureReason
}

extension ProfileErasure: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        time = try EventTime(from: &reader)
        reason = try ErasureReason(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        time.encode(to: &writer)
        reason.encode(to: &writer)
    }
}

/// A setting's current value for a profile.
public struct ProfileSetting: Sendable, Equatable {
    /// Which setting.
    public let key: SettingKey
    /// Its typed value (the latest `SettingChanged` wins).
    public let value: SettingValue
    /// When it was set.
    public let changed: EventTime
}

/// An external service configured for a profile: its name, where its credential is kept, its
/// endpoint and model and whether it is enabled. The secret itself never enters the log, so it is
/// not here either.
public struct ConfiguredService: Sendable, Equatable {
    /// The service, e.g. "openai".
    public let service: String
    /// Where its credential is kept, e.g. `keychain:openai-api-key`.
    public let credential: CredentialReference
    /// The URL to call, nil for the service's default.
    public let endpoint: String?
    /// The model to ask for, nil for the service's default.
    public let model: String?
    /// Whether the app may use it.
    public let enabled: Bool
    /// When it was (last) configured.
    public let configured: EventTime
}

extension ProfileRecord: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = ProfileID(try reader.readUUID())
        name = try PersonalDataReference(from: &reader)
        isChild = try reader.readBool()
        created = try EventTime(from: &reader)
        creationPosition = try UInt64(from: &reader)
        deleted = try EventTime?(from: &reader)
        disabled = try EventTime?(from: &reader)
        forgotten = try ProfileErasure?(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        name.encode(to: &writer)
        isChild.encode(to: &writer)
        created.encode(to: &writer)
        creationPosition.encode(to: &writer)
        deleted.encode(to: &writer)
        disabled.encode(to: &writer)
        forgotten.encode(to: &writer)
    }
}

extension ProfileSetting: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        key = try SettingKey(from: &reader)
        value = try SettingValue(from: &reader)
        changed = try EventTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        key.encode(to: &writer)
        value.encode(to: &writer)
        changed.encode(to: &writer)
    }
}

extension ConfiguredService: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        service = try String(from: &reader)
        credential = try CredentialReference(from: &reader)
        endpoint = try String?(from: &reader)
        model = try String?(from: &reader)
        enabled = try reader.readBool()
        configured = try EventTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        service.encode(to: &writer)
        credential.encode(to: &writer)
        endpoint.encode(to: &writer)
        model.encode(to: &writer)
        enabled.encode(to: &writer)
        configured.encode(to: &writer)
    }
}
