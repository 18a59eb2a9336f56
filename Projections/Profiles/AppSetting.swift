import Events

/// An app-wide setting's current value (``AppSettingChanged``): one value for the whole app,
/// whichever profile is active.
public struct AppSetting: Sendable, Equatable {
    /// Which setting.
    public let key: SettingKey
    /// Its typed value (the latest `AppSettingChanged` wins).
    public let value: SettingValue
    /// When it was set.
    public let changed: EventTime
    /// The profile that set it (the event's envelope profile).
    public let changedBy: ProfileID
}

extension AppSetting: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        key = try SettingKey(from: &reader)
        value = try SettingValue(from: &reader)
        changed = try EventTime(from: &reader)
        changedBy = ProfileID(try reader.readUUID())
    }

    package func encode(to writer: inout BinaryWriter) {
        key.encode(to: &writer)
        value.encode(to: &writer)
        changed.encode(to: &writer)
        changedBy.encode(to: &writer)
    }
}
