// Log (binary) encoding of the events in ProfileEvents.swift: fields in declaration order.

extension ProfileCreated: BinaryCodable {
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

extension ProfileRenamed: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
        name = try PersonalDataReference(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        name.encode(to: &writer)
    }
}

extension ProfileSwitched: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}

extension ProfileDeleted: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}
