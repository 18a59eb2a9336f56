// Log (binary) encoding of the events in ProfileEvents.swift: fields in declaration order.

extension ProfileCreated: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
        name = try PersonalDataReference(from: &reader)
        isChild = try Bool(from: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        name.encode(to: &writer)
        isChild.encode(to: &writer)
    }
}

extension ProfileRenamed: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
        name = try PersonalDataReference(from: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        name.encode(to: &writer)
    }
}

extension ProfileSwitched: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}

extension ProfileDeleted: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = try ProfileID(from: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
    }
}
