// Log (binary) encoding of the events in ProfileEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension ProfileCreated: RegisteredEvent {
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
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}

extension ProfileDeleted: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}

extension ProfileForgotten: RegisteredEvent {
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
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}

extension ProfileEnabled: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}
