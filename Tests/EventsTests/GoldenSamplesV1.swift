// Written once from the event catalog, then frozen: the exact values stored in the golden
// files of log format v1. A released sample is never edited; a new schema version adds one.

import Events

/// Every golden sample of log format v1: file stem and the event it must decode to.
enum GoldenSamplesV1 {
    static func all() throws -> [(stem: String, event: RecordedEvent)] {
        [
            ("vocabulary.deck-created.v1", try envelope(1, .deckCreated(DeckCreated(
                deck: DeckID(fixedUUID(1)),
                name: "name \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 2")))),
            ("vocabulary.deck-renamed.v1", try envelope(2, .deckRenamed(DeckRenamed(
                deck: DeckID(fixedUUID(3)),
                name: "name \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 4")))),
            ("vocabulary.deck-deleted.v1", try envelope(3, .deckDeleted(DeckDeleted(
                deck: DeckID(fixedUUID(5)))))),
            ("vocabulary.card-created.v1", try envelope(4, .cardCreated(CardCreated(
                card: CardID(fixedUUID(6)),
                deck: DeckID(fixedUUID(7)),
                front: "front \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 8",
                back: "back \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 9")))),
            ("vocabulary.card-edited.v1", try envelope(5, .cardEdited(CardEdited(
                card: CardID(fixedUUID(10)),
                front: "front \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 11",
                back: "back \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 12")))),
            ("vocabulary.card-moved.v1", try envelope(6, .cardMoved(CardMoved(
                card: CardID(fixedUUID(13)),
                fromDeck: DeckID(fixedUUID(14)),
                toDeck: DeckID(fixedUUID(15)))))),
            ("vocabulary.card-suspended.v1", try envelope(7, .cardSuspended(CardSuspended(
                card: CardID(fixedUUID(16)))))),
            ("vocabulary.card-unsuspended.v1", try envelope(8, .cardUnsuspended(CardUnsuspended(
                card: CardID(fixedUUID(17)))))),
            ("vocabulary.card-deleted.v1", try envelope(9, .cardDeleted(CardDeleted(
                card: CardID(fixedUUID(18)))))),
            ("vocabulary.review-graded.v2", try envelope(10, .reviewGraded(ReviewGraded(
                card: CardID(fixedUUID(19)),
                rating: .hard,
                mode: .cram,
                duration: try ElapsedTime(milliseconds: 24442))))),
            ("vocabulary.review-undone.v1", try envelope(11, .reviewUndone(ReviewUndone(
                card: CardID(fixedUUID(23)),
                review: EventID(fixedUUID(24)))))),
            ("vocabulary.study-session-started.v1", try envelope(12, .studySessionStarted(StudySessionStarted(
                session: StudySessionID(fixedUUID(25)),
                deck: DeckID(fixedUUID(26)))))),
            ("vocabulary.study-session-ended.v1", try envelope(13, .studySessionEnded(StudySessionEnded(
                session: StudySessionID(fixedUUID(27)))))),
            ("vocabulary.example-sentence-attached.v1", try envelope(14, .exampleSentenceAttached(ExampleSentenceAttached(
                card: CardID(fixedUUID(28)),
                sentence: "sentence \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 29",
                generator: "generator \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 30")))),
            ("vocabulary.translation-attached.v1", try envelope(15, .translationAttached(TranslationAttached(
                card: CardID(fixedUUID(31)),
                translation: "translation \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 32",
                language: try LanguageTag("de-CH"))))),
            ("spelling.test-created.v1", try envelope(16, .spellingTestCreated(SpellingTestCreated(
                test: SpellingTestID(fixedUUID(34)),
                title: "title \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 35",
                words: try WordList(["because", "necessary", "r\u{E9}sum\u{E9}"]))))),
            ("spelling.test-edited.v1", try envelope(17, .spellingTestEdited(SpellingTestEdited(
                test: SpellingTestID(fixedUUID(37)),
                title: "title \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 38",
                words: try WordList(["because", "necessary", "r\u{E9}sum\u{E9}"]))))),
            ("spelling.practice-started.v1", try envelope(18, .spellingPracticeStarted(SpellingPracticeStarted(
                session: SpellingSessionID(fixedUUID(40)),
                test: SpellingTestID(fixedUUID(41)))))),
            ("spelling.word-spelled.v1", try envelope(19, .wordSpelled(WordSpelled(
                session: SpellingSessionID(fixedUUID(42)),
                word: "word \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 43",
                typed: "typed \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 44",
                correct: true,
                attempt: try AttemptNumber(2),
                hintsUsed: 47007,
                duration: try ElapsedTime(milliseconds: 53328))))),
            ("spelling.practice-ended.v1", try envelope(20, .spellingPracticeEnded(SpellingPracticeEnded(
                session: SpellingSessionID(fixedUUID(49)))))),
            ("stories.story-requested.v2", try envelope(42, .storyRequested(StoryRequested(
                story: StoryID(fixedUUID(150)),
                theme: "theme \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 151",
                childAge: try ChildAge(5),
                growthTopic: nil,
                childName: nil)))),
            ("stories.story-generated.v2", try envelope(43, .storyGenerated(StoryGenerated(
                story: StoryID(fixedUUID(155)),
                title: PersonalDataReference(key: fixedUUID(156)),
                pages: [StoryPage(number: try PageNumber(1), text: PersonalDataReference(key: fixedUUID(157)))],
                model: "model \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 158")))),
            ("stories.story-generation-failed.v1", try envelope(23, .storyGenerationFailed(StoryGenerationFailed(
                story: StoryID(fixedUUID(59)),
                reason: "reason \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 60")))),
            ("stories.illustration-generated.v2", try envelope(44, .illustrationGenerated(IllustrationGenerated(
                story: StoryID(fixedUUID(161)),
                page: try PageNumber(2),
                image: "image \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 163",
                model: "model 164")))),
            ("stories.illustration-failed.v1", try envelope(25, .illustrationFailed(IllustrationFailed(
                story: StoryID(fixedUUID(64)),
                page: try PageNumber(3),
                reason: "reason \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 66")))),
            ("stories.story-favourited.v1", try envelope(26, .storyFavourited(StoryFavourited(
                story: StoryID(fixedUUID(67)))))),
            ("stories.story-unfavourited.v1", try envelope(27, .storyUnfavourited(StoryUnfavourited(
                story: StoryID(fixedUUID(68)))))),
            ("stories.story-read.v1", try envelope(28, .storyRead(StoryRead(
                story: StoryID(fixedUUID(69)),
                lastPageRead: try PageNumber(8),
                finished: true)))),
            ("stories.story-deleted.v1", try envelope(29, .storyDeleted(StoryDeleted(
                story: StoryID(fixedUUID(72)))))),
            ("stories.parental-controls-changed.v2", try envelope(45, .parentalControlsChanged(ParentalControlsChanged(
                setBy: ProfileID(fixedUUID(170)),
                dailyStoryLimit: 3,
                themes: try .only(["themes \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 171", "sea"]))))),
            ("stories.parental-controls-cleared.v1", try envelope(46, .parentalControlsCleared(ParentalControlsCleared(
                setBy: ProfileID(fixedUUID(172)))))),
            ("dictation.dictation-finished.v1", try envelope(31, .dictationFinished(DictationFinished(
                wordCount: 76007,
                duration: try ElapsedTime(milliseconds: 85547),
                language: try LanguageTag("de-CH"))))),
            ("profiles.profile-created.v1", try envelope(32, .profileCreated(ProfileCreated(
                profile: ProfileID(fixedUUID(79)),
                name: PersonalDataReference(key: fixedUUID(80)),
                isChild: true)))),
            ("profiles.profile-renamed.v1", try envelope(33, .profileRenamed(ProfileRenamed(
                profile: ProfileID(fixedUUID(82)),
                name: PersonalDataReference(key: fixedUUID(83)))))),
            ("profiles.profile-switched.v1", try envelope(34, .profileSwitched(ProfileSwitched(
                profile: ProfileID(fixedUUID(84)))))),
            ("profiles.profile-deleted.v1", try envelope(35, .profileDeleted(ProfileDeleted(
                profile: ProfileID(fixedUUID(85)))))),
            ("profiles.profile-forgotten.v1", try envelope(47, .profileForgotten(ProfileForgotten(
                profile: ProfileID(fixedUUID(173)),
                reason: .retentionPolicy)))),
            ("settings.setting-changed.v2", try envelope(64, .settingChanged(SettingChanged(
                key: try SettingKey("vocabulary.new-cards-per-day"),
                value: .int(12),
                setBy: ProfileID(fixedUUID(190)))))),
            ("settings.external-service-configured.v2", try envelope(48, .externalServiceConfigured(ExternalServiceConfigured(
                service: "service \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 174",
                credential: try CredentialReference("keychain:openai-api-key"),
                endpoint: "https://api.example.com/v1",
                model: "gpt-4o-mini",
                enabled: false)))),
            ("settings.external-service-removed.v1", try envelope(49, .externalServiceRemoved(ExternalServiceRemoved(
                service: "service 175")))),
            ("settings.setting-unset.v2", try envelope(65, .settingUnset(SettingUnset(
                key: try SettingKey("vocabulary.reviews-per-day"),
                setBy: ProfileID(fixedUUID(191)))))),
            ("profiles.profile-disabled.v1", try envelope(51, .profileDisabled(ProfileDisabled(
                profile: ProfileID(fixedUUID(176)))))),
            ("profiles.profile-enabled.v1", try envelope(52, .profileEnabled(ProfileEnabled(
                profile: ProfileID(fixedUUID(177)))))),
            ("settings.scheduler-parameters-changed.v1", try envelope(38, .schedulerParametersChanged(SchedulerParametersChanged(
                parameters: try SchedulerParameters((0..<21).map { Double($0) * 0.125 + 0.0625 }))))),
            ("settings.desired-retention-changed.v2", try envelope(66, .desiredRetentionChanged(DesiredRetentionChanged(
                retention: try DesiredRetention(0.8125),
                setBy: ProfileID(fixedUUID(192)))))),
            ("settings.day-cutoff-changed.v2", try envelope(67, .dayCutoffChanged(DayCutoffChanged(
                hour: try HourOfDay(5),
                setBy: ProfileID(fixedUUID(193)))))),
            ("settings.app-setting-changed.v1", try envelope(62, .appSettingChanged(AppSettingChanged(
                key: try SettingKey("appearance.theme"),
                value: .string("dark \u{1F319}"))))),
            ("settings.app-setting-unset.v1", try envelope(63, .appSettingUnset(AppSettingUnset(
                key: try SettingKey("appearance.theme"))))),
            ("vocabulary.card-buried.v1", try envelope(61, .cardBuried(CardBuried(
                card: CardID(fixedUUID(161)))))),
            ("spelling.test-archived.v1", try envelope(62, .spellingTestArchived(SpellingTestArchived(
                test: SpellingTestID(fixedUUID(162)))))),
            ("spelling.test-deleted.v1", try envelope(63, .spellingTestDeleted(SpellingTestDeleted(
                test: SpellingTestID(fixedUUID(163)))))),
            ("vocabulary.cards-rescheduled.v1", try envelope(62, .cardsRescheduled(CardsRescheduled(
                parameters: try SchedulerParameters((0..<21).map { Double($0) * 0.25 + 0.125 }),
                retention: try DesiredRetention(0.85),
                cards: [try RescheduledCard(card: CardID(fixedUUID(162)), stability: 12.5, difficulty: 5.25,
                                            intervalDays: 13, dueMs: 1_767_225_600_000),
                        try RescheduledCard(card: CardID(fixedUUID(163)), stability: 0.5, difficulty: 9.75,
                                            intervalDays: 0, dueMs: 1_767_226_200_000)])))),
            ("vocabulary.card-reset.v1", try envelope(62, .cardReset(CardReset(
                card: CardID(fixedUUID(162)))))),
            ("vocabulary.card-due-set.v1", try envelope(63, .cardDueSet(CardDueSet(
                card: CardID(fixedUUID(163)), due: Timestamp(milliseconds: 1_763_100_000_000))))),
        ]
    }
}
