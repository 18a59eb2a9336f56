import Events

/// One personal-data field of an event: where it is in the payload and the reference it holds.
///
/// The personal-data fields of the catalog, exactly (every ``PersonalDataReference`` in it):
///
/// | event type | fields |
/// |---|---|
/// | `profiles.profile-created` | `name` |
/// | `profiles.profile-renamed` | `name` |
/// | `stories.story-requested` | `childName` (when given) |
/// | `stories.story-generated` | `title`, `pages[i].text` for every page |
///
/// Nothing else is personal data: ids, ratings, times, word lists and spelled words (which the
/// catalog keeps as plain text because they are the words being learnt) are exported as they are.
/// Unknown events (of a newer build) are exported whole: their body is opaque to this build.
public struct PersonalDataField: Sendable, Hashable {
    /// A field's place in an event's payload: keys and array indices, e.g. `pages[2].text`.
    public struct Path: Sendable, Hashable, CustomStringConvertible {
        /// One step of a path.
        public enum Component: Sendable, Hashable {
            case key(String)
            case index(Int)
        }
        /// The steps from the payload object down to the field.
        public var components: [Component]

        /// A path made of `components`.
        public init(_ components: [Component]) { self.components = components }

        /// The path as text: keys joined by dots, indices in brackets (`pages[0].text`).
        public var description: String {
            var text = ""
            for component in components {
                switch component {
                case .key(let key): text += text.isEmpty ? key : "." + key
                case .index(let index): text += "[\(index)]"
                }
            }
            return text
        }
    }

    /// Where the field is.
    public var path: Path
    /// The reference it holds.
    public var reference: PersonalDataReference
}

extension DomainEvent {
    /// The personal-data fields of this event, in payload order (see ``PersonalDataField``).
    public var personalDataFields: [PersonalDataField] {
        switch self {
        case .profileCreated(let event): [PersonalDataField(path: Self.path("name"), reference: event.name)]
        case .profileRenamed(let event): [PersonalDataField(path: Self.path("name"), reference: event.name)]
        case .storyRequested(let event):
            event.childName.map { [PersonalDataField(path: Self.path("childName"), reference: $0)] } ?? []
        case .storyGenerated(let event):
            [PersonalDataField(path: Self.path("title"), reference: event.title)]
                + event.pages.enumerated().map { index, page in
                    PersonalDataField(path: .init([.key("pages"), .index(index), .key("text")]), reference: page.text)
                }
        default: []
        }
    }

    /// The same event with every personal-data reference replaced by `transform(reference)`.
    func replacingPersonalData(_ transform: (PersonalDataReference) -> PersonalDataReference) -> DomainEvent {
        switch self {
        case .profileCreated(let event):
            .profileCreated(ProfileCreated(profile: event.profile, name: transform(event.name), isChild: event.isChild))
        case .profileRenamed(let event):
            .profileRenamed(ProfileRenamed(profile: event.profile, name: transform(event.name)))
        case .storyRequested(let event):
            .storyRequested(StoryRequested(story: event.story, theme: event.theme, childAge: event.childAge,
                                           growthTopic: event.growthTopic, childName: event.childName.map(transform)))
        case .storyGenerated(let event):
            .storyGenerated(StoryGenerated(story: event.story, title: transform(event.title),
                                           pages: event.pages.map { StoryPage(number: $0.number, text: transform($0.text)) }, model: event.model))
        default: self
        }
    }

    private static func path(_ key: String) -> PersonalDataField.Path { .init([.key(key)]) }
}
