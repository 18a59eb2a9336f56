import Events

/// Folds the story events into ``StoryLibrary``.
///
/// - `StoryRequested` adds the story (status requested) and counts it on the profile's local day;
///   a repeated request of a story already in the library is ignored.
/// - `StoryGenerated` / `StoryGenerationFailed` set the status (the latest wins, so a retry that
///   succeeds turns failed into generated); illustrations are set per page, the latest wins.
/// - `StoryFavourited` / `StoryUnfavourited` toggle the favourite; `StoryRead` keeps the furthest
///   page and whether it was ever finished; `StoryDeleted` removes the story from the library.
/// - `ParentalControlsChanged` replaces the controls of the event's profile (the child's, whoever
///   set them); `ParentalControlsCleared` removes them (no limit); `DayCutoffChanged` moves its days.
/// Events about stories not in the library are ignored. Never throws.
package struct StoryLibraryProjection: Projection {
    package typealias State = StoryLibrary

    package static let name = "stories"
    /// 2: controls say their themes explicitly and name their parent; stories and illustrations
    /// keep their model; the growth topic is optional.
    package static let version: UInt32 = 2

    /// The day cut-off hour of profiles that never changed theirs.
    package let defaultCutoffHour: Int

    /// A projection whose days start at `defaultCutoffHour` until a profile changes it.
    package init(defaultCutoffHour: Int) { self.defaultCutoffHour = defaultCutoffHour }

    package var fingerprint: UInt64 { StableHash.combine(UInt64(bitPattern: Int64(defaultCutoffHour))) }

    package func makeInitialState() -> StoryLibrary {
        StoryLibrary(calendar: ProfileCalendar(defaultCutoffHour: defaultCutoffHour))
    }

    /// The story events, parental controls and day cut-off changes (for the per-day counts).
    package var kinds: EventKindSet {
        EventKindSet(.storyRequested, .storyGenerated, .storyGenerationFailed, .illustrationGenerated, .illustrationFailed,
                     .storyFavourited, .storyUnfavourited, .storyRead, .storyDeleted, .parentalControlsChanged,
                     .parentalControlsCleared, .dayCutoffChanged)
    }

    package func apply(_ event: RecordedEvent, to state: inout StoryLibrary) {
        switch event.event {
        case .storyRequested(let request):
            guard state.stories[request.story] == nil else { return }
            state.stories[request.story] = LibraryStory(id: request.story, profile: event.profile,
                                                        request: request, at: event.occurred)
            state.requestsPerDay[event.profile, default: [:]][state.calendar.day(of: event), default: 0] += 1
        case .storyGenerated(let generated):
            state.stories[generated.story]?.generate(generated, at: event.occurred)
        case .storyGenerationFailed(let failed):
            state.stories[failed.story]?.status = .failed(reason: failed.reason)
        case .illustrationGenerated(let drawn):
            state.stories[drawn.story]?.illustrations[drawn.page.value] = .generated(image: drawn.image, model: drawn.model)
        case .illustrationFailed(let failed):
            state.stories[failed.story]?.illustrations[failed.page.value] = .failed(reason: failed.reason)
        case .storyFavourited(let favourited):
            state.stories[favourited.story]?.isFavourite = true
        case .storyUnfavourited(let unfavourited):
            state.stories[unfavourited.story]?.isFavourite = false
        case .storyRead(let read):
            state.stories[read.story]?.read(read, at: event.occurred)
        case .storyDeleted(let deleted):
            state.stories.removeValue(forKey: deleted.story)
        case .parentalControlsChanged(let change):
            state.controls[event.profile] = ParentalControls(
                dailyStoryLimit: Int(change.dailyStoryLimit), themes: change.themes, setBy: change.setBy, changed: event.occurred)
        case .parentalControlsCleared:
            state.controls.removeValue(forKey: event.profile)
        case .dayCutoffChanged:
            state.calendar.observe(event)
        default:
            return
        }
    }
}

extension LibraryStory {
    mutating func generate(_ generated: StoryGenerated, at time: EventTime) {
        status = .generated
        title = generated.title
        pages = generated.pages
        model = generated.model
        self.generated = time
    }

    mutating func read(_ read: StoryRead, at time: EventTime) {
        pagesRead = max(pagesRead, read.lastPageRead.value)
        finished = finished || read.finished
        lastRead = time
    }
}
