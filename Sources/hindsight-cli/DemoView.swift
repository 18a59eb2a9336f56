import Hindsight

/// What the apps would show today for each profile, from the same read models and with the same
/// pieces as the query commands (so the demo and `due`, `stats`, `achievements`, `spelling` and
/// `stories` agree): the due line of `due`, the streak line and day table of `stats`, the
/// achievements earned, the spelling tests and the newest stories of the library, every time at
/// the viewer's offset.
struct DemoView {
    let models: CurrentReadModels
    let now: EventTime

    /// How many of the last days the table shows.
    static let days = 14

    /// The lines to print.
    func render() throws -> [String] {
        var lines: [String] = []
        for record in try models.profiles(nil) {
            let name = models.name(of: record)
            lines.append("")
            lines.append(ProfileView<Int>.header(name: name, id: record.id.description))
            if record.isChild { lines.append("child profile") }

            let queue = models.vocabulary.dueQueue(profile: record.id, at: now, limit: 5)
            lines.append(DueCommand.countsLine(queue.counts, dueToday: models.vocabulary.dueToday(profile: record.id, at: now)))
            if queue.reviews.isEmpty {
                let next = models.vocabulary.nextDue(profile: record.id, after: now.instant)
                lines.append("next due after now: " + (next.map { "\($0.front) at \(time($0.due))" } ?? "none"))
            } else {
                lines.append("due cards: " + queue.reviews.map { "\($0.front) (\(time($0.due)))" }.joined(separator: ", "))
            }

            let streak = models.streaks.streak(profile: record.id, at: now)
            lines.append(StatsCommand.streakLine(current: streak.current, longest: streak.longest))
            let earned = models.achievements.unlocked(profile: record.id)
            lines.append("achievements: " + (earned.isEmpty ? "none yet"
                : earned.map { "\($0.rule.title) (\(ShownTime($0.unlock.time, viewedAt: now).text))" }.joined(separator: ", ")))

            let today = models.dailyStats.today(profile: record.id, at: now).day
            let from = today - Int64(Self.days) + 1
            let days = (from...today).map { StatsOutput.Day(models.dailyStats.day(profile: record.id, day: $0), day: $0) }
            let total = models.dailyStats.totals(profile: record.id, from: from, through: today)
            lines.append("last \(Self.days) days:")
            lines += StatsCommand.table(days, total: StatsOutput.Day(total, day: nil))
            lines.append("\(Self.days)-day total: \(EnglishText.count(Int(total.reviews), "review")), "
                         + "\(EnglishText.count(Int(total.wordsSpelledRight + total.wordsSpelledWrong), "word")) spelled, "
                         + "\(EnglishText.count(Int(total.storiesRead), "story", plural: "stories")) read, "
                         + "\(EnglishText.count(Int(total.wordsDictated), "word")) dictated")

            let tests = models.spelling.tests(profile: record.id)
            if !tests.isEmpty {
                lines.append("spelling tests: " + tests.map { test in
                    "\(test.title) (\(EnglishText.count(test.sessions, "session")), best "
                        + "\(test.bestScore.map { "\($0.correct)/\($0.total)" } ?? "-"))"
                }.joined(separator: ", "))
            }
            let stories = StoriesCommand.stories(of: record, in: models, viewedAt: now)
            if !stories.isEmpty {
                lines.append("story library: \(EnglishText.count(stories.count, "story", plural: "stories")), "
                             + "\(stories.filter(\.favourite).count) favourite; the newest:")
                lines += stories.prefix(5).map(StoriesCommand.line)
            }
        }
        return lines
    }

    private func time(_ instant: Timestamp?) -> String { instant.map { ShownTime($0, viewedAt: now).text } ?? "-" }
}
