import Events
import Projections

// The admission checks of the stories' events, called by the story commands and by
// ``DecisionContext/admit(_:)``.
extension DecisionContext {
    /// A new story `story` of `profile` on `theme` at `time`, within the profile's parental
    /// controls (an allowed theme, under the daily limit).
    /// - Throws: ``StoreError`` `alreadyExists`, `parentalLimit`.
    func admitStoryRequest(_ story: StoryID, theme: String, profile: ProfileID, at time: EventTime) throws(StoreError) {
        try requireNew(.story(story), field: "story")
        try requireParentalAllowance(theme: theme, profile: profile, at: time)
    }

    /// A story on `theme` for `profile` at `time` within its parental controls, if it has any.
    /// - Throws: ``StoreError`` `parentalLimit`.
    func requireParentalAllowance(theme: String, profile: ProfileID, at time: EventTime) throws(StoreError) {
        guard let controls = stories.parentalControls(profile: profile) else { return }
        guard controls.allows(theme: theme) else {
            throw StoreError(.parentalLimit, "theme '\(theme)' is not allowed by the parental controls (allowed: \(controls.themes)); pick an allowed theme",
                             field: "theme")
        }
        let today = stories.storiesToday(profile: profile, at: time)
        guard today < controls.dailyStoryLimit else {
            throw StoreError(.parentalLimit, "the daily limit of \(controls.dailyStoryLimit) stories is reached (\(today) today); try again tomorrow",
                             field: "story")
        }
    }

    /// Story `id` of `profile`, in the library (optionally in `status`).
    /// - Throws: ``StoreError`` `unknownEntity`, `entityDeleted`, `wrongProfile`, `invalidState`.
    @discardableResult
    func requireStory(_ id: StoryID, status: LibraryStory.Status? = nil, profile: ProfileID) throws(StoreError) -> LibraryStory {
        guard let story = stories.story(id) else {
            if ledger.version(of: .story(id)) > 0 {
                throw StoreError(.entityDeleted, "story \(id) was deleted", stream: .story(id), field: "story")
            }
            throw StoreError(.unknownEntity, "story \(id) does not exist; request it first", stream: .story(id), field: "story")
        }
        guard story.profile == profile else {
            throw StoreError(.wrongProfile, "story \(id) belongs to profile \(story.profile), not \(profile)",
                             stream: .story(id), field: "story")
        }
        if let status, story.status != status {
            throw StoreError(.invalidState, "story \(id) is \(story.status), not \(status)", stream: .story(id), field: "story")
        }
        return story
    }

    /// Story `id` of `profile`, waiting for a generation result: requested, or failed (a retry).
    /// - Throws: ``StoreError`` as ``requireStory(_:status:profile:)``, `invalidState` once generated.
    func requireAwaitingGeneration(_ id: StoryID, profile: ProfileID) throws(StoreError) {
        let story = try requireStory(id, profile: profile)
        guard story.status.awaitsGeneration else {
            throw StoreError(.invalidState, "story \(id) is already generated; request a new story instead",
                             stream: .story(id), field: "story")
        }
    }

    /// Page `page` of generated story `id` of `profile`.
    /// - Throws: ``StoreError`` as ``requireStory(_:status:profile:)``, `invalidValue` for a page
    ///   the story does not have.
    func requirePage(_ id: StoryID, _ page: Int, profile: ProfileID) throws(StoreError) -> PageNumber {
        let story = try requireStory(id, status: .generated, profile: profile)
        guard page >= 1, page <= story.pages.count else {
            throw StoreError(.invalidValue, "page \(page) is not in story \(id), which has pages 1 to \(story.pages.count)",
                             stream: .story(id), field: "page")
        }
        return try Input.checked { () throws(EventValidationError) in try PageNumber(page) }
    }

    /// Making story `id` of `profile` a favourite, which it is not yet.
    /// - Throws: ``StoreError`` as ``requireStory(_:status:profile:)``; `invalidState`.
    func admitFavourite(_ id: StoryID, profile: ProfileID) throws(StoreError) {
        guard try !requireStory(id, profile: profile).isFavourite else {
            throw StoreError(.invalidState, "story \(id) is already a favourite", stream: .story(id), field: "story")
        }
    }

    /// Taking story `id` of `profile` out of the favourites, where it is.
    /// - Throws: ``StoreError`` as ``requireStory(_:status:profile:)``; `invalidState`.
    func admitUnfavourite(_ id: StoryID, profile: ProfileID) throws(StoreError) {
        guard try requireStory(id, profile: profile).isFavourite else {
            throw StoreError(.invalidState, "story \(id) is not a favourite", stream: .story(id), field: "story")
        }
    }
}
