/// Any event, known or not, as one enum: folds over the log are a `switch`, not dynamic casts.
/// One case per event type this build knows, plus ``unknown(_:)`` for types (or newer schema
/// versions) written by a newer app, kept whole so that they are skipped and exported unchanged.
///
/// A new event type adds its case here and its line in ``kind``; its codec comes from its row in
/// the registration table, `EventKind.withType` (see "Adding an event type" in `Events/FORMAT.md`).
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
    case cardBuried(CardBuried)
    /// `vocabulary.card-reset`
    case cardReset(CardReset)
    /// `vocabulary.card-due-set`
    case cardDueSet(CardDueSet)
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
    /// `spelling.test-archived`
    case spellingTestArchived(SpellingTestArchived)
    /// `spelling.test-deleted`
    case spellingTestDeleted(SpellingTestDeleted)
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
    /// `stories.parental-controls-cleared`
    case parentalControlsCleared(ParentalControlsCleared)
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
    /// `profiles.profile-forgotten`
    case profileForgotten(ProfileForgotten)
    /// `profiles.profile-disabled`
    case profileDisabled(ProfileDisabled)
    /// `profiles.profile-enabled`
    case profileEnabled(ProfileEnabled)
    /// `settings.setting-changed`
    case settingChanged(SettingChanged)
    /// `settings.setting-unset`
    case settingUnset(SettingUnset)
    /// `settings.app-setting-changed`
    case appSettingChanged(AppSettingChanged)
    /// `settings.app-setting-unset`
    case appSettingUnset(AppSettingUnset)
    /// `settings.external-service-configured`
    case externalServiceConfigured(ExternalServiceConfigured)
    /// `settings.external-service-removed`
    case externalServiceRemoved(ExternalServiceRemoved)
    /// `settings.scheduler-parameters-changed`
    case schedulerParametersChanged(SchedulerParametersChanged)
    /// `settings.desired-retention-changed`
    case desiredRetentionChanged(DesiredRetentionChanged)
    /// `settings.day-cutoff-changed`
    case dayCutoffChanged(DayCutoffChanged)
    /// `vocabulary.cards-rescheduled`
    case cardsRescheduled(CardsRescheduled)
    /// An event this build cannot read, kept byte for byte.
    case unknown(UnknownEvent)

    /// The kind of a known event, nil for ``unknown(_:)``.
    ///
    /// Inlinable so that folds in other modules read only the enum's tag: called opaquely on an
    /// element of a batch, it made the caller copy the whole event first.
    @inlinable
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
        case .cardBuried: .cardBuried
        case .cardReset: .cardReset
        case .cardDueSet: .cardDueSet
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
        case .spellingTestArchived: .spellingTestArchived
        case .spellingTestDeleted: .spellingTestDeleted
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
        case .parentalControlsCleared: .parentalControlsCleared
        case .dictationFinished: .dictationFinished
        case .profileCreated: .profileCreated
        case .profileRenamed: .profileRenamed
        case .profileSwitched: .profileSwitched
        case .profileDeleted: .profileDeleted
        case .profileForgotten: .profileForgotten
        case .profileDisabled: .profileDisabled
        case .profileEnabled: .profileEnabled
        case .settingChanged: .settingChanged
        case .settingUnset: .settingUnset
        case .appSettingChanged: .appSettingChanged
        case .appSettingUnset: .appSettingUnset
        case .externalServiceConfigured: .externalServiceConfigured
        case .externalServiceRemoved: .externalServiceRemoved
        case .schedulerParametersChanged: .schedulerParametersChanged
        case .desiredRetentionChanged: .desiredRetentionChanged
        case .dayCutoffChanged: .dayCutoffChanged
        case .cardsRescheduled: .cardsRescheduled
        case .unknown: nil
        }
    }

    /// The stable type name of the event.
    public var typeName: String {
        switch self {
        case .unknown(let event): event.typeName
        // `kind` is nil for `.unknown` only, handled above.
        default: kind!.typeName
        }
    }

    /// The schema version of the event as held here: the current one for known events (older ones
    /// are upcast on decoding), the stored one for unknown events.
    public var schemaVersion: UInt32 {
        switch self {
        case .unknown(let event): event.schemaVersion
        default: kind!.schemaVersion
        }
    }
}
