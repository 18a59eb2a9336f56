// The event catalog. Adding a field or changing a type here changes the encodings: add a
// new schema version (and an upcaster) instead; see Events/FORMAT.md.

// Bedtime stories: requested, generated or failed, read, favourited, deleted. Stream: `story`. A story's title and text name the child, so they are personal-data references.

/// A story was asked for.
public struct StoryRequested: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.story-requested" }
    /// The schema version this build writes: 2 (the growth topic became optional; version 1
    /// is ``StoryRequestedV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// The story to be generated.
    public let story: StoryID
    /// The theme chosen, e.g. "space".
    public let theme: String
    /// The child's age in years.
    public let childAge: ChildAge
    /// What the story should help with, e.g. "sharing"; nil for a plain story.
    public let growthTopic: String?
    /// The child's name, if one was given.
    public let childName: PersonalDataReference?

    /// The event with these (already validated) values.
    public init(story: StoryID, theme: String, childAge: ChildAge, growthTopic: String?, childName: PersonalDataReference?) {
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
    /// The schema version this build writes: 2 (adds `model`; version 1 is ``StoryGeneratedV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// The story.
    public let story: StoryID
    /// Its title.
    public let title: PersonalDataReference
    /// Its pages, in order.
    public let pages: [StoryPage]
    /// The model that wrote it, e.g. "gpt-4o-mini"; nil when not recorded (version 1).
    public let model: String?

    /// The event with these (already validated) values.
    public init(story: StoryID, title: PersonalDataReference, pages: [StoryPage], model: String?) {
        self.story = story
        self.title = title
        self.pages = pages
        self.model = model
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
    /// The schema version this build writes: 2 (adds `model`; version 1 is ``IllustrationGeneratedV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// The story.
    public let story: StoryID
    /// The page illustrated.
    public let page: PageNumber
    /// Where the image is kept (an asset name or URL).
    public let image: String
    /// The model that drew it, e.g. "dall-e-3"; nil when not recorded (version 1).
    public let model: String?

    /// The event with these (already validated) values.
    public init(story: StoryID, page: PageNumber, image: String, model: String?) {
        self.story = story
        self.page = page
        self.image = image
        self.model = model
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

/// A child's story limits were set. Stream: `profile` of the child, and the envelope's profile
/// is the child's (whose history this is); `setBy` names the parent who set them.
public struct ParentalControlsChanged: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.parental-controls-changed" }
    /// The schema version this build writes: 2 (names the parent and says the themes
    /// explicitly; version 1 is ``ParentalControlsChangedV1``).
    public static var schemaVersion: UInt32 { 2 }

    /// The (non-child) profile that set them; nil when no parent did: the safe defaults a
    /// child's profile is created with, or a version-1 event, which did not record who.
    public let setBy: ProfileID?
    /// How many stories may be requested per local day (0: none).
    public let dailyStoryLimit: UInt32
    /// The themes a story may have.
    public let themes: StoryThemes

    /// The event with these (already validated) values.
    public init(setBy: ProfileID?, dailyStoryLimit: UInt32, themes: StoryThemes) {
        self.setBy = setBy
        self.dailyStoryLimit = dailyStoryLimit
        self.themes = themes
    }
}

/// A parent removed a child's story limits: no daily limit and any theme from now on, until
/// limits are set again. Stream: `profile` of the child (the envelope's profile is the child's).
public struct ParentalControlsCleared: EventPayload {
    /// The stable name of this event type in every encoding.
    public static var typeName: String { "stories.parental-controls-cleared" }
    /// The schema version this build writes.
    public static var schemaVersion: UInt32 { 1 }

    /// The (non-child) profile that cleared them.
    public let setBy: ProfileID

    /// The event with these (already validated) values.
    public init(setBy: ProfileID) {
        self.setBy = setBy
    }
}
