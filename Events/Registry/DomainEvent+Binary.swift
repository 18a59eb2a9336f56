// Generated from the catalog: the log encoding of an event body, dispatched by kind.

extension DomainEvent {
    /// Appends the body (the fields, without the envelope) in the log encoding.
    func encodeBody(to writer: inout BinaryWriter) {
        switch self {
        case .deckCreated(let event): event.encode(to: &writer)
        case .deckRenamed(let event): event.encode(to: &writer)
        case .deckDeleted(let event): event.encode(to: &writer)
        case .cardCreated(let event): event.encode(to: &writer)
        case .cardEdited(let event): event.encode(to: &writer)
        case .cardMoved(let event): event.encode(to: &writer)
        case .cardSuspended(let event): event.encode(to: &writer)
        case .cardUnsuspended(let event): event.encode(to: &writer)
        case .cardDeleted(let event): event.encode(to: &writer)
        case .reviewGraded(let event): event.encode(to: &writer)
        case .reviewUndone(let event): event.encode(to: &writer)
        case .studySessionStarted(let event): event.encode(to: &writer)
        case .studySessionEnded(let event): event.encode(to: &writer)
        case .exampleSentenceAttached(let event): event.encode(to: &writer)
        case .translationAttached(let event): event.encode(to: &writer)
        case .spellingTestCreated(let event): event.encode(to: &writer)
        case .spellingTestEdited(let event): event.encode(to: &writer)
        case .spellingPracticeStarted(let event): event.encode(to: &writer)
        case .wordSpelled(let event): event.encode(to: &writer)
        case .spellingPracticeEnded(let event): event.encode(to: &writer)
        case .storyRequested(let event): event.encode(to: &writer)
        case .storyGenerated(let event): event.encode(to: &writer)
        case .storyGenerationFailed(let event): event.encode(to: &writer)
        case .illustrationGenerated(let event): event.encode(to: &writer)
        case .illustrationFailed(let event): event.encode(to: &writer)
        case .storyFavourited(let event): event.encode(to: &writer)
        case .storyUnfavourited(let event): event.encode(to: &writer)
        case .storyRead(let event): event.encode(to: &writer)
        case .storyDeleted(let event): event.encode(to: &writer)
        case .parentalControlsChanged(let event): event.encode(to: &writer)
        case .dictationFinished(let event): event.encode(to: &writer)
        case .profileCreated(let event): event.encode(to: &writer)
        case .profileRenamed(let event): event.encode(to: &writer)
        case .profileSwitched(let event): event.encode(to: &writer)
        case .profileDeleted(let event): event.encode(to: &writer)
        case .settingChanged(let event): event.encode(to: &writer)
        case .externalServiceConfigured(let event): event.encode(to: &writer)
        case .schedulerParametersChanged(let event): event.encode(to: &writer)
        case .desiredRetentionChanged(let event): event.encode(to: &writer)
        case .dayCutoffChanged(let event): event.encode(to: &writer)
        case .unknown(let event): writer.writeRaw(event.payload)
        }
    }

    /// Reads the body of an event of `kind` stored at schema `version`, upcasting older versions;
    /// nil when this build does not know that version (the caller keeps the event as unknown).
    /// - Throws: ``EventDecodingError`` when the body is malformed or breaks a rule.
    static func decodeBody(kind: EventKind, version: UInt32, from reader: inout BinaryReader) throws(EventDecodingError) -> DomainEvent? {
        switch kind {
        case .deckCreated: version == DeckCreated.schemaVersion ? .deckCreated(try DeckCreated(from: &reader)) : nil
        case .deckRenamed: version == DeckRenamed.schemaVersion ? .deckRenamed(try DeckRenamed(from: &reader)) : nil
        case .deckDeleted: version == DeckDeleted.schemaVersion ? .deckDeleted(try DeckDeleted(from: &reader)) : nil
        case .cardCreated: version == CardCreated.schemaVersion ? .cardCreated(try CardCreated(from: &reader)) : nil
        case .cardEdited: version == CardEdited.schemaVersion ? .cardEdited(try CardEdited(from: &reader)) : nil
        case .cardMoved: version == CardMoved.schemaVersion ? .cardMoved(try CardMoved(from: &reader)) : nil
        case .cardSuspended: version == CardSuspended.schemaVersion ? .cardSuspended(try CardSuspended(from: &reader)) : nil
        case .cardUnsuspended: version == CardUnsuspended.schemaVersion ? .cardUnsuspended(try CardUnsuspended(from: &reader)) : nil
        case .cardDeleted: version == CardDeleted.schemaVersion ? .cardDeleted(try CardDeleted(from: &reader)) : nil
        case .reviewGraded:
            switch version {
            case ReviewGraded.schemaVersion: .reviewGraded(try ReviewGraded(from: &reader))
            case ReviewGradedV1.schemaVersion: .reviewGraded(try ReviewGradedV1(from: &reader).upcastToCurrent())
            default: nil
            }
        case .reviewUndone: version == ReviewUndone.schemaVersion ? .reviewUndone(try ReviewUndone(from: &reader)) : nil
        case .studySessionStarted: version == StudySessionStarted.schemaVersion ? .studySessionStarted(try StudySessionStarted(from: &reader)) : nil
        case .studySessionEnded: version == StudySessionEnded.schemaVersion ? .studySessionEnded(try StudySessionEnded(from: &reader)) : nil
        case .exampleSentenceAttached: version == ExampleSentenceAttached.schemaVersion ? .exampleSentenceAttached(try ExampleSentenceAttached(from: &reader)) : nil
        case .translationAttached: version == TranslationAttached.schemaVersion ? .translationAttached(try TranslationAttached(from: &reader)) : nil
        case .spellingTestCreated: version == SpellingTestCreated.schemaVersion ? .spellingTestCreated(try SpellingTestCreated(from: &reader)) : nil
        case .spellingTestEdited: version == SpellingTestEdited.schemaVersion ? .spellingTestEdited(try SpellingTestEdited(from: &reader)) : nil
        case .spellingPracticeStarted: version == SpellingPracticeStarted.schemaVersion ? .spellingPracticeStarted(try SpellingPracticeStarted(from: &reader)) : nil
        case .wordSpelled: version == WordSpelled.schemaVersion ? .wordSpelled(try WordSpelled(from: &reader)) : nil
        case .spellingPracticeEnded: version == SpellingPracticeEnded.schemaVersion ? .spellingPracticeEnded(try SpellingPracticeEnded(from: &reader)) : nil
        case .storyRequested: version == StoryRequested.schemaVersion ? .storyRequested(try StoryRequested(from: &reader)) : nil
        case .storyGenerated: version == StoryGenerated.schemaVersion ? .storyGenerated(try StoryGenerated(from: &reader)) : nil
        case .storyGenerationFailed: version == StoryGenerationFailed.schemaVersion ? .storyGenerationFailed(try StoryGenerationFailed(from: &reader)) : nil
        case .illustrationGenerated: version == IllustrationGenerated.schemaVersion ? .illustrationGenerated(try IllustrationGenerated(from: &reader)) : nil
        case .illustrationFailed: version == IllustrationFailed.schemaVersion ? .illustrationFailed(try IllustrationFailed(from: &reader)) : nil
        case .storyFavourited: version == StoryFavourited.schemaVersion ? .storyFavourited(try StoryFavourited(from: &reader)) : nil
        case .storyUnfavourited: version == StoryUnfavourited.schemaVersion ? .storyUnfavourited(try StoryUnfavourited(from: &reader)) : nil
        case .storyRead: version == StoryRead.schemaVersion ? .storyRead(try StoryRead(from: &reader)) : nil
        case .storyDeleted: version == StoryDeleted.schemaVersion ? .storyDeleted(try StoryDeleted(from: &reader)) : nil
        case .parentalControlsChanged: version == ParentalControlsChanged.schemaVersion ? .parentalControlsChanged(try ParentalControlsChanged(from: &reader)) : nil
        case .dictationFinished: version == DictationFinished.schemaVersion ? .dictationFinished(try DictationFinished(from: &reader)) : nil
        case .profileCreated: version == ProfileCreated.schemaVersion ? .profileCreated(try ProfileCreated(from: &reader)) : nil
        case .profileRenamed: version == ProfileRenamed.schemaVersion ? .profileRenamed(try ProfileRenamed(from: &reader)) : nil
        case .profileSwitched: version == ProfileSwitched.schemaVersion ? .profileSwitched(try ProfileSwitched(from: &reader)) : nil
        case .profileDeleted: version == ProfileDeleted.schemaVersion ? .profileDeleted(try ProfileDeleted(from: &reader)) : nil
        case .settingChanged: version == SettingChanged.schemaVersion ? .settingChanged(try SettingChanged(from: &reader)) : nil
        case .externalServiceConfigured: version == ExternalServiceConfigured.schemaVersion ? .externalServiceConfigured(try ExternalServiceConfigured(from: &reader)) : nil
        case .schedulerParametersChanged: version == SchedulerParametersChanged.schemaVersion ? .schedulerParametersChanged(try SchedulerParametersChanged(from: &reader)) : nil
        case .desiredRetentionChanged: version == DesiredRetentionChanged.schemaVersion ? .desiredRetentionChanged(try DesiredRetentionChanged(from: &reader)) : nil
        case .dayCutoffChanged: version == DayCutoffChanged.schemaVersion ? .dayCutoffChanged(try DayCutoffChanged(from: &reader)) : nil
        }
    }
}
