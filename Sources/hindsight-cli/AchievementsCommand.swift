import Hindsight

/// `hindsight achievements`: per profile, the achievements earned (in the order earned, with
/// when) and the progress toward the others (in the rule table's order).
struct AchievementsCommand: ProfileViewCommand {
    static let spec = CommandSpec(
        path: ["achievements"],
        summary: "achievements earned and progress toward the others, per profile",
        about: """
            Per profile (or the one given): each achievement earned, in the order earned, with the
            local time of the event that earned it, then how far the profile is toward each other
            achievement of the rule table (current and target counts).
            """,
        options: viewOptions)

    static let reads: ReadModelNeeds = .activity
    let query: QueryOptions
    let json: Bool

    struct Entry: Encodable {
        struct Earned: Encodable {
            let id, title, description: String
            let earned: ShownTime
            let position: UInt64
        }
        struct Progress: Encodable {
            let id, title, description: String
            let current, target: Int
        }
        let earned: [Earned]
        let progress: [Progress]
    }

    func entry(for record: ProfileRecord, in models: CurrentReadModels) -> Entry {
        Entry(earned: models.achievements.unlocked(profile: record.id).map {
                  Entry.Earned(id: $0.rule.id, title: $0.rule.title, description: $0.rule.description,
                               earned: ShownTime($0.unlock.time, viewedAt: query.now), position: $0.unlock.position)
              },
              progress: models.achievements.progress(profile: record.id).map {
                  Entry.Progress(id: $0.rule.id, title: $0.rule.title, description: $0.rule.description, current: min($0.current, $0.target), target: $0.target)
              })
    }

    func lines(_ entry: Entry) -> [String] {
        ["earned: " + (entry.earned.isEmpty ? "none yet" : EnglishText.count(entry.earned.count, "achievement"))]
            + entry.earned.map { "  \($0.earned.text)  \($0.title) — \($0.description)" }
            + ["in progress:"] + entry.progress.map { "  \(pad("\($0.current)/\($0.target)", 9))  \($0.title) — \($0.description)" }
    }
}
