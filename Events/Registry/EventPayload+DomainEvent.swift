// Generated from the catalog: each payload knows its case of DomainEvent.

extension DeckCreated {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .deckCreated(self) }
}

extension DeckRenamed {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .deckRenamed(self) }
}

extension DeckDeleted {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .deckDeleted(self) }
}

extension CardCreated {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .cardCreated(self) }
}

extension CardEdited {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .cardEdited(self) }
}

extension CardMoved {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .cardMoved(self) }
}

extension CardSuspended {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .cardSuspended(self) }
}

extension CardUnsuspended {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .cardUnsuspended(self) }
}

extension CardDeleted {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .cardDeleted(self) }
}

extension ReviewGraded {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .reviewGraded(self) }
}

extension ReviewUndone {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .reviewUndone(self) }
}

extension StudySessionStarted {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .studySessionStarted(self) }
}

extension StudySessionEnded {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .studySessionEnded(self) }
}

extension ExampleSentenceAttached {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .exampleSentenceAttached(self) }
}

extension TranslationAttached {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .translationAttached(self) }
}

extension SpellingTestCreated {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .spellingTestCreated(self) }
}

extension SpellingTestEdited {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .spellingTestEdited(self) }
}

extension SpellingPracticeStarted {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .spellingPracticeStarted(self) }
}

extension WordSpelled {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .wordSpelled(self) }
}

extension SpellingPracticeEnded {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .spellingPracticeEnded(self) }
}

extension StoryRequested {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .storyRequested(self) }
}

extension StoryGenerated {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .storyGenerated(self) }
}

extension StoryGenerationFailed {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .storyGenerationFailed(self) }
}

extension IllustrationGenerated {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .illustrationGenerated(self) }
}

extension IllustrationFailed {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .illustrationFailed(self) }
}

extension StoryFavourited {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .storyFavourited(self) }
}

extension StoryUnfavourited {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .storyUnfavourited(self) }
}

extension StoryRead {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .storyRead(self) }
}

extension StoryDeleted {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .storyDeleted(self) }
}

extension ParentalControlsChanged {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .parentalControlsChanged(self) }
}

extension DictationFinished {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .dictationFinished(self) }
}

extension ProfileCreated {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .profileCreated(self) }
}

extension ProfileRenamed {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .profileRenamed(self) }
}

extension ProfileSwitched {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .profileSwitched(self) }
}

extension ProfileDeleted {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .profileDeleted(self) }
}

extension SettingChanged {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .settingChanged(self) }
}

extension ExternalServiceConfigured {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .externalServiceConfigured(self) }
}

extension SchedulerParametersChanged {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .schedulerParametersChanged(self) }
}

extension DesiredRetentionChanged {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .desiredRetentionChanged(self) }
}

extension DayCutoffChanged {
    /// This event as a ``DomainEvent``.
    public var domainEvent: DomainEvent { .dayCutoffChanged(self) }
}
