import Foundation

// Generated from the catalog: the JSON payload of an event, dispatched by kind.

extension DomainEvent {
    /// Encodes the payload object of a known event under `key`; unknown events are handled by the caller.
    /// - Throws: the encoder's error.
    func encodeJSONPayload<Key: CodingKey>(in container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .deckCreated(let event): try container.encode(event, forKey: key)
        case .deckRenamed(let event): try container.encode(event, forKey: key)
        case .deckDeleted(let event): try container.encode(event, forKey: key)
        case .cardCreated(let event): try container.encode(event, forKey: key)
        case .cardEdited(let event): try container.encode(event, forKey: key)
        case .cardMoved(let event): try container.encode(event, forKey: key)
        case .cardSuspended(let event): try container.encode(event, forKey: key)
        case .cardUnsuspended(let event): try container.encode(event, forKey: key)
        case .cardDeleted(let event): try container.encode(event, forKey: key)
        case .reviewGraded(let event): try container.encode(event, forKey: key)
        case .reviewUndone(let event): try container.encode(event, forKey: key)
        case .studySessionStarted(let event): try container.encode(event, forKey: key)
        case .studySessionEnded(let event): try container.encode(event, forKey: key)
        case .exampleSentenceAttached(let event): try container.encode(event, forKey: key)
        case .translationAttached(let event): try container.encode(event, forKey: key)
        case .spellingTestCreated(let event): try container.encode(event, forKey: key)
        case .spellingTestEdited(let event): try container.encode(event, forKey: key)
        case .spellingPracticeStarted(let event): try container.encode(event, forKey: key)
        case .wordSpelled(let event): try container.encode(event, forKey: key)
        case .spellingPracticeEnded(let event): try container.encode(event, forKey: key)
        case .storyRequested(let event): try container.encode(event, forKey: key)
        case .storyGenerated(let event): try container.encode(event, forKey: key)
        case .storyGenerationFailed(let event): try container.encode(event, forKey: key)
        case .illustrationGenerated(let event): try container.encode(event, forKey: key)
        case .illustrationFailed(let event): try container.encode(event, forKey: key)
        case .storyFavourited(let event): try container.encode(event, forKey: key)
        case .storyUnfavourited(let event): try container.encode(event, forKey: key)
        case .storyRead(let event): try container.encode(event, forKey: key)
        case .storyDeleted(let event): try container.encode(event, forKey: key)
        case .parentalControlsChanged(let event): try container.encode(event, forKey: key)
        case .dictationFinished(let event): try container.encode(event, forKey: key)
        case .profileCreated(let event): try container.encode(event, forKey: key)
        case .profileRenamed(let event): try container.encode(event, forKey: key)
        case .profileSwitched(let event): try container.encode(event, forKey: key)
        case .profileDeleted(let event): try container.encode(event, forKey: key)
        case .settingChanged(let event): try container.encode(event, forKey: key)
        case .externalServiceConfigured(let event): try container.encode(event, forKey: key)
        case .schedulerParametersChanged(let event): try container.encode(event, forKey: key)
        case .desiredRetentionChanged(let event): try container.encode(event, forKey: key)
        case .dayCutoffChanged(let event): try container.encode(event, forKey: key)
        case .unknown(let event): try container.encode(Data(event.payload).base64EncodedString(), forKey: key)
        }
    }

    /// Decodes the payload object of an event of `kind` at schema `version` under `key`, upcasting
    /// older versions; nil when this build does not know that version.
    /// - Throws: the decoder's error when the payload is malformed or breaks a rule.
    static func decodeJSONPayload<Key: CodingKey>(kind: EventKind, version: UInt32, from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> DomainEvent? {
        switch kind {
        case .deckCreated: version == DeckCreated.schemaVersion ? .deckCreated(try container.decode(DeckCreated.self, forKey: key)) : nil
        case .deckRenamed: version == DeckRenamed.schemaVersion ? .deckRenamed(try container.decode(DeckRenamed.self, forKey: key)) : nil
        case .deckDeleted: version == DeckDeleted.schemaVersion ? .deckDeleted(try container.decode(DeckDeleted.self, forKey: key)) : nil
        case .cardCreated: version == CardCreated.schemaVersion ? .cardCreated(try container.decode(CardCreated.self, forKey: key)) : nil
        case .cardEdited: version == CardEdited.schemaVersion ? .cardEdited(try container.decode(CardEdited.self, forKey: key)) : nil
        case .cardMoved: version == CardMoved.schemaVersion ? .cardMoved(try container.decode(CardMoved.self, forKey: key)) : nil
        case .cardSuspended: version == CardSuspended.schemaVersion ? .cardSuspended(try container.decode(CardSuspended.self, forKey: key)) : nil
        case .cardUnsuspended: version == CardUnsuspended.schemaVersion ? .cardUnsuspended(try container.decode(CardUnsuspended.self, forKey: key)) : nil
        case .cardDeleted: version == CardDeleted.schemaVersion ? .cardDeleted(try container.decode(CardDeleted.self, forKey: key)) : nil
        case .reviewGraded:
            switch version {
            case ReviewGraded.schemaVersion: .reviewGraded(try container.decode(ReviewGraded.self, forKey: key))
            case ReviewGradedV1.schemaVersion: .reviewGraded(try container.decode(ReviewGradedV1.self, forKey: key).upcastToCurrent())
            default: nil
            }
        case .reviewUndone: version == ReviewUndone.schemaVersion ? .reviewUndone(try container.decode(ReviewUndone.self, forKey: key)) : nil
        case .studySessionStarted: version == StudySessionStarted.schemaVersion ? .studySessionStarted(try container.decode(StudySessionStarted.self, forKey: key)) : nil
        case .studySessionEnded: version == StudySessionEnded.schemaVersion ? .studySessionEnded(try container.decode(StudySessionEnded.self, forKey: key)) : nil
        case .exampleSentenceAttached: version == ExampleSentenceAttached.schemaVersion ? .exampleSentenceAttached(try container.decode(ExampleSentenceAttached.self, forKey: key)) : nil
        case .translationAttached: version == TranslationAttached.schemaVersion ? .translationAttached(try container.decode(TranslationAttached.self, forKey: key)) : nil
        case .spellingTestCreated: version == SpellingTestCreated.schemaVersion ? .spellingTestCreated(try container.decode(SpellingTestCreated.self, forKey: key)) : nil
        case .spellingTestEdited: version == SpellingTestEdited.schemaVersion ? .spellingTestEdited(try container.decode(SpellingTestEdited.self, forKey: key)) : nil
        case .spellingPracticeStarted: version == SpellingPracticeStarted.schemaVersion ? .spellingPracticeStarted(try container.decode(SpellingPracticeStarted.self, forKey: key)) : nil
        case .wordSpelled: version == WordSpelled.schemaVersion ? .wordSpelled(try container.decode(WordSpelled.self, forKey: key)) : nil
        case .spellingPracticeEnded: version == SpellingPracticeEnded.schemaVersion ? .spellingPracticeEnded(try container.decode(SpellingPracticeEnded.self, forKey: key)) : nil
        case .storyRequested: version == StoryRequested.schemaVersion ? .storyRequested(try container.decode(StoryRequested.self, forKey: key)) : nil
        case .storyGenerated: version == StoryGenerated.schemaVersion ? .storyGenerated(try container.decode(StoryGenerated.self, forKey: key)) : nil
        case .storyGenerationFailed: version == StoryGenerationFailed.schemaVersion ? .storyGenerationFailed(try container.decode(StoryGenerationFailed.self, forKey: key)) : nil
        case .illustrationGenerated: version == IllustrationGenerated.schemaVersion ? .illustrationGenerated(try container.decode(IllustrationGenerated.self, forKey: key)) : nil
        case .illustrationFailed: version == IllustrationFailed.schemaVersion ? .illustrationFailed(try container.decode(IllustrationFailed.self, forKey: key)) : nil
        case .storyFavourited: version == StoryFavourited.schemaVersion ? .storyFavourited(try container.decode(StoryFavourited.self, forKey: key)) : nil
        case .storyUnfavourited: version == StoryUnfavourited.schemaVersion ? .storyUnfavourited(try container.decode(StoryUnfavourited.self, forKey: key)) : nil
        case .storyRead: version == StoryRead.schemaVersion ? .storyRead(try container.decode(StoryRead.self, forKey: key)) : nil
        case .storyDeleted: version == StoryDeleted.schemaVersion ? .storyDeleted(try container.decode(StoryDeleted.self, forKey: key)) : nil
        case .parentalControlsChanged: version == ParentalControlsChanged.schemaVersion ? .parentalControlsChanged(try container.decode(ParentalControlsChanged.self, forKey: key)) : nil
        case .dictationFinished: version == DictationFinished.schemaVersion ? .dictationFinished(try container.decode(DictationFinished.self, forKey: key)) : nil
        case .profileCreated: version == ProfileCreated.schemaVersion ? .profileCreated(try container.decode(ProfileCreated.self, forKey: key)) : nil
        case .profileRenamed: version == ProfileRenamed.schemaVersion ? .profileRenamed(try container.decode(ProfileRenamed.self, forKey: key)) : nil
        case .profileSwitched: version == ProfileSwitched.schemaVersion ? .profileSwitched(try container.decode(ProfileSwitched.self, forKey: key)) : nil
        case .profileDeleted: version == ProfileDeleted.schemaVersion ? .profileDeleted(try container.decode(ProfileDeleted.self, forKey: key)) : nil
        case .settingChanged: version == SettingChanged.schemaVersion ? .settingChanged(try container.decode(SettingChanged.self, forKey: key)) : nil
        case .externalServiceConfigured: version == ExternalServiceConfigured.schemaVersion ? .externalServiceConfigured(try container.decode(ExternalServiceConfigured.self, forKey: key)) : nil
        case .schedulerParametersChanged: version == SchedulerParametersChanged.schemaVersion ? .schedulerParametersChanged(try container.decode(SchedulerParametersChanged.self, forKey: key)) : nil
        case .desiredRetentionChanged: version == DesiredRetentionChanged.schemaVersion ? .desiredRetentionChanged(try container.decode(DesiredRetentionChanged.self, forKey: key)) : nil
        case .dayCutoffChanged: version == DayCutoffChanged.schemaVersion ? .dayCutoffChanged(try container.decode(DayCutoffChanged.self, forKey: key)) : nil
        }
    }
}
