import Foundation
import Events
import Projections

/// The bedtime-story app's actions: requests (within the parental controls), generation
/// results, illustrations, reading, favourites, deletion, and the parental controls themselves.
/// The child's name, the title and the pages' text are personal data: they go to the side
/// store and the events carry references.
public enum StoryCommand: Sendable {
    case request(StoryID, theme: String, childAge: Int, growthTopic: String, childName: String?)
    case generated(StoryID, title: String, pages: [String])
    case generationFailed(StoryID, reason: String)
    case illustrationGenerated(StoryID, page: Int, image: String)
    case illustrationFailed(StoryID, page: Int, reason: String)
    case favourite(StoryID)
    case unfavourite(StoryID)
    case read(StoryID, lastPage: Int, finished: Bool)
    case delete(StoryID)
    /// A parent sets the command profile's limits: stories per local day and allowed themes.
    case setParentalControls(dailyStoryLimit: Int, allowedThemes: [String])

    func decide(_ command: StoreCommand, _ context: DecisionContext, into decision: inout Decision) throws(StoreError) {
        try context.activeProfile(command)
        switch self {
        case .request(let story, let theme, let childAge, let growthTopic, let childName):
            try context.requireNew(.story(story), field: "story")
            let age = try Input.checked { () throws(EventValidationError) in try ChildAge(childAge) }
            let theme = try Input.nonEmpty(theme, field: "theme")
            if let controls = context.stories.parentalControls(profile: command.profile) {
                guard controls.allows(theme: theme) else {
                    throw StoreError(.parentalLimit, "theme '\(theme)' is not allowed by the parental controls (allowed: \(controls.allowedThemes.joined(separator: ", "))); pick an allowed theme",
                                     field: "theme")
                }
                let today = context.stories.storiesToday(profile: command.profile, at: command.time)
                guard today < controls.dailyStoryLimit else {
                    throw StoreError(.parentalLimit, "the daily limit of \(controls.dailyStoryLimit) stories is reached (\(today) today); try again tomorrow",
                                     field: "story")
                }
            }
            let name = try childName.map { text throws(StoreError) in decision.personal(try Input.nonEmpty(text, field: "childName")) }
            decision.emit(.story(story), .storyRequested(StoryRequested(story: story, theme: theme, childAge: age,
                                                                        growthTopic: try Input.nonEmpty(growthTopic, field: "growthTopic"),
                                                                        childName: name)))
        case .generated(let story, let title, let pages):
            try Self.requireStory(story, status: .requested, command, context)
            guard !pages.isEmpty else { throw StoreError(.invalidValue, "a generated story needs at least one page", field: "pages") }
            let titleReference = decision.personal(try Input.nonEmpty(title, field: "title"))
            var storyPages: [StoryPage] = []
            for (index, text) in pages.enumerated() {
                let page = try Input.checked { () throws(EventValidationError) in try PageNumber(index + 1) }
                storyPages.append(StoryPage(number: page, text: decision.personal(try Input.nonEmpty(text, field: "pages[\(index)]"))))
            }
            decision.emit(.story(story), .storyGenerated(StoryGenerated(story: story, title: titleReference, pages: storyPages)))
        case .generationFailed(let story, let reason):
            try Self.requireStory(story, status: .requested, command, context)
            decision.emit(.story(story), .storyGenerationFailed(StoryGenerationFailed(story: story, reason: try Input.nonEmpty(reason, field: "reason"))))
        case .illustrationGenerated(let story, let page, let image):
            let number = try Self.requirePage(story, page, command, context)
            decision.emit(.story(story), .illustrationGenerated(IllustrationGenerated(story: story, page: number, image: try Input.nonEmpty(image, field: "image"))))
        case .illustrationFailed(let story, let page, let reason):
            let number = try Self.requirePage(story, page, command, context)
            decision.emit(.story(story), .illustrationFailed(IllustrationFailed(story: story, page: number, reason: try Input.nonEmpty(reason, field: "reason"))))
        case .favourite(let story):
            guard try !Self.requireStory(story, command, context).isFavourite else {
                throw StoreError(.invalidState, "story \(story) is already a favourite", stream: .story(story), field: "story")
            }
            decision.emit(.story(story), .storyFavourited(StoryFavourited(story: story)))
        case .unfavourite(let story):
            guard try Self.requireStory(story, command, context).isFavourite else {
                throw StoreError(.invalidState, "story \(story) is not a favourite", stream: .story(story), field: "story")
            }
            decision.emit(.story(story), .storyUnfavourited(StoryUnfavourited(story: story)))
        case .read(let story, let lastPage, let finished):
            let number = try Self.requirePage(story, lastPage, command, context)
            decision.emit(.story(story), .storyRead(StoryRead(story: story, lastPageRead: number, finished: finished)))
        case .delete(let story):
            try Self.requireStory(story, command, context)
            decision.emit(.story(story), .storyDeleted(StoryDeleted(story: story)))
        case .setParentalControls(let limit, let themes):
            guard let dailyLimit = UInt32(exactly: limit) else {
                throw StoreError(.invalidValue, "daily story limit \(limit) must be between 0 and \(UInt32.max)", field: "dailyStoryLimit")
            }
            var allowed: [String] = []
            for theme in themes { allowed.append(try Input.nonEmpty(theme, field: "allowedThemes")) }
            decision.emit(.profile(command.profile), .parentalControlsChanged(ParentalControlsChanged(dailyStoryLimit: dailyLimit, allowedThemes: allowed)))
        }
    }

    /// Story `id` of the command's profile, in the library (optionally in `status`).
    @discardableResult
    private static func requireStory(_ id: StoryID, status: LibraryStory.Status? = nil, _ command: StoreCommand,
                                     _ context: DecisionContext) throws(StoreError) -> LibraryStory {
        guard let story = context.stories.story(id) else {
            if context.ledger.version(of: .story(id)) > 0 {
                throw StoreError(.entityDeleted, "story \(id) was deleted", stream: .story(id), field: "story")
            }
            throw StoreError(.unknownEntity, "story \(id) does not exist; request it first", stream: .story(id), field: "story")
        }
        guard story.profile == command.profile else {
            throw StoreError(.wrongProfile, "story \(id) belongs to profile \(story.profile), not \(command.profile)",
                             stream: .story(id), field: "story")
        }
        if let status, story.status != status {
            throw StoreError(.invalidState, "story \(id) is \(story.status), not \(status)", stream: .story(id), field: "story")
        }
        return story
    }

    /// Page `page` of generated story `id`.
    private static func requirePage(_ id: StoryID, _ page: Int, _ command: StoreCommand,
                                    _ context: DecisionContext) throws(StoreError) -> PageNumber {
        let story = try requireStory(id, status: .generated, command, context)
        guard page >= 1, page <= story.pages.count else {
            throw StoreError(.invalidValue, "page \(page) is not in story \(id), which has pages 1 to \(story.pages.count)",
                             stream: .story(id), field: "page")
        }
        return try Input.checked { () throws(EventValidationError) in try PageNumber(page) }
    }
}
