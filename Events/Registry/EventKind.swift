// One case per event type this build knows, in catalog order. Raw values live in memory only
// (they index the registry table) and are never stored, so new kinds may go anywhere.

/// Every event type this build knows, as a small closed enum: the registry maps type names
/// to kinds, and decoders switch over kinds.
@usableFromInline package enum EventKind: UInt8, CaseIterable, Sendable {
    case deckCreated = 0
    case deckRenamed = 1
    case deckDeleted = 2
    case cardCreated = 3
    case cardEdited = 4
    case cardMoved = 5
    case cardSuspended = 6
    case cardUnsuspended = 7
    case cardDeleted = 8
    case reviewGraded = 9
    case reviewUndone = 10
    case studySessionStarted = 11
    case studySessionEnded = 12
    case exampleSentenceAttached = 13
    case translationAttached = 14
    case spellingTestCreated = 15
    case spellingTestEdited = 16
    case spellingPracticeStarted = 17
    case wordSpelled = 18
    case spellingPracticeEnded = 19
    case storyRequested = 20
    case storyGenerated = 21
    case storyGenerationFailed = 22
    case illustrationGenerated = 23
    case illustrationFailed = 24
    case storyFavourited = 25
    case storyUnfavourited = 26
    case storyRead = 27
    case storyDeleted = 28
    case parentalControlsChanged = 29
    case dictationFinished = 30
    case profileCreated = 31
    case profileRenamed = 32
    case profileSwitched = 33
    case profileDeleted = 34
    case settingChanged = 35
    case externalServiceConfigured = 36
    case schedulerParametersChanged = 37
    case desiredRetentionChanged = 38
    case dayCutoffChanged = 39

    /// The stable type name, e.g. `vocabulary.review-graded`.
    package var typeName: String {
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
        }
    }

    /// The schema version this build writes.
    package var schemaVersion: UInt32 {
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
        }
    }
}
