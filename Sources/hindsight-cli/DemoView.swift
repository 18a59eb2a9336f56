import Foundation
import Hindsight

/// What the apps would show today for each profile: due counts and the next due cards, streaks,
/// achievements, the last 14 days of DailyStats and the story library.
struct DemoView {
    let store: Store
    let now: Timestamp

    /// The lines to print.
    func render() async -> [String] {
        var lines: [String] = []
        let vocabulary = await store.vocabulary()
        let stats = await store.dailyStats()
        let streaks = await store.streaks()
        let achievements = await store.achievements()
        let library = await store.stories()
        let spelling = await store.spelling()
        for record in await store.profiles().profiles() {
            let offset = DemoProfile.named(record.id)?.utcOffsetMinutes ?? 0
            let today = EventTime(instant: now, utcOffset: try! UTCOffset(seconds: offset * 60))
            let name = await store.profileName(record.id)
            lines.append("")
            lines.append("== \(name)\(record.isChild ? " (child)" : "") ==")

            let counts = vocabulary.dueCount(profile: record.id, at: today)
            lines.append("Due today: \(counts.due) due, \(counts.learning) learning, \(counts.newAvailable) new available")
            let queue = vocabulary.dueQueue(profile: record.id, at: today, limit: 5)
            if queue.reviews.isEmpty {
                let next = vocabulary.nextDue(profile: record.id, after: now)
                lines.append("Next due: " + (next.map { "\($0.front) at \(Self.dateTime($0.due, offset: offset))" } ?? "nothing scheduled"))
            } else {
                lines.append("Next due: " + queue.reviews.map { "\($0.front) (\(Self.dateTime($0.due, offset: offset)))" }.joined(separator: ", "))
            }

            let streak = streaks.streak(profile: record.id, at: today)
            lines.append("Streak: current \(streak.current) days, longest \(streak.longest) days")
            let unlocked = achievements.unlocked(profile: record.id)
            lines.append("Achievements: " + (unlocked.isEmpty ? "none yet"
                : unlocked.map { "\($0.rule.title) (\(Self.date(day: stats.today(profile: record.id, at: $0.unlock.time).day)))" }.joined(separator: ", ")))

            let day = stats.today(profile: record.id, at: today).day
            lines.append("Last 14 days:")
            lines.append("  day          reviews again hard good easy  new  minutes retention  spelled ok/wrong  stories made/read  dictated")
            var total = ActivityCounts()
            for d in (day - 13)...day {
                let c = stats.day(profile: record.id, day: d)
                total += c
                let retention = c.retention.map { String(format: "%.0f%%", $0 * 100) } ?? "-"
                lines.append("  " + [Self.date(day: d), pad(c.reviews, 7), pad(c.again, 5), pad(c.hard, 4), pad(c.good, 4), pad(c.easy, 4),
                                     pad(c.newCards, 4), pad(Int(c.studyTimeMs / 60_000), 8), pad(retention, 9),
                                     pad("\(c.wordsSpelledRight)/\(c.wordsSpelledWrong)", 17),
                                     pad("\(c.storiesGenerated)/\(c.storiesRead)", 18), pad(c.wordsDictated, 9)].joined(separator: " "))
            }
            lines.append("  14-day total: \(total.reviews) reviews, \(total.wordsSpelledRight + total.wordsSpelledWrong) words spelled, "
                         + "\(total.storiesRead) stories read, \(total.wordsDictated) words dictated")

            let tests = spelling.tests(profile: record.id)
            if !tests.isEmpty {
                lines.append("Spelling tests: " + tests.map { t in
                    "\(t.title) (\(t.sessions) sessions, best \(t.bestScore.map { "\($0.correct)/\($0.total)" } ?? "-"))"
                }.joined(separator: ", "))
            }
            let stories = library.library(profile: record.id)
            if !stories.isEmpty {
                lines.append("Story library: \(stories.count) stories, \(library.favourites(profile: record.id).count) favourites")
                for story in stories.suffix(5) {
                    let title = await resolve(story.title) ?? "(no title)"
                    let drawn = story.pageIllustrations.filter { if case .generated = $0.illustration { true } else { false } }.count
                    lines.append("  \(title) — \(story.theme), \(Self.status(story.status)), "
                                 + "\(story.pages.count) pages, \(drawn) illustrated, read to page \(story.pagesRead)\(story.isFavourite ? ", favourite" : "")")
                }
            }
        }
        return lines
    }

    private func resolve(_ reference: PersonalDataReference?) async -> String? {
        guard let reference else { return nil }
        return "\(await store.personalData(reference))"
    }

    private func pad(_ value: Int, _ width: Int) -> String { pad(String(value), width) }
    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func status(_ status: LibraryStory.Status) -> String {
        switch status {
        case .requested: "requested"
        case .generated: "generated"
        case .failed(let reason): "failed (\(reason))"
        }
    }

    /// A local day number as `yyyy-MM-dd`.
    static func date(day: Int64) -> String {
        format(Date(timeIntervalSince1970: Double(day) * 86_400), "yyyy-MM-dd")
    }

    /// An instant as the profile's local `yyyy-MM-dd HH:mm`.
    static func dateTime(_ instant: Timestamp?, offset: Int) -> String {
        guard let instant else { return "-" }
        return format(Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000 + Double(offset * 60)), "yyyy-MM-dd HH:mm")
    }

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
