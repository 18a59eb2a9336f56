// Log (binary) encoding of the events in StoryEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension StoryRequested: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        theme = try String(from: &reader)
        childAge = try ChildAge(from: &reader)
        growthTopic = try String?(from: &reader)
        childName = try Optional<PersonalDataReference>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        theme.encode(to: &writer)
        childAge.encode(to: &writer)
        growthTopic.encode(to: &writer)
        childName.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<StoryRequested>.Type] { [StoryRequestedV1.self] }
}

extension StoryGenerated: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        title = try PersonalDataReference(from: &reader)
        pages = try Array<StoryPage>(from: &reader)
        model = try String?(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        title.encode(to: &writer)
        pages.encode(to: &writer)
        model.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<StoryGenerated>.Type] { [StoryGeneratedV1.self] }
}

extension StoryGenerationFailed: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        reason = try String(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        reason.encode(to: &writer)
    }
}

extension IllustrationGenerated: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
        page = try PageNumber(from: &reader)
        image = try String(from: &reader)
        model = try String?(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
        page.encode(to: &writer)
        image.encode(to: &writer)
        model.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<IllustrationGenerated>.Type] { [IllustrationGeneratedV1.self] }
}

extension IllustrationFailed: RegisteredEvent {
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

extension StoryFavourited: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension StoryUnfavourited: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension StoryRead: RegisteredEvent {
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

extension StoryDeleted: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension ParentalControlsChanged: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        setBy = try ProfileID?(from: &reader)
        dailyStoryLimit = try UInt32(from: &reader)
        themes = try StoryThemes(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        setBy.encode(to: &writer)
        dailyStoryLimit.encode(to: &writer)
        themes.encode(to: &writer)
    }

    /// Version 1, upcast on reading.
    package static var earlierVersions: [any EarlierEventVersion<ParentalControlsChanged>.Type] { [ParentalControlsChangedV1.self] }
}

extension ParentalControlsCleared: RegisteredEvent {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        setBy = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        setBy.encode(to: &writer)
    }
}
