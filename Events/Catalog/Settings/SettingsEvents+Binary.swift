// Log (binary) encoding of the events in SettingsEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension SettingChanged: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("key", \SettingChanged.key),
        JSONShape.Field("value", \SettingChanged.value),
        JSONShape.Field("setBy", \SettingChanged.setBy),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        key = try SettingKey(from: &reader)
        value = try SettingValue(from: &reader)
        setBy = try ProfileID?(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        key.encode(to: &writer)
        value.encode(to: &writer)
        setBy.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<SettingChanged>.Type] { [SettingChangedV1.self] }
}

extension SettingUnset: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("key", \SettingUnset.key),
        JSONShape.Field("setBy", \SettingUnset.setBy),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        key = try SettingKey(from: &reader)
        setBy = try ProfileID?(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        key.encode(to: &writer)
        setBy.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<SettingUnset>.Type] { [SettingUnsetV1.self] }
}

extension AppSettingChanged: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("key", \AppSettingChanged.key),
        JSONShape.Field("value", \AppSettingChanged.value),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        key = try SettingKey(from: &reader)
        value = try SettingValue(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        key.encode(to: &writer)
        value.encode(to: &writer)
    }
}

extension AppSettingUnset: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("key", \AppSettingUnset.key),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        key = try SettingKey(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        key.encode(to: &writer)
    }
}

extension ExternalServiceConfigured: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("service", \ExternalServiceConfigured.service),
        JSONShape.Field("credential", \ExternalServiceConfigured.credential),
        JSONShape.Field("endpoint", \ExternalServiceConfigured.endpoint),
        JSONShape.Field("model", \ExternalServiceConfigured.model),
        JSONShape.Field("enabled", \ExternalServiceConfigured.enabled),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        service = try String(from: &reader)
        credential = try CredentialReference(from: &reader)
        endpoint = try String?(from: &reader)
        model = try String?(from: &reader)
        enabled = try Bool(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        service.encode(to: &writer)
        credential.encode(to: &writer)
        endpoint.encode(to: &writer)
        model.encode(to: &writer)
        enabled.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<ExternalServiceConfigured>.Type] { [ExternalServiceConfiguredV1.self] }
}

extension ExternalServiceRemoved: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("service", \ExternalServiceRemoved.service),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        service = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        service.encode(to: &writer)
    }
}

extension SchedulerParametersChanged: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("parameters", \SchedulerParametersChanged.parameters),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        parameters = try SchedulerParameters(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        parameters.encode(to: &writer)
    }
}

extension DesiredRetentionChanged: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("retention", \DesiredRetentionChanged.retention),
        JSONShape.Field("setBy", \DesiredRetentionChanged.setBy),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        retention = try DesiredRetention(from: &reader)
        setBy = try ProfileID?(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        retention.encode(to: &writer)
        setBy.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<DesiredRetentionChanged>.Type] { [DesiredRetentionChangedV1.self] }
}

extension DayCutoffChanged: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("hour", \DayCutoffChanged.hour),
        JSONShape.Field("setBy", \DayCutoffChanged.setBy),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        hour = try HourOfDay(from: &reader)
        setBy = try ProfileID?(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        hour.encode(to: &writer)
        setBy.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<DayCutoffChanged>.Type] { [DayCutoffChangedV1.self] }
}
