// A random value of every event type, for property tests: one line per event type.

import Events

extension EventGenerator {
    /// A random event of `kind`, with tricky text, extreme numbers and every optional both ways.
    mutating func event(of kind: EventKind) throws -> DomainEvent {
        var g = self
        defer { self = g }
        switch kind {
        case .deckCreated: return .deckCreated(DeckCreated(deck: DeckID(g.uuid()), name: g.text()))
        case .deckRenamed: return .deckRenamed(DeckRenamed(deck: DeckID(g.uuid()), name: g.text()))
        case .deckDeleted: return .deckDeleted(DeckDeleted(deck: DeckID(g.uuid())))
        case .cardCreated: return .cardCreated(CardCreated(card: CardID(g.uuid()), deck: DeckID(g.uuid()), front: g.text(), back: g.text()))
        case .cardEdited: return .cardEdited(CardEdited(card: CardID(g.uuid()), front: g.text(), back: g.text()))
        case .cardMoved: return .cardMoved(CardMoved(card: CardID(g.uuid()), fromDeck: DeckID(g.uuid()), toDeck: DeckID(g.uuid())))
        case .cardSuspended: return .cardSuspended(CardSuspended(card: CardID(g.uuid())))
        case .cardUnsuspended: return .cardUnsuspended(CardUnsuspended(card: CardID(g.uuid())))
        case .cardDeleted: return .cardDeleted(CardDeleted(card: CardID(g.uuid())))
        case .cardBuried: return .cardBuried(CardBuried(card: CardID(g.uuid())))
        case .cardReset: return .cardReset(CardReset(card: CardID(g.uuid())))
        case .cardDueSet: return .cardDueSet(CardDueSet(card: CardID(g.uuid()), due: g.maybe { g in g.timestamp() }))
        case .reviewGraded: return .reviewGraded(ReviewGraded(card: CardID(g.uuid()), rating: g.pick(Rating.allCases), mode: g.pick(ReviewMode.allCases), duration: try g.elapsed()))
        case .reviewUndone: return .reviewUndone(ReviewUndone(card: CardID(g.uuid()), review: EventID(g.uuid())))
        case .studySessionStarted: return .studySessionStarted(StudySessionStarted(session: StudySessionID(g.uuid()), deck: g.maybe { g in DeckID(g.uuid()) }))
        case .studySessionEnded: return .studySessionEnded(StudySessionEnded(session: StudySessionID(g.uuid())))
        case .exampleSentenceAttached: return .exampleSentenceAttached(ExampleSentenceAttached(card: CardID(g.uuid()), sentence: g.text(), generator: g.text()))
        case .translationAttached: return .translationAttached(TranslationAttached(card: CardID(g.uuid()), translation: g.text(), language: try LanguageTag(g.token())))
        case .spellingTestCreated: return .spellingTestCreated(SpellingTestCreated(test: SpellingTestID(g.uuid()), title: g.text(), words: try WordList(g.list(atLeast: 1) { g in g.nonEmptyText() })))
        case .spellingTestEdited: return .spellingTestEdited(SpellingTestEdited(test: SpellingTestID(g.uuid()), title: g.text(), words: try WordList(g.list(atLeast: 1) { g in g.nonEmptyText() })))
        case .spellingPracticeStarted: return .spellingPracticeStarted(SpellingPracticeStarted(session: SpellingSessionID(g.uuid()), test: SpellingTestID(g.uuid())))
        case .wordSpelled: return .wordSpelled(WordSpelled(session: SpellingSessionID(g.uuid()), word: g.text(), typed: g.text(), correct: g.bool(), attempt: try AttemptNumber(g.int(in: AttemptNumber.allowed)), hintsUsed: g.uint32(), duration: try g.elapsed()))
        case .spellingPracticeEnded: return .spellingPracticeEnded(SpellingPracticeEnded(session: SpellingSessionID(g.uuid())))
        case .spellingTestArchived: return .spellingTestArchived(SpellingTestArchived(test: SpellingTestID(g.uuid())))
        case .spellingTestDeleted: return .spellingTestDeleted(SpellingTestDeleted(test: SpellingTestID(g.uuid())))
        case .storyRequested: return .storyRequested(StoryRequested(story: StoryID(g.uuid()), theme: g.text(), childAge: try ChildAge(g.int(in: ChildAge.allowed)), growthTopic: g.maybe { g in g.text() }, childName: g.maybe { g in PersonalDataReference(key: g.uuid()) }))
        case .storyGenerated: return .storyGenerated(StoryGenerated(story: StoryID(g.uuid()), title: PersonalDataReference(key: g.uuid()), pages: try g.list { g in StoryPage(number: try PageNumber(g.int(in: PageNumber.allowed)), text: PersonalDataReference(key: g.uuid())) }, model: g.maybe { g in g.text() }))
        case .storyGenerationFailed: return .storyGenerationFailed(StoryGenerationFailed(story: StoryID(g.uuid()), reason: g.text()))
        case .illustrationGenerated: return .illustrationGenerated(IllustrationGenerated(story: StoryID(g.uuid()), page: try PageNumber(g.int(in: PageNumber.allowed)), image: g.text(), model: g.maybe { g in g.text() }))
        case .illustrationFailed: return .illustrationFailed(IllustrationFailed(story: StoryID(g.uuid()), page: try PageNumber(g.int(in: PageNumber.allowed)), reason: g.text()))
        case .storyFavourited: return .storyFavourited(StoryFavourited(story: StoryID(g.uuid())))
        case .storyUnfavourited: return .storyUnfavourited(StoryUnfavourited(story: StoryID(g.uuid())))
        case .storyRead: return .storyRead(StoryRead(story: StoryID(g.uuid()), lastPageRead: try PageNumber(g.int(in: PageNumber.allowed)), finished: g.bool()))
        case .storyDeleted: return .storyDeleted(StoryDeleted(story: StoryID(g.uuid())))
        case .parentalControlsChanged: return .parentalControlsChanged(ParentalControlsChanged(setBy: g.maybe { g in ProfileID(g.uuid()) }, dailyStoryLimit: g.uint32(), themes: g.bool() ? .any : try .only(g.list(atLeast: 1) { g in g.nonEmptyText() })))
        case .parentalControlsCleared: return .parentalControlsCleared(ParentalControlsCleared(setBy: ProfileID(g.uuid())))
        case .dictationFinished: return .dictationFinished(DictationFinished(wordCount: g.uint32(), duration: try g.elapsed(), language: try LanguageTag(g.token())))
        case .profileCreated: return .profileCreated(ProfileCreated(profile: ProfileID(g.uuid()), name: PersonalDataReference(key: g.uuid()), isChild: g.bool()))
        case .profileRenamed: return .profileRenamed(ProfileRenamed(profile: ProfileID(g.uuid()), name: PersonalDataReference(key: g.uuid())))
        case .profileSwitched: return .profileSwitched(ProfileSwitched(profile: ProfileID(g.uuid())))
        case .profileDeleted: return .profileDeleted(ProfileDeleted(profile: ProfileID(g.uuid())))
        case .profileDisabled: return .profileDisabled(ProfileDisabled(profile: ProfileID(g.uuid())))
        case .profileEnabled: return .profileEnabled(ProfileEnabled(profile: ProfileID(g.uuid())))
        case .settingUnset: return .settingUnset(SettingUnset(key: try SettingKey(g.token()), setBy: g.maybe { g in ProfileID(g.uuid()) }))
        case .externalServiceRemoved: return .externalServiceRemoved(ExternalServiceRemoved(service: g.text()))
        case .profileForgotten: return .profileForgotten(ProfileForgotten(profile: ProfileID(g.uuid()), reason: g.pick(ErasureReason.allCases)))
        case .appSettingChanged: return .appSettingChanged(AppSettingChanged(key: try SettingKey(g.token()), value: try g.settingValue()))
        case .appSettingUnset: return .appSettingUnset(AppSettingUnset(key: try SettingKey(g.token())))
        case .settingChanged: return .settingChanged(SettingChanged(key: try SettingKey(g.token()), value: try g.settingValue(), setBy: g.maybe { g in ProfileID(g.uuid()) }))
        case .externalServiceConfigured: return .externalServiceConfigured(ExternalServiceConfigured(service: g.text(), credential: try CredentialReference(g.token()), endpoint: g.maybe { g in g.text() }, model: g.maybe { g in g.text() }, enabled: g.bool()))
        case .schedulerParametersChanged: return .schedulerParametersChanged(SchedulerParametersChanged(parameters: try g.schedulerParameters()))
        case .desiredRetentionChanged: return .desiredRetentionChanged(DesiredRetentionChanged(retention: try g.retention(), setBy: g.maybe { g in ProfileID(g.uuid()) }))
        case .dayCutoffChanged: return .dayCutoffChanged(DayCutoffChanged(hour: try HourOfDay(g.int(in: HourOfDay.allowed)), setBy: g.maybe { g in ProfileID(g.uuid()) }))
        case .cardsRescheduled: return .cardsRescheduled(CardsRescheduled(parameters: try g.schedulerParameters(), retention: try g.retention(), cards: try g.list { g in try RescheduledCard(card: CardID(g.uuid()), stability: Double(g.int(in: 1...36500)) / 8, difficulty: Double(g.int(in: 8...80)) / 8, intervalDays: g.uint32(), dueMs: Int64(g.int(in: 0...253402300799999))) }))
        }
    }
}
