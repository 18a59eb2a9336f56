// Log (binary) encoding of the events in ProfileEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension ProfileCreated: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("profile", \ProfileCreated.profile),
        JSONShape.Field("name", \ProfileCreated.name),
        JSONShape.Field("isChild", \ProfileCreated.isChild),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
        name = try PersonalDataReference(from: &reader)
        isChild = try Bool(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        name.encode(to: &writer)
        isChild.encode(to: &writer)
    }
}

extension ProfileRenamed: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("profile", \ProfileRenamed.profile),
        JSONShape.Field("name", \ProfileRenamed.name),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
        name = try PersonalDataReference(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        name.encode(to: &writer)
    }
}

extension ProfileSwitched: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("profile", \ProfileSwitched.profile),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}

extension ProfileDeleted: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("profile", \ProfileDeleted.profile),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}

extension ProfileForgotten: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("profile", \ProfileForgotten.profile),
        JSONShape.Field("reason", \ProfileForgotten.reason),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
        reason = try ErasureReason(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        reason.encode(to: &writer)
    }
}

extension ProfileDisabled: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("profile", \ProfileDisabled.profile),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}

extension ProfileEnabled: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("profile", \ProfileEnabled.profile),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}
