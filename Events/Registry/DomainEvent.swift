/// Any event, known or not, as one enum: folds over the log are a `switch`, not dynamic casts.
/// One case per event type this build knows, plus ``unknown(_:)`` for types (or newer schema
/// versions) written by a newer app, kept whole so that they are skipped and exported unchanged.
public enum DomainEvent: Sendable, Equatable {
    /// `vocabulary.deck-created`
    case deckCreated(DeckCreated)
    /// `vocabulary.deck-renamed`
    case deckRenamed(DeckRenamed)
    /// `vocabulary.deck-deleted`
    case deckDeleted(DeckDeleted)
    /// `vocabulary.card-created`
    case cardCreated(CardCreated)
    /// `vocabulary.card-edited`
    case cardEdited(CardEdited)
    /// `vocabulary.card-moved`
    case cardMoved(CardMoved)
    /// `vocabulary.card-suspended`
    case cardSuspended(CardSuspended)
    /// `vocabulary.card-unsuspended`
    case cardUnsuspended(CardUnsuspended)
    /// `vocabulary.card-deleted`
    case cardDeleted(CardDeleted)
    /// `vocabulary.review-graded`
    case reviewGraded(ReviewGraded)
    /// `vocabulary.review-undone`
    case reviewUndone(ReviewUndone)
    /// `vocabulary.study-session-started`
    case studySessionStarted(StudySessionStarted)
    /// `vocabulary.study-session-ended`
    case studySessionEnded(StudySessionEnded)
    /// `vocabulary.example-sentence-attached`
    case exampleSentenceAttached(ExampleSentenceAttached)
    /// `vocabulary.translation-attached`
    case translationAttached(TranslationAttached)
    /// `spelling.test-created`
    case spellingTestCreated(SpellingTestCreated)
    /// `spelling.test-edited`
    case spellingTestEdited(SpellingTestEdited)
    /// `spelling.practice-started`
    case spellingPracticeStarted(SpellingPracticeStarted)
    /// `spelling.word-spelled`
    case wordSpelled(WordSpelled)
    /// `spelling.practice-ended`
    case spellingPracticeEnded(SpellingPracticeEnded)
    /// `stories.story-requested`
    case storyRequested(StoryRequested)
    /// `stories.story-generated`
    case storyGenerated(StoryGenerated)
    /// `stories.story-generation-failed`
    case storyGenerationFailed(StoryGenerationFailed)
    /// `stories.illustration-generated`
    case illustrationGenerated(IllustrationGenerated)
    /// `stories.illustration-failed`
    case illustrationFailed(IllustrationFailed)
    /// `stories.story-favourited`
    case storyFavourited(StoryFavourited)
    /// `stories.story-unfavourited`
    case storyUnfavourited(StoryUnfavourited)
    /// `stories.story-read`
    case storyRead(StoryRead)
    /// `stories.story-deleted`
    case storyDeleted(StoryDeleted)
    /// `stories.parental-controls-changed`
    case parentalControlsChanged(ParentalControlsChanged)
    /// `dictation.dictation-finished`
    case dictationFinished(DictationFinished)
    /// `profiles.profile-created`
    case profileCreated(ProfileCreated)
    /// `profiles.profile-renamed`
    case profileRenamed(ProfileRenamed)
    /// `profiles.profile-switched`
    case profileSwitched(ProfileSwitched)
    /// `profiles.profile-deleted`
    case profileDeleted(ProfileDeleted)
    /// `settings.setting-changed`
    case settingChanged(SettingChanged)
    /// `settings.external-service-configured`
    case externalServiceConfigured(ExternalServiceConfigured)
    /// `settings.scheduler-parameters-changed`
    case schedulerParametersChanged(SchedulerParametersChanged)
    /// `settings.desired-retention-changed`
    case desiredRetentionChanged(DesiredRetentionChanged)
    /// `settings.day-cutoff-changed`
    case dayCutoffChanged(DayCutoffChanged)
    /// An event this build cannot read, kept byte for byte.
    case unknown(UnknownEvent)

    /// The kind of a known event, nil for ``unknown(_:)``.
    package var kind: EventKind? {
        switch self {
        case .deckCreated: .deckCreated
        case .deckRenamed: .deckRenamed
        case .deckDeleted: .deckDeleted
        case .cardCreated: .cardCreated
        case .cardEdited: .cardEdited
        case .cardMoved: .cardMoved
        case .cardSuspended: .cardSuspended
        case .cardUnsuspended: .cardUnsuspended
        case .cardDeleted: .cardDeleted
        case .reviewGraded: .reviewGraded
        case .reviewUndone: .reviewUndone
        case .studySessionStarted: .studySessionStarted
        case .studySessionEnded: .studySessionEnded
        case .exampleSentenceAttached: .exampleSentenceAttached
        case .translationAttached: .translationAttached
        case .spellingTestCreated: .spellingTestCreated
        case .spellingTestEdited: .spellingTestEdited
        case .spellingPracticeStarted: .spellingPracticeStarted
        case .wordSpelled: .wordSpelled
        case .spellingPracticeEnded: .spellingPracticeEnded
        case .storyRequested: .storyRequested
        case .storyGenerated: .storyGenerated
        case .storyGenerationFailed: .storyGenerationFailed
        case .illustrationGenerated: .illustrationGenerated
        case .illustrationFailed: .illustrationFailed
        case .storyFavourited: .storyFavourited
        case .storyUnfavourited: .storyUnfavourited
        case .storyRead: .storyRead
        case .storyDeleted: .storyDeleted
        case .parentalControlsChanged: .parentalControlsChanged
        case .dictationFinished: .dictationFinished
        case .profileCreated: .profileCreated
        case .profileRenamed: .profileRenamed
        case .profileSwitched: .profileSwitched
        case .profileDeleted: .profileDeleted
        case .settingChanged: .settingChanged
        case .externalServiceConfigured: .externalServiceConfigured
        case .schedulerParametersChanged: .schedulerParametersChanged
        case .desiredRetentionChanged: .desiredRetentionChanged
        case .dayCutoffChanged: .dayCutoffChanged
        case .unknown: nil
        }
    }

    /// The stable type name of the event.
    public var typeName: String {
        switch self {
        case .deckCreated: DeckCreated.typeName
        case .deckRenamed: DeckRenamed.typeName
        case .deckDeleted: DeckDeleted.typeName
        case .cardCreated: CardCreated.typeName
        case .cardEdited: CardEdited.typeName
        case .cardMoved: CardMoved.typeName
        case .cardSuspended: CardSuspended.typeName
        case .cardUnsuspended: CardUnsuspended.typeName
        case .cardDeleted: CardDeleted.typeName
        case .reviewGraded: ReviewGraded.typeName
        case .reviewUndone: ReviewUndone.typeName
        case .studySessionStarted: StudySessionStarted.typeName
        case .studySessionEnded: StudySessionEnded.typeName
        case .exampleSentenceAttached: ExampleSentenceAttached.typeName
        case .translationAttached: TranslationAttached.typeName
        case .spellingTestCreated: SpellingTestCreated.typeName
        case .spellingTestEdited: SpellingTestEdited.typeName
        case .spellingPracticeStarted: SpellingPracticeStarted.typeName
        case .wordSpelled: WordSpelled.typeName
        case .spellingPracticeEnded: SpellingPracticeEnded.typeName
        case .storyRequested: StoryRequested.typeName
        case .storyGenerated: StoryGenerated.typeName
        case .storyGenerationFailed: StoryGenerationFailed.typeName
        case .illustrationGenerated: IllustrationGenerated.typeName
        case .illustrationFailed: IllustrationFailed.typeName
        case .storyFavourited: StoryFavourited.typeName
        case .storyUnfavourited: StoryUnfavourited.typeName
        case .storyRead: StoryRead.typeName
        case .storyDeleted: StoryDeleted.typeName
        case .parentalControlsChanged: ParentalControlsChanged.typeName
        case .dictationFinished: DictationFinished.typeName
        case .profileCreated: ProfileCreated.typeName
        case .profileRenamed: ProfileRenamed.typeName
        case .profileSwitched: ProfileSwitched.typeName
        case .profileDeleted: ProfileDeleted.typeName
        case .settingChanged: SettingChanged.typeName
        case .externalServiceConfigured: ExternalServiceConfigured.typeName
        case .schedulerParametersChanged: SchedulerParametersChanged.typeName
        case .desiredRetentionChanged: DesiredRetentionChanged.typeName
        case .dayCutoffChanged: DayCutoffChanged.typeName
        case .unknown(let event): event.typeName
        }
    }

    /// The schema version of the event as held here: the current one for known events (older ones
    /// are upcast on decoding), the stored one for unknown events.
    public var schemaVersion: UInt32 {
        switch self {
        case .deckCreated: DeckCreated.schemaVersion
        case .deckRenamed: DeckRenamed.schemaVersion
        case .deckDeleted: DeckDeleted.schemaVersion
        case .cardCreated: CardCreated.schemaVersion
        case .cardEdited: CardEdited.schemaVersion
        case .cardMoved: CardMoved.schemaVersion
        case .cardSuspended: CardSuspended.schemaVersion
        case .cardUnsuspended: CardUnsuspended.schemaVersion
        case .cardDeleted: CardDeleted.schemaVersion
        case .reviewGraded: ReviewGraded.schemaVersion
        case .reviewUndone: ReviewUndone.schemaVersion
        case .studySessionStarted: StudySessionStarted.schemaVersion
        case .studySessionEnded: StudySessionEnded.schemaVersion
        case .exampleSentenceAttached: ExampleSentenceAttached.schemaVersion
        case .translationAttached: TranslationAttached.schemaVersion
        case .spellingTestCreated: SpellingTestCreated.schemaVersion
        case .spellingTestEdited: SpellingTestEdited.schemaVersion
        case .spellingPracticeStarted: SpellingPracticeStarted.schemaVersion
        case .wordSpelled: WordSpelled.schemaVersion
        case .spellingPracticeEnded: SpellingPracticeEnded.schemaVersion
        case .storyRequested: StoryRequested.schemaVersion
        case .storyGenerated: StoryGenerated.schemaVersion
        case .storyGenerationFailed: StoryGenerationFailed.schemaVersion
        case .illustrationGenerated: IllustrationGenerated.schemaVersion
        case .illustrationFailed: IllustrationFailed.schemaVersion
        case .storyFavourited: StoryFavourited.schemaVersion
        case .storyUnfavourited: StoryUnfavourited.schemaVersion
        case .storyRead: StoryRead.schemaVersion
        case .storyDeleted: StoryDeleted.schemaVersion
        case .parentalControlsChanged: ParentalControlsChanged.schemaVersion
        case .dictationFinished: DictationFinished.schemaVersion
        case .profileCreated: ProfileCreated.schemaVersion
        case .profileRenamed: ProfileRenamed.schemaVersion
        case .profileSwitched: ProfileSwitched.schemaVersion
        case .profileDeleted: ProfileDeleted.schemaVersion
        case .settingChanged: SettingChanged.schemaVersion
        case .externalServiceConfigured: ExternalServiceConfigured.schemaVersion
        case .schedulerParametersChanged: SchedulerParametersChanged.schemaVersion
        case .desiredRetentionChanged: DesiredRetentionChanged.schemaVersion
        case .dayCutoffChanged: DayCutoffChanged.schemaVersion
        case .unknown(let event): event.schemaVersion
        }
    }
}
