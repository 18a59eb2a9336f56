import Foundation
import Events
import Projections

/// The bedtime-story app's actions: requests (within the parental controls), generation
/// results, illustrations, reading, favourites, deletion, and the parental controls themselves.
/// The child's name, the title and the pages' text are personal data: they go to the side
/// store and the events carry references.
public enum StoryCommand: Sendable {
    /// A story on `theme`; `growthTopic` nil (or absent) for a plain story.
    case request(StoryID, theme: String, childAge: Int, growthTopic: String? = nil, childName: String?)
    /// The story `model` wrote, for a requested story or as a retry of a failed one.
    case generated(StoryID, title: String, pages: [String], model: String)
    /// Writing a requested story (or a retry of a failed one) failed; it may be retried.
    case generationFailed(StoryID, reason: String)
    /// Page `page`'s illustration, drawn by `model`.
    case illustrationGenerated(StoryID, page: Int, image: String, model: String)
    case illustrationFailed(StoryID, page: Int, reason: String)
    case favourite(StoryID)
    case unfavourite(StoryID)
    case read(StoryID, lastPage: Int, finished: Bool)
    case delete(StoryID)
    /// The command's profile, a parent's (not a child's), sets `child`'s limits: stories per
    /// local day (0: none) and the themes allowed (``StoryThemes/any`` or ``StoryThemes/only(_:)``).
    case setParentalControls(child: ProfileID, dailyStoryLimit: Int, themes: StoryThemes)
    /// The command's profile, a parent's, removes `child`'s limits (no limit, any theme).
    case clearParentalControls(child: ProfileID)

    func decide(_ command: StoreCommand, _ context: DecisionContext, into decision: inout Decision) throws(StoreError) {
        try context.activeProfile(command)
        switch self {
        case .request(let story, let theme, let childAge, let growthTopic, let childName):
            try context.requireNew(.story(story), field: "story")
            let age = try Input.checked { () throws(EventValidationError) in try ChildAge(childAge) }
            let theme = try Input.nonEmpty(theme, field: "theme")
            try context.requireParentalAllowance(theme: theme, profile: command.profile, at: command.time)
            let name = try childName.map { text throws(StoreError) in decision.personal(try Input.nonEmpty(text, field: "childName")) }
            let topic = try growthTopic.map { text throws(StoreError) in try Input.nonEmpty(text, field: "growthTopic") }
            decision.emit(.story(story), .storyRequested(StoryRequested(story: story, theme: theme, childAge: age,
                                                                        growthTopic: topic, childName: name)))
        case .generated(let story, let title, let pages, let model):
            try context.requireAwaitingGeneration(story, profile: command.profile)
            guard !pages.isEmpty else { throw StoreError(.invalidValue, "a generated story needs at least one page", field: "pages") }
            let titleReference = decision.personal(try Input.nonEmpty(title, field: "title"))
            var storyPages: [StoryPage] = []
            for (index, text) in pages.enumerated() {
                let page = try Input.checked { () throws(EventValidationError) in try PageNumber(index + 1) }
                storyPages.append(StoryPage(number: page, text: decision.personal(try Input.nonEmpty(text, field: "pages[\(index)]"))))
            }
            decision.emit(.story(story), .storyGenerated(StoryGenerated(story: story, title: titleReference, pages: storyPages,
                                                                        model: try Input.nonEmpty(model, field: "model"))))
        case .generationFailed(let story, let reason):
            try context.requireAwaitingGeneration(story, profile: command.profile)
            decision.emit(.story(story), .storyGenerationFailed(StoryGenerationFailed(story: story, reason: try Input.nonEmpty(reason, field: "reason"))))
        case .illustrationGenerated(let story, let page, let image, let model):
            let number = try context.requirePage(story, page, profile: command.profile)
            decision.emit(.story(story), .illustrationGenerated(IllustrationGenerated(story: story, page: number, image: try Input.nonEmpty(image, field: "image"),
                                                                                      model: try Input.nonEmpty(model, field: "model"))))
        case .illustrationFailed(let story, let page, let reason):
            let number = try context.requirePage(story, page, profile: command.profile)
            decision.emit(.story(story), .illustrationFailed(IllustrationFailed(story: story, page: number, reason: try Input.nonEmpty(reason, field: "reason"))))
        case .favourite(let story):
            try context.admitFavourite(story, profile: command.profile)
            decision.emit(.story(story), .storyFavourited(StoryFavourited(story: story)))
        case .unfavourite(let story):
            try context.admitUnfavourite(story, profile: command.profile)
            decision.emit(.story(story), .storyUnfavourited(StoryUnfavourited(story: story)))
        case .read(let story, let lastPage, let finished):
            let number = try context.requirePage(story, lastPage, profile: command.profile)
            decision.emit(.story(story), .storyRead(StoryRead(story: story, lastPageRead: number, finished: finished)))
        case .delete(let story):
            try context.requireStory(story, profile: command.profile)
            decision.emit(.story(story), .storyDeleted(StoryDeleted(story: story)))
        case .setParentalControls(let child, let limit, let themes):
            try ParentalAuthority.requireParent(command.profile, of: child, context)
            guard let dailyLimit = UInt32(exactly: limit) else {
                throw StoreError(.invalidValue, "daily story limit \(limit) must be between 0 and \(UInt32.max)", field: "dailyStoryLimit")
            }
            let change = ParentalControlsChanged(setBy: command.profile, dailyStoryLimit: dailyLimit, themes: try Self.trimmed(themes))
            decision.emit(.profile(child), .parentalControlsChanged(change), profile: child)
        case .clearParentalControls(let child):
            try ParentalAuthority.requireParent(command.profile, of: child, context)
            decision.emit(.profile(child), .parentalControlsCleared(ParentalControlsCleared(setBy: command.profile)), profile: child)
        }
    }

    /// `themes` with each theme's surrounding white space removed (requests are compared trimmed).
    /// - Throws: ``StoreError`` `invalidValue` when a theme is only white space.
    private static func trimmed(_ themes: StoryThemes) throws(StoreError) -> StoryThemes {
        guard let allowed = themes.allowed else { return .any }
        var trimmed: [String] = []
        for theme in allowed { trimmed.append(try Input.nonEmpty(theme, field: "themes")) }
        return try Input.checked { () throws(EventValidationError) in try StoryThemes.only(trimmed) }
    }

}
