import Hindsight

/// `hindsight sessions`: per profile, the vocabulary study sessions started in the last N local
/// days, latest first, with what was studied in each.
struct SessionsCommand: ProfileViewCommand {
    static let spec = CommandSpec(
        path: ["sessions"],
        summary: "study sessions of the last days, per profile",
        about: """
            Per profile (or the one given): each vocabulary study session started in the last N local
            days (the profile's day cut-off applies), latest first, with its start, whether it
            ended, is still open or was abandoned (left open when the profile started another:
            its reviews count, it has no end), the reviews by rating, the different cards, the
            minutes from start to end and the minutes the reviews themselves took.
            """,
        options: viewOptions + [.value("days", "N", "how many local days, 1 … 3660, ending today (default 14)")])

    static let reads: ReadModelNeeds = .studySessions
    let query: QueryOptions
    let json: Bool
    /// How many local days, ending today.
    let days: Int

    init(query: QueryOptions, json: Bool) { self.init(query: query, json: json, days: 14) }

    init(query: QueryOptions, json: Bool, days: Int) {
        self.query = query
        self.json = json
        self.days = days
    }

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        self.init(query: try QueryOptions(arguments, environment: environment), json: arguments.flag("json"),
                  days: try arguments.value("days", default: 14, expecting: "a number of days in 1 … 3660") { text in
                      Int(text).flatMap { (1...3660).contains($0) ? $0 : nil }
                  })
    }

    struct Entry: Encodable {
        struct Session: Encodable {
            let id: String
            let deck: String?
            let started: ShownTime
            let ended: ShownTime?
            let outcome: String
            let reviews, again, hard, good, easy, cards: Int
            let durationSeconds: Int64?
            let reviewSeconds: Int64
        }
        let days: Int
        let sessions: [Session]
    }

    func entry(for record: ProfileRecord, in models: CurrentReadModels) -> Entry {
        let log = models.studySessions
        let today = log.calendar.day(of: query.now, profile: record.id)
        return Entry(days: days, sessions: log.sessions(profile: record.id, fromDay: today - Int64(days) + 1).map { session in
            let figures = session.figures
            return Entry.Session(id: session.id.description, deck: session.deck?.description,
                                 started: ShownTime(session.started, viewedAt: query.now),
                                 ended: session.ended.map { ShownTime($0, viewedAt: query.now) }, outcome: Self.name(of: session.outcome),
                                 reviews: figures.reviews, again: figures.again, hard: figures.hard, good: figures.good,
                                 easy: figures.easy, cards: figures.cards, durationSeconds: session.durationMs.map { $0 / 1000 },
                                 reviewSeconds: figures.reviewTimeMs / 1000)
        })
    }

    /// `open`, `ended` or `abandoned`.
    static func name(of outcome: StudySession.Outcome) -> String {
        switch outcome {
        case .open: "open"
        case .ended: "ended"
        case .abandoned: "abandoned"
        }
    }

    func lines(_ entry: Entry) -> [String] {
        let heading = "sessions: " + (entry.sessions.isEmpty ? "none" : EnglishText.count(entry.sessions.count, "session"))
            + " in the last \(EnglishText.count(entry.days, "day"))"
        guard !entry.sessions.isEmpty else { return [heading] }
        return [heading, "  started                  status     reviews again hard good easy cards minutes review-minutes"]
            + entry.sessions.map { s in
                "  \(s.started.text)  \(pad(s.outcome, 9)) \(pad(s.reviews, 7)) \(pad(s.again, 5)) \(pad(s.hard, 4)) "
                    + "\(pad(s.good, 4)) \(pad(s.easy, 4)) \(pad(s.cards, 5)) "
                    + "\(pad(s.durationSeconds.map { MinutesText.minutes(milliseconds: $0 * 1000) } ?? "-", 7)) "
                    + MinutesText.minutes(milliseconds: s.reviewSeconds * 1000)
            }
    }
}
