// The log encoding of an event body, dispatched by kind: one line per event type in each
// switch, in catalog order (plus one per legacy schema version). Decoding has two switches, one
// returning the event and one building it in place (for batches); keep their lines alike.

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

    /// Reads the body of an event of `kind` stored at schema `version` as
    /// ``decodeBody(kind:version:from:)`` does (the same line per type), but straight into the
    /// uninitialized memory at `target`: a batch decode then builds each event where it is kept,
    /// instead of in a temporary that every case copies out through one shared return path.
    /// - Returns: whether `target` was initialized; false, `target` left as it was, when this
    ///   build does not know that version.
    /// - Throws: ``EventDecodingError`` when the body is malformed or breaks a rule; `target` is
    ///   then left uninitialized.
    static func decodeBody(kind: EventKind, version: UInt32, from reader: inout BinaryReader,
                           initializing target: UnsafeMutablePointer<DomainEvent>) throws(EventDecodingError) -> Bool {
        @inline(__always) func into(_ event: DomainEvent) -> Bool {
            target.initialize(to: event)
            return true
        }
        return switch kind {
        case .deckCreated: version == DeckCreated.schemaVersion ? into(.deckCreated(try DeckCreated(from: &reader))) : false
        case .deckRenamed: version == DeckRenamed.schemaVersion ? into(.deckRenamed(try DeckRenamed(from: &reader))) : false
        case .deckDeleted: version == DeckDeleted.schemaVersion ? into(.deckDeleted(try DeckDeleted(from: &reader))) : false
        case .cardCreated: version == CardCreated.schemaVersion ? into(.cardCreated(try CardCreated(from: &reader))) : false
        case .cardEdited: version == CardEdited.schemaVersion ? into(.cardEdited(try CardEdited(from: &reader))) : false
        case .cardMoved: version == CardMoved.schemaVersion ? into(.cardMoved(try CardMoved(from: &reader))) : false
        case .cardSuspended: version == CardSuspended.schemaVersion ? into(.cardSuspended(try CardSuspended(from: &reader))) : false
        case .cardUnsuspended: version == CardUnsuspended.schemaVersion ? into(.cardUnsuspended(try CardUnsuspended(from: &reader))) : false
        case .cardDeleted: version == CardDeleted.schemaVersion ? into(.cardDeleted(try CardDeleted(from: &reader))) : false
        case .reviewGraded:
            switch version {
            case ReviewGraded.schemaVersion: into(.reviewGraded(try ReviewGraded(from: &reader)))
            case ReviewGradedV1.schemaVersion: into(.reviewGraded(try ReviewGradedV1(from: &reader).upcastToCurrent()))
            default: false
            }
        case .reviewUndone: version == ReviewUndone.schemaVersion ? into(.reviewUndone(try ReviewUndone(from: &reader))) : false
        case .studySessionStarted: version == StudySessionStarted.schemaVersion ? into(.studySessionStarted(try StudySessionStarted(from: &reader))) : false
        case .studySessionEnded: version == StudySessionEnded.schemaVersion ? into(.studySessionEnded(try StudySessionEnded(from: &reader))) : false
        case .exampleSentenceAttached: version == ExampleSentenceAttached.schemaVersion ? into(.exampleSentenceAttached(try ExampleSentenceAttached(from: &reader))) : false
        case .translationAttached: version == TranslationAttached.schemaVersion ? into(.translationAttached(try TranslationAttached(from: &reader))) : false
        case .spellingTestCreated: version == SpellingTestCreated.schemaVersion ? into(.spellingTestCreated(try SpellingTestCreated(from: &reader))) : false
        case .spellingTestEdited: version == SpellingTestEdited.schemaVersion ? into(.spellingTestEdited(try SpellingTestEdited(from: &reader))) : false
        case .spellingPracticeStarted: version == SpellingPracticeStarted.schemaVersion ? into(.spellingPracticeStarted(try SpellingPracticeStarted(from: &reader))) : false
        case .wordSpelled: version == WordSpelled.schemaVersion ? into(.wordSpelled(try WordSpelled(from: &reader))) : false
        case .spellingPracticeEnded: version == SpellingPracticeEnded.schemaVersion ? into(.spellingPracticeEnded(try SpellingPracticeEnded(from: &reader))) : false
        case .storyRequested: version == StoryRequested.schemaVersion ? into(.storyRequested(try StoryRequested(from: &reader))) : false
        case .storyGenerated: version == StoryGenerated.schemaVersion ? into(.storyGenerated(try StoryGenerated(from: &reader))) : false
        case .storyGenerationFailed: version == StoryGenerationFailed.schemaVersion ? into(.storyGenerationFailed(try StoryGenerationFailed(from: &reader))) : false
        case .illustrationGenerated: version == IllustrationGenerated.schemaVersion ? into(.illustrationGenerated(try IllustrationGenerated(from: &reader))) : false
        case .illustrationFailed: version == IllustrationFailed.schemaVersion ? into(.illustrationFailed(try IllustrationFailed(from: &reader))) : false
        case .storyFavourited: version == StoryFavourited.schemaVersion ? into(.storyFavourited(try StoryFavourited(from: &reader))) : false
        case .storyUnfavourited: version == StoryUnfavourited.schemaVersion ? into(.storyUnfavourited(try StoryUnfavourited(from: &reader))) : false
        case .storyRead: version == StoryRead.schemaVersion ? into(.storyRead(try StoryRead(from: &reader))) : false
        case .storyDeleted: version == StoryDeleted.schemaVersion ? into(.storyDeleted(try StoryDeleted(from: &reader))) : false
        case .parentalControlsChanged: version == ParentalControlsChanged.schemaVersion ? into(.parentalControlsChanged(try ParentalControlsChanged(from: &reader))) : false
        case .dictationFinished: version == DictationFinished.schemaVersion ? into(.dictationFinished(try DictationFinished(from: &reader))) : false
        case .profileCreated: version == ProfileCreated.schemaVersion ? into(.profileCreated(try ProfileCreated(from: &reader))) : false
        case .profileRenamed: version == ProfileRenamed.schemaVersion ? into(.profileRenamed(try ProfileRenamed(from: &reader))) : false
        case .profileSwitched: version == ProfileSwitched.schemaVersion ? into(.profileSwitched(try ProfileSwitched(from: &reader))) : false
        case .profileDeleted: version == ProfileDeleted.schemaVersion ? into(.profileDeleted(try ProfileDeleted(from: &reader))) : false
        case .settingChanged: version == SettingChanged.schemaVersion ? into(.settingChanged(try SettingChanged(from: &reader))) : false
        case .externalServiceConfigured: version == ExternalServiceConfigured.schemaVersion ? into(.externalServiceConfigured(try ExternalServiceConfigured(from: &reader))) : false
        case .schedulerParametersChanged: version == SchedulerParametersChanged.schemaVersion ? into(.schedulerParametersChanged(try SchedulerParametersChanged(from: &reader))) : false
        case .desiredRetentionChanged: version == DesiredRetentionChanged.schemaVersion ? into(.desiredRetentionChanged(try DesiredRetentionChanged(from: &reader))) : false
        case .dayCutoffChanged: version == DayCutoffChanged.schemaVersion ? into(.dayCutoffChanged(try DayCutoffChanged(from: &reader))) : false
        }
    }
}
