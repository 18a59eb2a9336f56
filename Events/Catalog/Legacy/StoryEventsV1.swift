// Released schema versions of the story events that are no longer written. Frozen: never edit a
// released shape; each has a pure upcaster to the next version.

/// `stories.story-requested` version 1, when every story had a growth topic. Upcast to
/// ``StoryRequested`` (version 2) with the same topic.
public struct StoryRequestedV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { StoryRequested.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// The story to be generated.
    public let story: StoryID
    /// The theme chosen.
    public let theme: String
    /// The child's age in years.
    public let childAge: ChildAge
    /// What the story should help with.
    public let growthTopic: String
    /// The child's name, if one was given.
    public let childName: PersonalDataReference?

    /// The version-1 event with these values.
    public init(story: StoryID, theme: String, childAge: ChildAge, growthTopic: String, childName: PersonalDataReference?) {
        self.story = story
        self.theme = theme
        self.childAge = childAge
        self.growthTopic = growthTopic
        self.childName = childName
    }

    /// Version 2 of the same fact: the topic kept as it was.
    public func upcastToCurrent() -> StoryRequested {
        StoryRequested(story: story, theme: theme, childAge: childAge, growthTopic: growthTopic, childName: childName)
    }
}

/// `stories.story-generated` version 1, before the model was recorded. Upcast to
/// ``StoryGenerated`` (version 2) with `model = nil` (not recorded).
public struct StoryGeneratedV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { StoryGenerated.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID
    /// Its title.
    public let title: PersonalDataReference
    /// Its pages, in order.
    public let pages: [StoryPage]

    /// The version-1 event with these values.
    public init(story: StoryID, title: PersonalDataReference, pages: [StoryPage]) {
        self.story = story
        self.title = title
        self.pages = pages
    }

    /// Version 2 of the same fact, with no model recorded.
    public func upcastToCurrent() -> StoryGenerated {
        StoryGenerated(story: story, title: title, pages: pages, model: nil)
    }
}

/// `stories.illustration-generated` version 1, before the model was recorded. Upcast to
/// ``IllustrationGenerated`` (version 2) with `model = nil` (not recorded).
public struct IllustrationGeneratedV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { IllustrationGenerated.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID
    /// The page illustrated.
    public let page: PageNumber
    /// Where the image is kept.
    public let image: String

    /// The version-1 event with these values.
    public init(story: StoryID, page: PageNumber, image: String) {
        self.story = story
        self.page = page
        self.image = image
    }

    /// Version 2 of the same fact, with no model recorded.
    public func upcastToCurrent() -> IllustrationGenerated {
        IllustrationGenerated(story: story, page: page, image: image, model: nil)
    }
}

/// `stories.parental-controls-changed` version 1: a limit and a list of themes in which an
/// empty list allowed no theme, hence no story, and no record of who set them. Upcast to
/// ``ParentalControlsChanged`` (version 2).
public struct ParentalControlsChangedV1: EventPayload {
    /// The same type name as the current version.
    public static var typeName: String { ParentalControlsChanged.typeName }
    /// The version of this shape.
    public static var schemaVersion: UInt32 { 1 }

    /// How many stories may be generated per local day.
    public let dailyStoryLimit: UInt32
    /// The themes a story may have; empty allowed none.
    public let allowedThemes: [String]

    /// The version-1 event with these values.
    public init(dailyStoryLimit: UInt32, allowedThemes: [String]) {
        self.dailyStoryLimit = dailyStoryLimit
        self.allowedThemes = allowedThemes
    }

    /// Version 2 of the same limits, allowing exactly the stories version 1 allowed: `setBy` nil
    /// (not recorded); the non-empty themes as `only`; and when no non-empty theme is listed
    /// (which matched no request, since a request's theme is never empty) a daily limit of 0
    /// with any theme, the explicit way to allow no story.
    public func upcastToCurrent() -> ParentalControlsChanged {
        let themes = allowedThemes.filter { !$0.isEmpty }
        guard let allowed = try? StoryThemes.only(themes) else {
            return ParentalControlsChanged(setBy: nil, dailyStoryLimit: 0, themes: .any)
        }
        return ParentalControlsChanged(setBy: nil, dailyStoryLimit: dailyStoryLimit, themes: allowed)
    }
}

extension StoryRequestedV1: EarlierEventVersion {
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

extension StoryGeneratedV1: EarlierEventVersion {
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

extension IllustrationGeneratedV1: EarlierEventVersion {
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

extension ParentalControlsChangedV1: EarlierEventVersion {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        dailyStoryLimit = try UInt32(from: &reader)
        allowedThemes = try Array<String>(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        dailyStoryLimit.encode(to: &writer)
        allowedThemes.encode(to: &writer)
    }
}
