// Released schema versions of the settings events that are no longer written. Frozen: never edit
// a released shape; each has a pure upcaster to the next version.

/// `settings.setting-changed` version 1, before a parent could set a child's setting. Upcast to
/// ``SettingChanged`` (version 2) with `setBy = nil` (the profile's own change, as every
/// version-1 change was).
public struct SettingChangedV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { SettingChanged.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// Which setting.
    public let key: SettingKey
    /// Its new typed value.
    public let value: SettingValue

    /// The version-1 event with these values.
    public init(key: SettingKey, value: SettingValue) {
        self.key = key
        self.value = value
    }

    /// Version 2 of the same change, made by the profile itself.
    public func upcastToCurrent() -> SettingChanged { SettingChanged(key: key, value: value, setBy: nil) }
}

/// `settings.setting-unset` version 1. Upcast to ``SettingUnset`` (version 2) with `setBy = nil`.
public struct SettingUnsetV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { SettingUnset.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// Which setting.
    public let key: SettingKey

    /// The version-1 event with these values.
    public init(key: SettingKey) {
        self.key = key
    }

    /// Version 2 of the same unset, made by the profile itself.
    public func upcastToCurrent() -> SettingUnset { SettingUnset(key: key, setBy: nil) }
}

/// `settings.desired-retention-changed` version 1. Upcast to ``DesiredRetentionChanged``
/// (version 2) with `setBy = nil`.
public struct DesiredRetentionChangedV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { DesiredRetentionChanged.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// The new target, between 0 and 1.
    public let retention: DesiredRetention

    /// The version-1 event with these values.
    public init(retention: DesiredRetention) {
        self.retention = retention
    }

    /// Version 2 of the same change, made by the profile itself.
    public func upcastToCurrent() -> DesiredRetentionChanged { DesiredRetentionChanged(retention: retention, setBy: nil) }
}

/// `settings.day-cutoff-changed` version 1. Upcast to ``DayCutoffChanged`` (version 2) with
/// `setBy = nil`.
public struct DayCutoffChangedV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { DayCutoffChanged.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// The new cut-off hour, 0-23, local time.
    public let hour: HourOfDay

    /// The version-1 event with these values.
    public init(hour: HourOfDay) {
        self.hour = hour
    }

    /// Version 2 of the same change, made by the profile itself.
    public func upcastToCurrent() -> DayCutoffChanged { DayCutoffChanged(hour: hour, setBy: nil) }
}

extension SettingChangedV1: EarlierEventVersion {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        key = try SettingKey(from: &reader)
        value = try SettingValue(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        key.encode(to: &writer)
        value.encode(to: &writer)
    }
}

extension SettingUnsetV1: EarlierEventVersion {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        key = try SettingKey(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        key.encode(to: &writer)
    }
}

extension DesiredRetentionChangedV1: EarlierEventVersion {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        retention = try DesiredRetention(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        retention.encode(to: &writer)
    }
}

extension DayCutoffChangedV1: EarlierEventVersion {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        hour = try HourOfDay(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        hour.encode(to: &writer)
    }
}
