// Frozen: the version-1 samples of event types that have a newer schema version, exactly as they
// were written into the golden files of log format v1 before the new version existed.

import Events
import Testing

/// One released earlier-version golden file: its stem, the record as that version wrote it (the
/// body kept whole, as an unknown event) and what this build must read it as (upcast).
struct LegacyGoldenSample: Sendable, CustomTestStringConvertible {
    let stem: String
    let stored: RecordedEvent
    let current: RecordedEvent
    var testDescription: String { stem }
}

enum LegacyGoldenSamples {
    /// Every earlier-version golden file and the current event it upcasts to.
    static func all() throws -> [LegacyGoldenSample] {
        let storyRequested = StoryRequestedV1(
            story: StoryID(fixedUUID(50)),
            theme: "theme \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 51",
            childAge: try ChildAge(7),
            growthTopic: "growthTopic \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 53",
            childName: PersonalDataReference(key: fixedUUID(54)))
        let storyGenerated = StoryGeneratedV1(
            story: StoryID(fixedUUID(55)),
            title: PersonalDataReference(key: fixedUUID(56)),
            pages: [StoryPage(number: try PageNumber(4), text: PersonalDataReference(key: fixedUUID(57))),
                    StoryPage(number: try PageNumber(5), text: PersonalDataReference(key: fixedUUID(58)))])
        let illustration = IllustrationGeneratedV1(
            story: StoryID(fixedUUID(61)),
            page: try PageNumber(9),
            image: "image \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 63")
        let controls = ParentalControlsChangedV1(
            dailyStoryLimit: 73007,
            allowedThemes: ["allowedThemes \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 74",
                            "allowedThemes \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 75"])
        let service = ExternalServiceConfiguredV1(
            service: "service \u{1F415} f\u{FC}r e\u{301} \u{5E9}\u{5DC}\u{5D5}\u{5DD} 88",
            credential: try CredentialReference("keychain:openai-api-key"))
        let settingChanged = SettingChangedV1(key: try SettingKey("vocabulary.new-cards-per-day"), value: .int(20))
        let settingUnset = SettingUnsetV1(key: try SettingKey("vocabulary.new-cards-per-day"))
        let retention = DesiredRetentionChangedV1(retention: try DesiredRetention(0.875))
        let cutoff = DayCutoffChangedV1(hour: try HourOfDay(4))
        let review = ReviewGradedV1(card: CardID(fixedUUID(90)), rating: .easy, duration: try ElapsedTime(milliseconds: 2750))
        return [
            try sample(21, storyRequested, .storyRequested(storyRequested.upcastToCurrent())),
            try sample(22, storyGenerated, .storyGenerated(storyGenerated.upcastToCurrent())),
            try sample(24, illustration, .illustrationGenerated(illustration.upcastToCurrent())),
            try sample(30, controls, .parentalControlsChanged(controls.upcastToCurrent())),
            try sample(37, service, .externalServiceConfigured(service.upcastToCurrent())),
            try sample(41, review, .reviewGraded(review.upcastToCurrent())),
            try sample(36, settingChanged, .settingChanged(settingChanged.upcastToCurrent())),
            try sample(50, settingUnset, .settingUnset(settingUnset.upcastToCurrent())),
            try sample(39, retention, .desiredRetentionChanged(retention.upcastToCurrent())),
            try sample(40, cutoff, .dayCutoffChanged(cutoff.upcastToCurrent())),
        ]
    }

    private static func sample<V: EarlierEventVersion>(_ n: Int, _ earlier: V, _ current: DomainEvent) throws -> LegacyGoldenSample {
        LegacyGoldenSample(
            stem: "\(V.typeName).v\(V.schemaVersion)",
            stored: try envelope(n, .unknown(UnknownEvent(typeName: V.typeName, schemaVersion: V.schemaVersion, payload: earlier.logBody))),
            current: try envelope(n, current))
    }
}
