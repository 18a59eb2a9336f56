import Hindsight

/// `hindsight profiles`: every live profile (or the one given) with its kind, creation time,
/// day cut-off and scheduler settings, and which profile is active.
struct ProfilesCommand: ProfileViewCommand {
    static let spec = CommandSpec(
        path: ["profiles"],
        summary: "the profiles, with their day cut-off and scheduler settings",
        about: """
            Every live profile (or the one given), by name: whether it is a child's, whether it is
            the active one, when it was created, the hour its day starts, its desired retention,
            and whether it schedules with the default FSRS parameters or its own.
            """,
        options: viewOptions)

    static let reads: ReadModelNeeds = []
    let query: QueryOptions
    let json: Bool

    struct Entry: Encodable {
        let child, active: Bool
        let created: ShownTime
        let dayCutoffHour: Int
        let desiredRetention: Double
        let defaultParameters, defaultRetention: Bool
    }

    func entry(for record: ProfileRecord, in models: CurrentReadModels) -> Entry {
        let scheduler = models.directory.scheduler(profile: record.id)
        return Entry(child: record.isChild, active: models.directory.activeProfile == record.id,
                     created: ShownTime(record.created, viewedAt: query.now), dayCutoffHour: scheduler.dayCutoffHour,
                     desiredRetention: Self.shown(scheduler.desiredRetention.value), defaultParameters: scheduler.isDefaultParameters,
                     defaultRetention: scheduler.isDefaultRetention)
    }

    /// `retention` as it was given: a value that came from a `Float` (the scheduler's default
    /// 0.9 reads back as 0.8999999761581421) as that `Float`'s shortest form, any other as is.
    static func shown(_ retention: Double) -> Double {
        let single = Float(retention)
        return Double(single) == retention ? Double(single.description) ?? retention : retention
    }

    func lines(_ entry: Entry) -> [String] {
        ["\(entry.child ? "child" : "adult")\(entry.active ? ", active" : ""), created \(entry.created.text)",
         "day starts at \(entry.dayCutoffHour):00; desired retention \(entry.desiredRetention)"
            + (entry.defaultRetention ? " (default)" : "") + "; FSRS parameters: " + (entry.defaultParameters ? "default" : "its own")]
    }
}
