// Log (binary) encoding of the events in StoryEvents.swift, which makes them registered event types (each
// has one row in `EventKind.withType`): fields in declaration order.

extension StoryRequested: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \StoryRequested.story),
        JSONShape.Field("theme", \StoryRequested.theme),
        JSONShape.Field("childAge", \StoryRequested.childAge),
        JSONShape.Field("growthTopic", \StoryRequested.growthTopic),
        JSONShape.Field("childName", \StoryRequested.childName),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \StoryGenerated.story),
        JSONShape.Field("title", \StoryGenerated.title),
        JSONShape.Field("pages", \StoryGenerated.pages),
        JSONShape.Field("model", \StoryGenerated.model),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \StoryGenerationFailed.story),
        JSONShape.Field("reason", \StoryGenerationFailed.reason),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \IllustrationGenerated.story),
        JSONShape.Field("page", \IllustrationGenerated.page),
        JSONShape.Field("image", \IllustrationGenerated.image),
        JSONShape.Field("model", \IllustrationGenerated.model),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \IllustrationFailed.story),
        JSONShape.Field("page", \IllustrationFailed.page),
        JSONShape.Field("reason", \IllustrationFailed.reason),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \StoryFavourited.story),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension StoryUnfavourited: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \StoryUnfavourited.story),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension StoryRead: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \StoryRead.story),
        JSONShape.Field("lastPageRead", \StoryRead.lastPageRead),
        JSONShape.Field("finished", \StoryRead.finished),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("story", \StoryDeleted.story),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        story = try StoryID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        story.encode(to: &writer)
    }
}

extension ParentalControlsChanged: RegisteredEvent {
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("setBy", \ParentalControlsChanged.setBy),
        JSONShape.Field("dailyStoryLimit", \ParentalControlsChanged.dailyStoryLimit),
        JSONShape.Field("themes", \ParentalControlsChanged.themes),
    ])

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
    /// The JSON keys of the fields, in the order `encode(to:)` writes them.
    package static let jsonShape = JSONShape([
        JSONShape.Field("setBy", \ParentalControlsCleared.setBy),
    ])

    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        setBy = try ProfileID(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        setBy.encode(to: &writer)
    }
}
