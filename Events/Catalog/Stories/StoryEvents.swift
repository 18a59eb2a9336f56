// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Bedtime stories: requested, generated or failed, read, favourited, deleted. Stream: `story`. A story's title and text name the child, so they are personal-data references.

/// A story was asked for.
public struct StoryRequested: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.story-requested" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story to be generated.
    public let story: StoryID
    /// The theme chosen, e.g. "space".
    public let theme: String
    /// The child's age in years.
    public let childAge: ChildAge
    /// What the story should help with, e.g. "sharing".
    public let growthTopic: String
    /// The child's name, if one was given.
    public let childName: PersonalDataReference?

    /// The event with these (already validated) values.
    public init(story: StoryID, theme: String, childAge: ChildAge, growthTopic: String, childName: PersonalDataReference?) {
        self.story = story
        self.theme = theme
        self.childAge = childAge
        self.growthTopic = growthTopic
        self.childName = childName
    }
}

/// A requested story was written.
public struct StoryGenerated: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.story-generated" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID
    /// Its title.
    public let title: PersonalDataReference
    /// Its pages, in order.
    public let pages: [StoryPage]

    /// The event with these (already validated) values.
    public init(story: StoryID, title: PersonalDataReference, pages: [StoryPage]) {
        self.story = story
        self.title = title
        self.pages = pages
    }
}

/// Writing a requested story failed.
public struct StoryGenerationFailed: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.story-generation-failed" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID
    /// Why, as reported by the generator.
    public let reason: String

    /// The event with these (already validated) values.
    public init(story: StoryID, reason: String) {
        self.story = story
        self.reason = reason
    }
}

/// A page's illustration was drawn.
public struct IllustrationGenerated: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.illustration-generated" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID
    /// The page illustrated.
    public let page: PageNumber
    /// Where the image is kept (an asset name or URL).
    public let image: String

    /// The event with these (already validated) values.
    public init(story: StoryID, page: PageNumber, image: String) {
        self.story = story
        self.page = page
        self.image = image
    }
}

/// Drawing a page's illustration failed.
public struct IllustrationFailed: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.illustration-failed" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID
    /// The page.
    public let page: PageNumber
    /// Why, as reported by the generator.
    public let reason: String

    /// The event with these (already validated) values.
    public init(story: StoryID, page: PageNumber, reason: String) {
        self.story = story
        self.page = page
        self.reason = reason
    }
}

/// A story was marked as a favourite.
public struct StoryFavourited: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.story-favourited" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID

    /// The event with these (already validated) values.
    public init(story: StoryID) {
        self.story = story
    }
}

/// A story was no longer a favourite.
public struct StoryUnfavourited: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.story-unfavourited" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID

    /// The event with these (already validated) values.
    public init(story: StoryID) {
        self.story = story
    }
}

/// A story was read, to some page.
public struct StoryRead: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.story-read" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID
    /// The furthest page reached.
    public let lastPageRead: PageNumber
    /// Whether the story was read to the end.
    public let finished: Bool

    /// The event with these (already validated) values.
    public init(story: StoryID, lastPageRead: PageNumber, finished: Bool) {
        self.story = story
        self.lastPageRead = lastPageRead
        self.finished = finished
    }
}

/// A story was deleted from the library.
public struct StoryDeleted: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.story-deleted" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The story.
    public let story: StoryID

    /// The event with these (already validated) values.
    public init(story: StoryID) {
        self.story = story
    }
}

/// A parent changed the story limits. Stream: `profile` (of the child).
public struct ParentalControlsChanged: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.parental-controls-changed" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// How many stories may be generated per local day.
    public let dailyStoryLimit: UInt32
    /// The themes a story may have; empty allows none.
    public let allowedThemes: [String]

    /// The event with these (already validated) values.
    public init(dailyStoryLimit: UInt32, allowedThemes: [String]) {
        self.dailyStoryLimit = dailyStoryLimit
        self.allowedThemes = allowedThemes
    }
}
