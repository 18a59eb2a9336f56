import Foundation
import Testing
import TestSupport
@testable import Events
@testable import Projections

@Suite struct StoryLibraryTests {
    let profile = ProfileID(testUUID(0xF000))
    let storyA = StoryID(testUUID(0x5A)), storyB = StoryID(testUUID(0x5B)), storyC = StoryID(testUUID(0x5C))

    func request(_ story: StoryID, theme: String = "space") -> DomainEvent {
        .storyRequested(StoryRequested(story: story, theme: theme, childAge: try! ChildAge(6), growthTopic: "sharing", childName: nil))
    }

    func pages(_ count: Int) -> [StoryPage] {
        (1...count).map { StoryPage(number: try! PageNumber($0), text: PersonalDataReference(key: testUUID(0x900 + UInt64($0)))) }
    }

    /// A (18:00) requested → generated with 3 pages → page 1 drawn, page 2 failed, page 3 pending
    /// → favourited → read to page 2, then to the end, then page 1 again (furthest stays 3).
    /// B (19:00) requested → failed. C (20:00) requested → generated → deleted.
    /// All on 2026-03-01 UTC, offset 0, cut-off 4: three requests on that local day.
    func libraryScript() -> EventScript {
        var script = EventScript()
        let title = PersonalDataReference(key: testUUID(0x7171))
        script.record(request(storyA), stream: .story(storyA), at: utc(2026, 3, 1, 18))
        script.record(.storyGenerated(StoryGenerated(story: storyA, title: title, pages: pages(3), model: "story-model")), stream: .story(storyA), at: utc(2026, 3, 1, 18, 1))
        script.record(.illustrationGenerated(IllustrationGenerated(story: storyA, page: try! PageNumber(1), image: "a-1.png", model: "image-model")), stream: .story(storyA), at: utc(2026, 3, 1, 18, 2))
        script.record(.illustrationFailed(IllustrationFailed(story: storyA, page: try! PageNumber(2), reason: "timeout")), stream: .story(storyA), at: utc(2026, 3, 1, 18, 3))
        script.record(.storyFavourited(StoryFavourited(story: storyA)), stream: .story(storyA), at: utc(2026, 3, 1, 18, 4))
        script.record(.storyRead(StoryRead(story: storyA, lastPageRead: try! PageNumber(2), finished: false)), stream: .story(storyA), at: utc(2026, 3, 1, 18, 5))
        script.record(.storyRead(StoryRead(story: storyA, lastPageRead: try! PageNumber(3), finished: true)), stream: .story(storyA), at: utc(2026, 3, 1, 18, 6))
        script.record(.storyRead(StoryRead(story: storyA, lastPageRead: try! PageNumber(1), finished: false)), stream: .story(storyA), at: utc(2026, 3, 1, 18, 7))
        script.record(request(storyB, theme: "sea"), stream: .story(storyB), at: utc(2026, 3, 1, 19))
        script.record(.storyGenerationFailed(StoryGenerationFailed(story: storyB, reason: "quota")), stream: .story(storyB), at: utc(2026, 3, 1, 19, 1))
        script.record(request(storyC), stream: .story(storyC), at: utc(2026, 3, 1, 20))
        script.record(.storyGenerated(StoryGenerated(story: storyC, title: title, pages: pages(1), model: nil)), stream: .story(storyC), at: utc(2026, 3, 1, 20, 1))
        script.record(.storyDeleted(StoryDeleted(story: storyC)), stream: .story(storyC), at: utc(2026, 3, 1, 20, 2))
        script.record(.storyFavourited(StoryFavourited(story: storyC)), stream: .story(storyC), at: utc(2026, 3, 1, 20, 3))  // deleted: ignored
        return script
    }

    @Test func aStoryGoesFromRequestToReadWithItsIllustrations() throws {
        let state = fold(StoryLibraryProjection(defaultCutoffHour: 4), libraryScript().events)
        let story = try #require(state.story(storyA))
        #expect(story.status == .generated)
        #expect(story.title == PersonalDataReference(key: testUUID(0x7171)))
        #expect(story.theme == "space" && story.growthTopic == "sharing" && story.childAge.value == 6)
        #expect(story.pages.map(\.number.value) == [1, 2, 3])
        #expect(story.pageIllustrations.map(\.illustration) == [.generated(image: "a-1.png", model: "image-model"), .failed(reason: "timeout"), .pending])
        #expect(story.isFavourite)
        #expect(story.pagesRead == 3)
        #expect(story.finished)
        #expect(story.requested.instant == utc(2026, 3, 1, 18))
        #expect(story.generated?.instant == utc(2026, 3, 1, 18, 1))
        #expect(story.lastRead?.instant == utc(2026, 3, 1, 18, 7))
    }

    @Test func aFailedRequestStaysAndADeletedStoryLeavesTheLibrary() throws {
        let state = fold(StoryLibraryProjection(defaultCutoffHour: 4), libraryScript().events)
        #expect(state.story(storyB)?.status == .failed(reason: "quota"))
        #expect(state.story(storyB)?.title == nil)
        #expect(state.story(storyC) == nil)
        #expect(state.library(profile: profile).map(\.id) == [storyB, storyA])   // newest request first
        #expect(state.favourites(profile: profile).map(\.id) == [storyA])
        #expect(state.library(profile: ProfileID(testUUID(0x1))).isEmpty)
        // Every request counts toward the day's limit, failed and deleted ones too.
        #expect(state.storiesToday(profile: profile, at: eventTime(utc(2026, 3, 1, 23))) == 3)
        #expect(state.storiesToday(profile: profile, at: eventTime(utc(2026, 3, 2, 5))) == 0)
    }

    @Test func unfavouritingAndTiesInTheLibraryOrder() {
        var script = EventScript()
        // Two stories requested at the same instant: the lower id first.
        script.record(request(storyB), stream: .story(storyB), at: utc(2026, 3, 1, 9))
        script.record(request(storyA), stream: .story(storyA), at: utc(2026, 3, 1, 9))
        script.record(.storyFavourited(StoryFavourited(story: storyA)), stream: .story(storyA), at: utc(2026, 3, 1, 9, 1))
        script.record(.storyFavourited(StoryFavourited(story: storyB)), stream: .story(storyB), at: utc(2026, 3, 1, 9, 1))
        script.record(.storyUnfavourited(StoryUnfavourited(story: storyA)), stream: .story(storyA), at: utc(2026, 3, 1, 9, 2))
        let state = fold(StoryLibraryProjection(defaultCutoffHour: 4), script.events)
        #expect(state.library(profile: profile).map(\.id) == [storyA, storyB])
        #expect(state.favourites(profile: profile).map(\.id) == [storyB])
        #expect(state.story(storyA)?.status == .requested)
        #expect(state.story(storyA)?.illustration(page: 1) == .pending)
    }

    struct DayCase: Sendable, CustomTestStringConvertible {
        let name: String
        let offsetSeconds: Int
        let cutoffChange: Int?
        let queries: [(at: Timestamp, expected: Int)]
        var testDescription: String { name }
    }

    /// Requests at 22:30 and 23:30 UTC on 1 March; the projection's default cut-off is midnight.
    /// - UTC+1: local 23:30 (1 Mar) and 00:30 (2 Mar): one request on each day.
    /// - UTC-5: local 17:30 and 18:30, both on 1 March; at 03:00 UTC on 2 March it is still
    ///   22:00 on 1 March there (2), at 10:00 UTC it is 05:00 on 2 March (0).
    /// - UTC+1 with the cut-off moved to 4: 00:30 on 2 March still belongs to 1 March (2 that
    ///   day); at local 03:00 it is still 1 March (2), at local 04:30 a new day (0).
    @Test(arguments: [
        DayCase(name: "UTC+1, midnight", offsetSeconds: 3600, cutoffChange: nil,
                queries: [(utc(2026, 3, 1, 12), 1), (utc(2026, 3, 2, 10), 1), (utc(2026, 3, 3, 10), 0)]),
        DayCase(name: "UTC-5, midnight", offsetSeconds: -18000, cutoffChange: nil,
                queries: [(utc(2026, 3, 2, 3), 2), (utc(2026, 3, 2, 10), 0)]),
        DayCase(name: "UTC+1, cut-off 4", offsetSeconds: 3600, cutoffChange: 4,
                queries: [(utc(2026, 3, 1, 12), 2), (utc(2026, 3, 2, 2), 2), (utc(2026, 3, 2, 3, 30), 0)]),
    ])
    func storiesTodayFollowsTheLocalDay(_ day: DayCase) {
        var script = EventScript(utcOffsetSeconds: day.offsetSeconds)
        if let hour = day.cutoffChange {
            script.record(.dayCutoffChanged(DayCutoffChanged(hour: try! HourOfDay(hour))), stream: .profile(profile), at: utc(2026, 2, 1))
        }
        script.record(request(storyA), stream: .story(storyA), at: utc(2026, 3, 1, 22, 30))
        script.record(request(storyB), stream: .story(storyB), at: utc(2026, 3, 1, 23, 30))
        let state = fold(StoryLibraryProjection(defaultCutoffHour: 0), script.events)
        for query in day.queries {
            #expect(state.storiesToday(profile: profile, at: eventTime(query.at, utcOffsetSeconds: day.offsetSeconds)) == query.expected,
                    "at \(query.at)")
        }
        #expect(state.storiesToday(profile: ProfileID(testUUID(0x2)), at: eventTime(utc(2026, 3, 1, 23))) == 0)
    }

    @Test func theLatestParentalControlsAreInForce() throws {
        var script = EventScript()
        let other = ProfileID(testUUID(0x0B))
        let parent = ProfileID(testUUID(0x0C))
        #expect(fold(StoryLibraryProjection(defaultCutoffHour: 4), script.events).parentalControls(profile: profile) == nil)
        script.record(.parentalControlsChanged(ParentalControlsChanged(setBy: parent, dailyStoryLimit: 3, themes: try .only(["space", "sea"]))),
                      stream: .profile(profile), at: utc(2026, 3, 1))
        script.record(.parentalControlsChanged(ParentalControlsChanged(setBy: parent, dailyStoryLimit: 1, themes: try .only(["sea"]))),
                      stream: .profile(profile), at: utc(2026, 3, 2))
        script.record(.parentalControlsChanged(ParentalControlsChanged(setBy: nil, dailyStoryLimit: 0, themes: .any)),
                      stream: .profile(other), at: utc(2026, 3, 3), profile: other)
        let state = fold(StoryLibraryProjection(defaultCutoffHour: 4), script.events)
        let controls = try #require(state.parentalControls(profile: profile))
        #expect(controls.dailyStoryLimit == 1)
        #expect(controls.themes == (try .only(["sea"])))
        #expect(controls.setBy == parent)
        #expect(controls.allows(theme: "sea") && !controls.allows(theme: "space"))
        #expect(controls.changed.instant == utc(2026, 3, 2))
        #expect(state.parentalControls(profile: other)?.dailyStoryLimit == 0)
        #expect(state.parentalControls(profile: other)?.allows(theme: "sea") == true)
        #expect(state.parentalControls(profile: other)?.setBy == nil)
    }
}
