import Foundation
import Hindsight

/// The demo's scenes, after the profiles' views: what the five apps can now do, each shown from
/// the read models (or, for the refused commands, from the store's answers): a parent setting a
/// child's limits and day cut-off, the child's refused attempts, a story generated on retry, a
/// card with its translation, a study session's summary, a leech and the app-wide settings.
struct DemoScenes {
    /// The story the scenes fail once and generate on retry (a fixed id, so the view finds it).
    static let retriedStory = StoryID(UUID(uuidString: "5C0E0000-0000-4000-8000-000000000001")!)
    /// The ids of the child's refused commands (fixed: a refused command records nothing, so
    /// sending it again on a later run is refused again, the same way).
    static let refusedCommand = UUID(uuidString: "5C0E0000-0000-4000-8000-000000000002")!
    static let refusedSettingCommand = UUID(uuidString: "5C0E0000-0000-4000-8000-000000000003")!

    let models: CurrentReadModels
    let now: EventTime
    /// What the store answered the child's attempts (``childAttempts(_:at:)``).
    let refusals: [String]

    /// Sam (a child) tries to lift Sam's own story limit, then to move Sam's own day cut-off (a
    /// parent-controlled setting); the store refuses both (`parent-required`) and records
    /// nothing. Returns the lines that say so.
    static func childAttempts(_ store: Store, at now: EventTime) async -> [String] {
        let sam = DemoProfile.sam
        let limits = StoreCommand(id: refusedCommand, profile: sam.id, time: sam.time(now.instant),
                                  .stories(.setParentalControls(child: sam.id, dailyStoryLimit: 10, themes: .any)))
        let cutoff = StoreCommand(id: refusedSettingCommand, profile: sam.id, time: sam.time(now.instant),
                                  .profiles(.changeDayCutoff(hour: 8)))
        return [await refusal(of: limits, store, attempt: "Sam tried to allow Sam 10 stories a day"),
                await refusal(of: cutoff, store, attempt: "Sam tried to start Sam's day at 8:00")]
    }

    private static func refusal(of command: StoreCommand, _ store: Store, attempt: String) async -> String {
        do {
            _ = try await store.send(command)
            return "refused: no — the store accepted it: \(attempt)"
        } catch {
            return "refused: \(attempt): \(error.code.rawValue): \(error.message)"
        }
    }

    /// The lines to print.
    func render() -> [String] {
        var lines = ["", "== scenes =="]
        lines.append(parentSetsLimits())
        lines.append(parentSetsADayCutoff())
        lines += refusals
        lines.append(retriedStory())
        lines.append(cardWithTranslation())
        lines.append(sessionSummary())
        lines.append(leech())
        lines.append("app-wide settings: " + (models.directory.appSettings().isEmpty ? "none"
            : models.directory.appSettings().map { "\($0.key) = \(SettingsCommand.text($0.value)) (set by \(name($0.changedBy)))" }
                .joined(separator: ", ")))
        return lines
    }

    private func name(_ profile: ProfileID?) -> String {
        profile.flatMap { models.directory.profile($0) }.map(models.name(of:)) ?? "nobody"
    }

    private func parentSetsLimits() -> String {
        guard let controls = models.stories.parentalControls(profile: DemoProfile.sam.id) else { return "parent sets limits: none set" }
        return "parent sets limits: \(name(controls.setBy)) set \(name(DemoProfile.sam.id))'s limits: at most "
            + "\(EnglishText.count(controls.dailyStoryLimit, "story", plural: "stories")) a day, themes "
            + "\(controls.themes.allowed?.joined(separator: ", ") ?? "any") (\(ShownTime(controls.changed, viewedAt: now).text))"
    }

    /// The child's day cut-off, which only a parent's profile changes (Alex did, in the scenes).
    private func parentSetsADayCutoff() -> String {
        let sam = DemoProfile.sam.id
        return "parent sets a setting: \(name(sam))'s day starts at \(models.vocabulary.schedulerConfiguration(of: sam).dayCutoffHour):00 "
            + "(the day cut-off is parent-controlled for a child: Alex's profile set it, naming Sam)"
    }

    private func retriedStory() -> String {
        guard let story = models.stories.story(Self.retriedStory), let generated = story.generated else {
            return "retried story: none"
        }
        let title = models.text(of: story.title) ?? "(no title)"
        return "retried story: \"\(title)\" failed at first (the generator timed out) and was generated on retry "
            + "\(ShownTime(generated, viewedAt: now).text) by \(story.model ?? "an unnamed model")"
    }

    private func cardWithTranslation() -> String {
        let alex = DemoProfile.alex.id
        for deck in models.vocabulary.decks(of: alex) {
            for card in models.vocabulary.cards(inDeck: deck.id) {
                guard let content = models.cardContent(card.id), !content.translations.isEmpty else { continue }
                return "card with its translation: \(content.front) → \(content.back); translations "
                    + content.translations.map { "\($0.language.value) \"\($0.text)\"" }.joined(separator: ", ")
                    + (content.exampleSentences.first.map { "; example \"\($0.sentence)\"" } ?? "")
                    + " (hindsight card \(card.id))"
            }
        }
        return "card with its translation: none"
    }

    /// Alex's busiest study day of the last 14 (the latest of equals): each of Alex's days holds
    /// one study session.
    private func sessionSummary() -> String {
        let alex = DemoProfile.alex.id
        let today = models.dailyStats.today(profile: alex, at: now).day
        let days = (today - 13...today).map { (day: $0, counts: models.dailyStats.day(profile: alex, day: $0)) }
        guard let busiest = days.max(by: { ($0.counts.reviews, $0.day) < ($1.counts.reviews, $1.day) }),
              busiest.counts.reviews > 0 else { return "session summary: none in the last 14 days" }
        let counts = busiest.counts
        return "session summary: Alex, \(LocalTimeText.date(ofLocalDay: busiest.day)): \(EnglishText.count(counts.reviews, "review")) "
            + "(again \(counts.again), hard \(counts.hard), good \(counts.good), easy \(counts.easy)), "
            + "\(EnglishText.count(counts.newCards, "new card")), \(MinutesText.minutes(milliseconds: counts.reviewTimeMs)) minutes"
    }

    private func leech() -> String {
        for record in (try? models.profiles(nil)) ?? [] {
            if let card = models.vocabulary.leeches(of: record.id).first {
                let back = models.cardContent(card.id)?.back ?? ""
                return "leech: \(models.name(of: record))'s \"\(card.front)\" → \"\(back)\", "
                    + "\(EnglishText.count(card.schedule?.lapses ?? 0, "lapse")) (a leech from 8)"
            }
        }
        return "leech: none"
    }
}
