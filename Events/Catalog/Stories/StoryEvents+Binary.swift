// Log (binary) encoding of the events in StoryEvents.swift: fields in declaration order.

extension StoryRequested: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        theme = try String(from: &reader)
        childAge = try ChildAge(from: &reader)
        growthTopic = try String(from: &reader)
        childName = try Optional<PersonalDataReference>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        theme.encode(to: &writer)
        childAge.encode(to: &writer)
        growthTopic.encode(to: &writer)
        childName.encode(to: &writer)
    }
}

extension StoryGenerated: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        title = try PersonalDataReference(from: &reader)
        pages = try Array<StoryPage>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        title.encode(to: &writer)
        pages.encode(to: &writer)
    }
}

extension StoryGenerationFailed: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        reason = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        reason.encode(to: &writer)
    }
}

extension IllustrationGenerated: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        page = try PageNumber(from: &reader)
        image = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        page.encode(to: &writer)
        image.encode(to: &writer)
    }
}

extension IllustrationFailed: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        page = try PageNumber(from: &reader)
        reason = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        page.encode(to: &writer)
        reason.encode(to: &writer)
    }
}

extension StoryFavourited: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension StoryUnfavourited: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension StoryRead: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        lastPageRead = try PageNumber(from: &reader)
        finished = try Bool(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        lastPageRead.encode(to: &writer)
        finished.encode(to: &writer)
    }
}

extension StoryDeleted: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension ParentalControlsChanged: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        dailyStoryLimit = try UInt32(from: &reader)
        allowedThemes = try Array<String>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        dailyStoryLimit.encode(to: &writer)
        allowedThemes.encode(to: &writer)
    }
}
