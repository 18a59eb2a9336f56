import Foundation
import TestSupport
@testable import Events
@testable import Projections

/// A seeded, mixed log of content events (spelling, stories, profiles, settings) over three
/// profiles, several offsets and a cut-off change, for round-trip and determinism tests.
func randomContentEvents(seed: UInt64, count: Int) -> [RecordedEvent] {
    var rng = SplitMix64(seed: seed)
    var script = EventScript()
    let profiles = (1...3).map { ProfileID(testUUID(0xA00 + UInt64($0))) }
    let words = ["cat", "Dog", " sun", "moon", "tree"]
    let offsets = [0, 3600, -18000, 19800]
    for i in 0..<count {
        let profile = profiles[Int(rng.next() % 3)]
        let time = Timestamp(milliseconds: utc(2026, 3, 1).milliseconds + Int64(i) * 1_700_000)
        let offset = offsets[Int(rng.next() % 4)]
        let test = SpellingTestID(testUUID(0xB00 + rng.next() % 3))
        let session = SpellingSessionID(testUUID(0xC00 + rng.next() % 4))
        let story = StoryID(testUUID(0xD00 + rng.next() % 6))
        let ref = PersonalDataReference(key: testUUID(0x1000 + UInt64(i)))
        let page = try! PageNumber(Int(rng.next() % 3) + 1)
        let (event, stream): (DomainEvent, StreamID) = switch rng.next() % 16 {
        case 0: (.spellingTestCreated(SpellingTestCreated(test: test, title: "T\(i)", words: try! WordList(words))), .spellingTest(test))
        case 1: (.spellingTestEdited(SpellingTestEdited(test: test, title: "E\(i)", words: try! WordList(Array(words.prefix(3))))), .spellingTest(test))
        case 2: (.spellingPracticeStarted(SpellingPracticeStarted(session: session, test: test)), .spellingSession(session))
        case 3, 4: (.wordSpelled(WordSpelled(session: session, word: words[Int(rng.next() % 5)], typed: "x",
                                             correct: rng.next() % 3 != 0, attempt: try! AttemptNumber(Int(rng.next() % 2) + 1),
                                             hintsUsed: UInt32(rng.next() % 2), duration: try! ElapsedTime(milliseconds: 900))),
                    .spellingSession(session))
        case 5: (.spellingPracticeEnded(SpellingPracticeEnded(session: session)), .spellingSession(session))
        case 6: (.storyRequested(StoryRequested(story: story, theme: "space", childAge: try! ChildAge(7), growthTopic: i % 3 == 0 ? nil : "sharing", childName: nil)), .story(story))
        case 7: (.storyGenerated(StoryGenerated(story: story, title: ref, pages: [StoryPage(number: page, text: ref)], model: "m\(i % 2)")), .story(story))
        case 8: (.illustrationGenerated(IllustrationGenerated(story: story, page: page, image: "img\(i)", model: i % 3 == 0 ? nil : "m")), .story(story))
        case 9: (.illustrationFailed(IllustrationFailed(story: story, page: page, reason: "timeout")), .story(story))
        case 10: (rng.next() % 2 == 0 ? .storyFavourited(StoryFavourited(story: story)) : .storyRead(StoryRead(story: story, lastPageRead: page, finished: rng.next() % 2 == 0)), .story(story))
        case 11: (rng.next() % 3 == 0 ? .storyDeleted(StoryDeleted(story: story)) : .storyGenerationFailed(StoryGenerationFailed(story: story, reason: "quota")), .story(story))
        case 12: (i % 4 == 0 ? .parentalControlsCleared(ParentalControlsCleared(setBy: ProfileID(testUUID(0xBA)))) :
                    .parentalControlsChanged(ParentalControlsChanged(setBy: i % 3 == 0 ? nil : ProfileID(testUUID(0xBA)),
                                                                     dailyStoryLimit: UInt32(rng.next() % 5),
                                                                     themes: i % 2 == 0 ? .any : try! .only(["space", "sea"]))), .profile(profile))
        case 13: (rng.next() % 2 == 0 ? .profileCreated(ProfileCreated(profile: profile, name: ref, isChild: true)) : .profileSwitched(ProfileSwitched(profile: profile)), .profile(profile))
        case 14: (.settingChanged(SettingChanged(key: try! SettingKey("k\(rng.next() % 3)"), value: .int(Int64(i)))), .profile(profile))
        default: (.dayCutoffChanged(DayCutoffChanged(hour: try! HourOfDay(Int(rng.next() % 24)))), .profile(profile))
        }
        script.record(event, stream: stream, at: time, utcOffsetSeconds: offset, profile: profile)
    }
    return script.events
}
