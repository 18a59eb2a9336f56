import Foundation
import Testing
import TestSupport
@testable import Events
import FSRS
@testable import Projections

/// The content projections' batch folds (spelling's own, which picks its events with a `switch`;
/// the default loop of stories and profiles): over seeded logs holding every kind they fold (and
/// others), in batches of seeded sizes that sometimes start again before the checkpoint, they
/// give the state and bytes of the event-by-event fold.
@Suite struct ContentBatchFoldTests {
    @Test(arguments: 0..<16 as Range<UInt64>)
    func spelling(seed: UInt64) throws {
        try checkBatchFold(SpellingProjection(), seed: seed)
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func stories(seed: UInt64) throws {
        try checkBatchFold(StoryLibraryProjection(defaultCutoffHour: 4), seed: seed)
    }

    @Test(arguments: 0..<16 as Range<UInt64>)
    func profiles(seed: UInt64) throws {
        try checkBatchFold(ProfilesProjection(), seed: seed)
    }

    func checkBatchFold<P: Projection>(_ projection: P, seed: UInt64) throws where P.State: Equatable {
        try ProjectionsTests.checkBatchFold(projection, events: everyKindOfContentEvent(seed: seed, count: 500), seed: seed)
    }

    /// ``randomContentEvents(seed:count:)`` with, every 17th event, one of the kinds it lacks
    /// (unfavourites, renames, deletions, services, scheduler changes, spelling tests archived and deleted) or of another domain.
    func everyKindOfContentEvent(seed: UInt64, count: Int) -> [RecordedEvent] {
        let base = randomContentEvents(seed: seed, count: count)
        var rng = SplitMix64(seed: seed &+ 17)
        var merged: [RecordedEvent] = []
        for (index, event) in base.enumerated() {
            merged.append(event)
            guard index % 17 == 16 else { continue }
            let profile = event.profile
            let story = StoryID(testUUID(0xD00 + rng.next() % 6))
            let test = SpellingTestID(testUUID(0xB00 + rng.next() % 3))
            let extra: DomainEvent = switch rng.next() % 13 {
            case 0: .storyUnfavourited(StoryUnfavourited(story: story))
            case 1: .profileRenamed(ProfileRenamed(profile: profile, name: PersonalDataReference(key: testUUID(0x2000 + UInt64(index)))))
            case 2: .profileDeleted(ProfileDeleted(profile: profile))
            case 3: .externalServiceConfigured(ExternalServiceConfigured(service: "tts\(rng.next() % 2)",
                                                                         credential: try! CredentialReference("keychain:tts"),
                                                                         endpoint: nil, model: "m\(index % 2)", enabled: true))
            case 4: .schedulerParametersChanged(SchedulerParametersChanged(
                parameters: try! SchedulerParameters(FSRSParameters.fsrs6Default.weights.map { Double($0) * 1.01 })))
            case 5: .desiredRetentionChanged(DesiredRetentionChanged(retention: try! DesiredRetention(0.85)))
            case 6: .profileDisabled(ProfileDisabled(profile: profile))
            case 7: .profileEnabled(ProfileEnabled(profile: profile))
            case 8: .settingUnset(SettingUnset(key: try! SettingKey("k\(index % 3)")))
            case 9: .externalServiceRemoved(ExternalServiceRemoved(service: "tts\(index % 2)"))
            case 10: .spellingTestArchived(SpellingTestArchived(test: test))
            case 11: .spellingTestDeleted(SpellingTestDeleted(test: test))
            default: .deckCreated(DeckCreated(deck: DeckID(testUUID(0x3000 + UInt64(index))), name: "Deck"))
            }
            merged.append(RecordedEvent(position: 0, id: EventID(testUUID(0x4000 + UInt64(index))), stream: .profile(profile),
                                        streamVersion: 1, profile: profile, occurred: event.occurred,
                                        recordedAt: event.recordedAt, event: extra))
        }
        return merged.enumerated().map { offset, event in
            RecordedEvent(position: UInt64(offset + 1), id: event.id, stream: event.stream, streamVersion: event.streamVersion,
                          profile: event.profile, occurred: event.occurred, recordedAt: event.recordedAt, event: event.event)
        }
    }
}
