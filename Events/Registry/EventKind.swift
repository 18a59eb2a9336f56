// The registration table of the event codec: every event type this build knows, with its kind
// and the one row that ties its kind, its struct and its `DomainEvent` case together. Every
// encoding and decoding of a known type (log body, JSON payload, type name, schema version)
// goes through this table; see "Adding an event type" in Events/FORMAT.md.

/// Every event type this build knows, as a small closed enum: the registry maps type names
/// to kinds, and decoders dispatch on kinds through ``withType(_:)``.
///
/// Raw values live in memory only (they index the name table and `EventKindSet`'s bits) and are
/// never stored, so new kinds may go anywhere.
@usableFromInline package enum EventKind: UInt8, CaseIterable, Sendable {
    case deckCreated
    case deckRenamed
    case deckDeleted
    case cardCreated
    case cardEdited
    case cardMoved
    case cardSuspended
    case cardUnsuspended
    case cardDeleted
    case cardBuried
    case cardReset
    case cardDueSet
    case reviewGraded
    case reviewUndone
    case studySessionStarted
    case studySessionEnded
    case exampleSentenceAttached
    case translationAttached
    case spellingTestCreated
    case spellingTestEdited
    case spellingPracticeStarted
    case wordSpelled
    case spellingPracticeEnded
    case spellingTestArchived
    case spellingTestDeleted
    case storyRequested
    case storyGenerated
    case storyGenerationFailed
    case illustrationGenerated
    case illustrationFailed
    case storyFavourited
    case storyUnfavourited
    case storyRead
    case storyDeleted
    case parentalControlsChanged
    case parentalControlsCleared
    case dictationFinished
    case profileCreated
    case profileRenamed
    case profileSwitched
    case profileDeleted
    case profileForgotten
    case profileDisabled
    case profileEnabled
    case settingChanged
    case settingUnset
    case appSettingChanged
    case appSettingUnset
    case externalServiceConfigured
    case externalServiceRemoved
    case schedulerParametersChanged
    case desiredRetentionChanged
    case dayCutoffChanged
    case cardsRescheduled
}

extension EventKind {
    /// Calls `visitor` with the struct of this kind and the two directions between it and its
    /// ``DomainEvent`` case: the registration table, one row per event type.
    /// - Throws: what the visitor throws.
    @inline(__always)
    package func withType<Visitor: EventTypeVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) -> Visitor.Result {
        switch self {
        case .deckCreated: try visitor.visit(DeckCreated.self, embed: DomainEvent.deckCreated) { if case .deckCreated(let e) = $0 { e } else { nil } }
        case .deckRenamed: try visitor.visit(DeckRenamed.self, embed: DomainEvent.deckRenamed) { if case .deckRenamed(let e) = $0 { e } else { nil } }
        case .deckDeleted: try visitor.visit(DeckDeleted.self, embed: DomainEvent.deckDeleted) { if case .deckDeleted(let e) = $0 { e } else { nil } }
        case .cardCreated: try visitor.visit(CardCreated.self, embed: DomainEvent.cardCreated) { if case .cardCreated(let e) = $0 { e } else { nil } }
        case .cardEdited: try visitor.visit(CardEdited.self, embed: DomainEvent.cardEdited) { if case .cardEdited(let e) = $0 { e } else { nil } }
        case .cardMoved: try visitor.visit(CardMoved.self, embed: DomainEvent.cardMoved) { if case .cardMoved(let e) = $0 { e } else { nil } }
        case .cardSuspended: try visitor.visit(CardSuspended.self, embed: DomainEvent.cardSuspended) { if case .cardSuspended(let e) = $0 { e } else { nil } }
        case .cardUnsuspended: try visitor.visit(CardUnsuspended.self, embed: DomainEvent.cardUnsuspended) { if case .cardUnsuspended(let e) = $0 { e } else { nil } }
        case .cardDeleted: try visitor.visit(CardDeleted.self, embed: DomainEvent.cardDeleted) { if case .cardDeleted(let e) = $0 { e } else { nil } }
        case .cardBuried: try visitor.visit(CardBuried.self, embed: DomainEvent.cardBuried) { if case .cardBuried(let e) = $0 { e } else { nil } }
        case .cardReset: try visitor.visit(CardReset.self, embed: DomainEvent.cardReset) { if case .cardReset(let e) = $0 { e } else { nil } }
        case .cardDueSet: try visitor.visit(CardDueSet.self, embed: DomainEvent.cardDueSet) { if case .cardDueSet(let e) = $0 { e } else { nil } }
        case .reviewGraded: try visitor.visit(ReviewGraded.self, embed: DomainEvent.reviewGraded) { if case .reviewGraded(let e) = $0 { e } else { nil } }
        case .reviewUndone: try visitor.visit(ReviewUndone.self, embed: DomainEvent.reviewUndone) { if case .reviewUndone(let e) = $0 { e } else { nil } }
        case .studySessionStarted: try visitor.visit(StudySessionStarted.self, embed: DomainEvent.studySessionStarted) { if case .studySessionStarted(let e) = $0 { e } else { nil } }
        case .studySessionEnded: try visitor.visit(StudySessionEnded.self, embed: DomainEvent.studySessionEnded) { if case .studySessionEnded(let e) = $0 { e } else { nil } }
        case .exampleSentenceAttached: try visitor.visit(ExampleSentenceAttached.self, embed: DomainEvent.exampleSentenceAttached) { if case .exampleSentenceAttached(let e) = $0 { e } else { nil } }
        case .translationAttached: try visitor.visit(TranslationAttached.self, embed: DomainEvent.translationAttached) { if case .translationAttached(let e) = $0 { e } else { nil } }
        case .spellingTestCreated: try visitor.visit(SpellingTestCreated.self, embed: DomainEvent.spellingTestCreated) { if case .spellingTestCreated(let e) = $0 { e } else { nil } }
        case .spellingTestEdited: try visitor.visit(SpellingTestEdited.self, embed: DomainEvent.spellingTestEdited) { if case .spellingTestEdited(let e) = $0 { e } else { nil } }
        case .spellingPracticeStarted: try visitor.visit(SpellingPracticeStarted.self, embed: DomainEvent.spellingPracticeStarted) { if case .spellingPracticeStarted(let e) = $0 { e } else { nil } }
        case .wordSpelled: try visitor.visit(WordSpelled.self, embed: DomainEvent.wordSpelled) { if case .wordSpelled(let e) = $0 { e } else { nil } }
        case .spellingPracticeEnded: try visitor.visit(SpellingPracticeEnded.self, embed: DomainEvent.spellingPracticeEnded) { if case .spellingPracticeEnded(let e) = $0 { e } else { nil } }
        case .spellingTestArchived: try visitor.visit(SpellingTestArchived.self, embed: DomainEvent.spellingTestArchived) { if case .spellingTestArchived(let e) = $0 { e } else { nil } }
        case .spellingTestDeleted: try visitor.visit(SpellingTestDeleted.self, embed: DomainEvent.spellingTestDeleted) { if case .spellingTestDeleted(let e) = $0 { e } else { nil } }
        case .storyRequested: try visitor.visit(StoryRequested.self, embed: DomainEvent.storyRequested) { if case .storyRequested(let e) = $0 { e } else { nil } }
        case .storyGenerated: try visitor.visit(StoryGenerated.self, embed: DomainEvent.storyGenerated) { if case .storyGenerated(let e) = $0 { e } else { nil } }
        case .storyGenerationFailed: try visitor.visit(StoryGenerationFailed.self, embed: DomainEvent.storyGenerationFailed) { if case .storyGenerationFailed(let e) = $0 { e } else { nil } }
        case .illustrationGenerated: try visitor.visit(IllustrationGenerated.self, embed: DomainEvent.illustrationGenerated) { if case .illustrationGenerated(let e) = $0 { e } else { nil } }
        case .illustrationFailed: try visitor.visit(IllustrationFailed.self, embed: DomainEvent.illustrationFailed) { if case .illustrationFailed(let e) = $0 { e } else { nil } }
        case .storyFavourited: try visitor.visit(StoryFavourited.self, embed: DomainEvent.storyFavourited) { if case .storyFavourited(let e) = $0 { e } else { nil } }
        case .storyUnfavourited: try visitor.visit(StoryUnfavourited.self, embed: DomainEvent.storyUnfavourited) { if case .storyUnfavourited(let e) = $0 { e } else { nil } }
        case .storyRead: try visitor.visit(StoryRead.self, embed: DomainEvent.storyRead) { if case .storyRead(let e) = $0 { e } else { nil } }
        case .storyDeleted: try visitor.visit(StoryDeleted.self, embed: DomainEvent.storyDeleted) { if case .storyDeleted(let e) = $0 { e } else { nil } }
        case .parentalControlsChanged: try visitor.visit(ParentalControlsChanged.self, embed: DomainEvent.parentalControlsChanged) { if case .parentalControlsChanged(let e) = $0 { e } else { nil } }
        case .parentalControlsCleared: try visitor.visit(ParentalControlsCleared.self, embed: DomainEvent.parentalControlsCleared) { if case .parentalControlsCleared(let e) = $0 { e } else { nil } }
        case .dictationFinished: try visitor.visit(DictationFinished.self, embed: DomainEvent.dictationFinished) { if case .dictationFinished(let e) = $0 { e } else { nil } }
        case .profileCreated: try visitor.visit(ProfileCreated.self, embed: DomainEvent.profileCreated) { if case .profileCreated(let e) = $0 { e } else { nil } }
        case .profileRenamed: try visitor.visit(ProfileRenamed.self, embed: DomainEvent.profileRenamed) { if case .profileRenamed(let e) = $0 { e } else { nil } }
        case .profileSwitched: try visitor.visit(ProfileSwitched.self, embed: DomainEvent.profileSwitched) { if case .profileSwitched(let e) = $0 { e } else { nil } }
        case .profileDeleted: try visitor.visit(ProfileDeleted.self, embed: DomainEvent.profileDeleted) { if case .profileDeleted(let e) = $0 { e } else { nil } }
        case .profileForgotten: try visitor.visit(ProfileForgotten.self, embed: DomainEvent.profileForgotten) { if case .profileForgotten(let e) = $0 { e } else { nil } }
        case .profileDisabled: try visitor.visit(ProfileDisabled.self, embed: DomainEvent.profileDisabled) { if case .profileDisabled(let e) = $0 { e } else { nil } }
        case .profileEnabled: try visitor.visit(ProfileEnabled.self, embed: DomainEvent.profileEnabled) { if case .profileEnabled(let e) = $0 { e } else { nil } }
        case .settingChanged: try visitor.visit(SettingChanged.self, embed: DomainEvent.settingChanged) { if case .settingChanged(let e) = $0 { e } else { nil } }
        case .settingUnset: try visitor.visit(SettingUnset.self, embed: DomainEvent.settingUnset) { if case .settingUnset(let e) = $0 { e } else { nil } }
        case .appSettingChanged: try visitor.visit(AppSettingChanged.self, embed: DomainEvent.appSettingChanged) { if case .appSettingChanged(let e) = $0 { e } else { nil } }
        case .appSettingUnset: try visitor.visit(AppSettingUnset.self, embed: DomainEvent.appSettingUnset) { if case .appSettingUnset(let e) = $0 { e } else { nil } }
        case .externalServiceConfigured: try visitor.visit(ExternalServiceConfigured.self, embed: DomainEvent.externalServiceConfigured) { if case .externalServiceConfigured(let e) = $0 { e } else { nil } }
        case .externalServiceRemoved: try visitor.visit(ExternalServiceRemoved.self, embed: DomainEvent.externalServiceRemoved) { if case .externalServiceRemoved(let e) = $0 { e } else { nil } }
        case .schedulerParametersChanged: try visitor.visit(SchedulerParametersChanged.self, embed: DomainEvent.schedulerParametersChanged) { if case .schedulerParametersChanged(let e) = $0 { e } else { nil } }
        case .desiredRetentionChanged: try visitor.visit(DesiredRetentionChanged.self, embed: DomainEvent.desiredRetentionChanged) { if case .desiredRetentionChanged(let e) = $0 { e } else { nil } }
        case .dayCutoffChanged: try visitor.visit(DayCutoffChanged.self, embed: DomainEvent.dayCutoffChanged) { if case .dayCutoffChanged(let e) = $0 { e } else { nil } }
        case .cardsRescheduled: try visitor.visit(CardsRescheduled.self, embed: DomainEvent.cardsRescheduled) { if case .cardsRescheduled(let e) = $0 { e } else { nil } }
        }
    }

    /// The stable type name, e.g. `vocabulary.review-graded`.
    package var typeName: String {
        var name = TypeName()
        return withType(&name)
    }

    /// The schema version this build writes.
    package var schemaVersion: UInt32 {
        var version = SchemaVersion()
        return withType(&version)
    }

    private struct TypeName: EventTypeVisitor {
        @inline(__always)
        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) -> String {
            Payload.typeName
        }
    }

    private struct SchemaVersion: EventTypeVisitor {
        @inline(__always)
        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) -> UInt32 {
            Payload.schemaVersion
        }
    }
}
