import Hindsight

/// `hindsight spelling`: per profile, the spelling tests to practise and the archived ones
/// (sessions, best and last score; deleted tests are not shown) and every word practised (attempts, right, runs, hints, mastered).
struct SpellingCommand: ProfileViewCommand {
    static let spec = CommandSpec(
        path: ["spelling"],
        summary: "spelling tests and progress per word, per profile",
        about: """
            Per profile (or the one given): each spelling test to practise, oldest first, with its
            words, the sessions practised and the best and last score, then the archived tests the
            same way (deleted tests are not shown); then every word practised, by word,
            with its attempts, right answers, current and best run of right answers, hints used and
            whether (and since when) it is mastered.
            """,
        options: viewOptions)

    static let reads: ReadModelNeeds = .spelling
    let query: QueryOptions
    let json: Bool

    struct Score: Encodable {
        let correct, total: Int
        init(_ score: SpellingScore) { (correct, total) = (score.correct, score.total) }
        var text: String { "\(correct)/\(total)" }
    }
    struct Entry: Encodable {
        struct Test: Encodable {
            let id, title: String
            let words: [String]
            let sessions: Int
            let bestScore, lastScore: Score?
            let lastPractised: ShownTime?
        }
        struct Word: Encodable {
            let word: String
            let attempts, correct, currentRun, bestRun, hintsUsed: Int
            let mastered: Bool
            let firstMastered: ShownTime?
            let lastPractised: ShownTime
        }
        let tests: [Test]
        let archivedTests: [Test]
        let words: [Word]
    }

    func entry(for record: ProfileRecord, in models: CurrentReadModels) -> Entry {
        let shown = { (time: EventTime) in ShownTime(time, viewedAt: query.now) }
        let test = { (test: SpellingTestProgress) in
            Entry.Test(id: test.id.description, title: test.title, words: test.words, sessions: test.sessions,
                       bestScore: test.bestScore.map(Score.init), lastScore: test.lastScore.map(Score.init),
                       lastPractised: test.lastPractised.map(shown))
        }
        return Entry(
            tests: models.spelling.tests(profile: record.id).map(test), archivedTests: models.spelling.archivedTests(profile: record.id).map(test),
            words: models.spelling.words(profile: record.id).sorted { $0.word < $1.word }.map {
                Entry.Word(word: $0.word, attempts: $0.attempts, correct: $0.correct, currentRun: $0.currentRun,
                           bestRun: $0.bestRun, hintsUsed: $0.hintsUsed, mastered: $0.isMastered,
                           firstMastered: $0.firstMastered.map(shown), lastPractised: shown($0.lastPractised))
            })
    }

    /// A test's line: title, words, sessions, best and last score, last practised.
    static func line(_ test: Entry.Test) -> String {
        "  \(test.title): \(EnglishText.count(test.words.count, "word")), \(EnglishText.count(test.sessions, "session")), "
            + "best \(test.bestScore?.text ?? "-"), last \(test.lastScore?.text ?? "-"), "
            + "last practised \(test.lastPractised?.text ?? "never")"
    }

    func lines(_ entry: Entry) -> [String] {
        var lines = ["tests: " + (entry.tests.isEmpty ? "none" : EnglishText.count(entry.tests.count, "test"))]
        lines += entry.tests.map(Self.line)
        if !entry.archivedTests.isEmpty {
            lines.append("archived: " + EnglishText.count(entry.archivedTests.count, "test"))
            lines += entry.archivedTests.map(Self.line)
        }
        lines.append("words: " + (entry.words.isEmpty ? "none practised" : "\(EnglishText.count(entry.words.count, "word")), "
                                  + "\(entry.words.filter(\.mastered).count) mastered"))
        if !entry.words.isEmpty { lines.append("  word              right/tries  run best  hints  mastered since") }
        for word in entry.words {
            lines.append("  \(pad(word.word, 16))  "
                         + "\(pad("\(word.correct)/\(word.attempts)", 11))  \(pad(word.currentRun, 3)) \(pad(word.bestRun, 4))  "
                         + "\(pad(word.hintsUsed, 5))  \(word.firstMastered?.text ?? (word.mastered ? "yes" : "-"))")
        }
        return lines
    }
}
