import Hindsight

/// `hindsight stories`: per profile, the parental controls, the stories counted toward today's
/// limit, and the story library (newest request first).
struct StoriesCommand: ProfileViewCommand {
    static let spec = CommandSpec(
        path: ["stories"],
        summary: "the story library and parental controls, per profile",
        about: """
            Per profile (or the one given): its parental controls (daily story limit and allowed
            themes), the stories counted toward today's limit, then every story of its library,
            newest request first: title, theme, growth topic, status, pages, illustrations, how far
            it was read and whether it is a favourite.
            """,
        options: viewOptions)

    static let reads: ReadModelNeeds = .stories
    let query: QueryOptions
    let json: Bool

    struct Entry: Encodable {
        struct Controls: Encodable {
            let dailyStoryLimit: Int
            /// The themes allowed; absent when any theme is.
            let allowedThemes: [String]?
            /// The parent's profile that set them; absent for a child's defaults.
            let setBy: String?
            let changed: ShownTime
        }
        struct Story: Encodable {
            let id: String
            let title: String?
            let theme: String
            /// Absent for a plain story.
            let growthTopic: String?
            /// The model that wrote the story, when recorded.
            let model: String?
            let childAge: Int
            let status: String
            let failureReason: String?
            let pages, illustrated, pagesRead: Int
            let finished, favourite: Bool
            let requested: ShownTime
            let generated, lastRead: ShownTime?
        }
        let parentalControls: Controls?
        let storiesToday: Int
        let stories: [Story]
    }

    func entry(for record: ProfileRecord, in models: CurrentReadModels) -> Entry {
        let library = models.stories
        return Entry(
            parentalControls: library.parentalControls(profile: record.id).map {
                Entry.Controls(dailyStoryLimit: $0.dailyStoryLimit, allowedThemes: $0.themes.allowed,
                               setBy: $0.setBy?.description, changed: ShownTime($0.changed, viewedAt: query.now))
            },
            storiesToday: library.storiesToday(profile: record.id, at: query.now),
            stories: Self.stories(of: record, in: models, viewedAt: query.now))
    }

    /// `record`'s library, newest request first, with times at `now`'s offset.
    static func stories(of record: ProfileRecord, in models: CurrentReadModels, viewedAt now: EventTime) -> [Entry.Story] {
        let shown = { (time: EventTime) in ShownTime(time, viewedAt: now) }
        return models.stories.library(profile: record.id).map { story in
                var failure: String?
                if case .failed(let reason) = story.status { failure = reason }
                return Entry.Story(
                    id: story.id.description, title: models.text(of: story.title), theme: story.theme,
                    growthTopic: story.growthTopic, model: story.model, childAge: story.childAge.value, status: Self.status(story.status),
                    failureReason: failure, pages: story.pages.count, illustrated: Self.illustrated(story),
                    pagesRead: story.pagesRead, finished: story.finished, favourite: story.isFavourite,
                    requested: shown(story.requested), generated: story.generated.map(shown), lastRead: story.lastRead.map(shown))
            }
    }

    func lines(_ entry: Entry) -> [String] {
        var lines = ["parental controls: " + (entry.parentalControls.map {
            "at most \(EnglishText.count($0.dailyStoryLimit, "story", plural: "stories")) a day, themes "
                + "\($0.allowedThemes?.joined(separator: ", ") ?? "any") (set \($0.changed.text))"
        } ?? "none")]
        lines.append("today: \(EnglishText.count(entry.storiesToday, "story", plural: "stories"))")
        lines.append("library: \(EnglishText.count(entry.stories.count, "story", plural: "stories")), "
                     + "\(entry.stories.filter(\.favourite).count) favourite")
        lines += entry.stories.map(Self.line)
        return lines
    }

    /// One story as the library lists it, in every view: `Sam and the Brave Fox — an animals
    /// story about sharing, generated, 4 pages, 3 illustrated, read to page 4, favourite`.
    static func line(_ story: Entry.Story) -> String {
        "  \(story.requested.text)  \(story.title ?? "(no title)") — \(EnglishText.withArticle("\(story.theme) story"))"
            + (story.growthTopic.map { " about \($0)" } ?? "") + ", \(story.status)\(story.failureReason.map { " (\($0))" } ?? ""), "
            + "\(EnglishText.count(story.pages, "page")), \(story.illustrated) illustrated, read to page \(story.pagesRead)"
            + (story.favourite ? ", favourite" : "")
    }

    /// `requested`, `generated` or `failed`.
    static func status(_ status: LibraryStory.Status) -> String {
        switch status {
        case .requested: "requested"
        case .generated: "generated"
        case .failed: "failed"
        }
    }

    /// How many of `story`'s pages have a generated illustration.
    static func illustrated(_ story: LibraryStory) -> Int {
        story.pageIllustrations.filter { if case .generated = $0.illustration { true } else { false } }.count
    }
}
