import Foundation
import FSRS
import Hindsight

/// `hindsight card ID`: one card as an app shows it: its content, its scheduling state now and a
/// summary of its review history.
struct CardCommand: Command {
    static let spec = CommandSpec(
        path: ["card"],
        summary: "a card's content, scheduling state and review history",
        about: """
            The card's content (front, back, translations, example sentences), its state now (FSRS
            phase, due time, stability, difficulty, retrievability now, lapses, and whether it is a
            leech, buried today or suspended) and a summary of its history from the log: the reviews
            that count, by rating, the cram, undone and ignored ones, and the first and last review.
            """,
        positionals: [PositionalSpec(name: "ID", help: CardArgument.help)],
        options: [.json(), .dataDirectory, .nowWithOffset],
        notes: """
            Exit codes: 0 shown, 1 no such card, no store or a log that cannot be read, 2 usage error.
            """)

    let card: CardArgument
    let dataDirectory: String
    let now: EventTime
    let json: Bool

    init(parsing arguments: Arguments, environment: CLIEnvironment) throws(UsageError) {
        dataDirectory = environment.dataDirectory(arguments.value("data-dir"))
        now = try TimeOption.now(arguments.value("now"), environment: environment)
        json = arguments.flag("json")
        card = try CardArgument(arguments.positional("ID"))
    }

    func run(_ io: inout StandardStreams) async throws -> ExitCode {
        let models = try await CurrentReadModels.load(dataDirectory: dataDirectory, reading: [.vocabulary, .content])
        let card = try self.card.resolve(in: models)
        guard let summary = models.vocabulary.card(card), let content = models.cardContent(card) else {
            throw QueryError("there is no card \(card) in the store; `hindsight due` lists cards with their ids")
        }
        let audit = try await CardAuditor.audit(card: card, dataDirectory: dataDirectory,
                                                defaultConfiguration: ReadModelConfiguration().scheduler)
        let output = CardOutput(summary: summary, content: content, models: models, history: CardOutput.History(audit, viewedAt: now),
                                importedAs: audit.importedAs, now: now)
        if json {
            io.print(try JSONOutput.encode(output))
            return .success
        }
        for line in output.lines { io.print(line) }
        return .success
    }
}

/// `card --json`, and the text lines built from the same values.
struct CardOutput: Encodable {
    struct Translation: Encodable {
        let language, text: String
    }
    struct Sentence: Encodable {
        let sentence, generator: String
    }
    struct State: Encodable {
        let phase: String
        let due: ShownTime
        let stability, difficulty: Double
        /// The probability of recall now (FSRS, local days since the last review).
        let retrievability: Double
        let reps, lapses: Int
    }
    struct History: Encodable {
        /// Counted (scheduled, not undone) reviews by rating.
        let again, hard, good, easy: Int
        let cram, undone, ignored: Int
        let firstReview, lastReview: ShownTime?

        init(_ audit: CardAudit, viewedAt now: EventTime) {
            let counted = audit.reviews.filter { $0.status == .counted }
            func rated(_ rating: Int) -> Int { counted.filter { $0.rating == rating }.count }
            func with(_ status: AuditedReview.Status) -> Int { audit.reviews.filter { $0.status == status }.count }
            again = rated(1)
            hard = rated(2)
            good = rated(3)
            easy = rated(4)
            cram = with(.cram)
            undone = with(.undone)
            ignored = with(.ignored)
            let kept = audit.reviews.filter { $0.status == .counted || $0.status == .cram }
            firstReview = kept.first.map { ShownTime($0.time, viewedAt: now) }
            lastReview = kept.last.map { ShownTime($0.time, viewedAt: now) }
        }

        var counted: Int { again + hard + good + easy }
    }

    let id, deck, profile, profileName: String
    /// The `card_id` the card was imported with from a revlog (an integer or a text), if it was.
    let importedAs: RevlogCardID?
    let front, back: String
    let translations: [Translation]
    let exampleSentences: [Sentence]
    /// Nil for a new card (never reviewed).
    let state: State?
    let leech, buried, suspended, deleted: Bool
    let history: History

    init(summary: CardSummary, content: CardContent, models: CurrentReadModels, history: History, importedAs: RevlogCardID?,
         now: EventTime) {
        id = summary.id.description
        self.importedAs = importedAs
        deck = summary.deck.description
        profile = summary.profile.description
        profileName = models.directory.profile(summary.profile).map(models.name(of:)) ?? "-"
        front = content.front
        back = content.back
        translations = content.translations.map { Translation(language: $0.language.value, text: $0.text) }
        exampleSentences = content.exampleSentences.map { Sentence(sentence: $0.sentence, generator: $0.generator) }
        state = summary.schedule.map { schedule in
            let scheduler = models.directory.scheduler(profile: summary.profile)
            let weights = (try? FSRSParameters(scheduler.parameters.weights)) ?? .fsrs6Default
            let elapsed = max(0, LocalDay.number(of: now, cutoffHour: scheduler.dayCutoffHour) - schedule.lastReviewDay)
            let recall = MemoryModel(parameters: weights).retrievability(elapsedDays: Float(elapsed), stability: schedule.memory.stability)
            return State(phase: "\(schedule.phase)", due: ShownTime(Timestamp(milliseconds: schedule.dueMs), viewedAt: now),
                         stability: Double(schedule.memory.stability), difficulty: Double(schedule.memory.difficulty),
                         retrievability: Double(recall), reps: schedule.reps, lapses: schedule.lapses)
        }
        leech = summary.isLeech
        buried = models.vocabulary.isBuried(summary.id, at: now)
        suspended = summary.isSuspended
        deleted = summary.isGone
        self.history = history
    }

    /// The text view.
    var lines: [String] {
        var lines = ["card \(id)  deck \(deck)  profile \(profileName) (\(profile))"]
        if let importedAs { lines.append("imported from a revlog as card_id \(importedAs)") }
        lines += ["front: \(front)", "back: \(back)"]
        lines.append("translations: " + (translations.isEmpty ? "none" : translations.map { "\($0.language) \"\($0.text)\"" }
            .joined(separator: ", ")))
        lines.append("example sentences: " + (exampleSentences.isEmpty ? "none" : ""))
        lines += exampleSentences.map { "  \"\($0.sentence)\" (\($0.generator))" }
        if let state {
            lines.append("state: \(state.phase), due \(state.due.text), stability \(Self.format(state.stability)) days, "
                         + "difficulty \(Self.format(state.difficulty)), retrievability now \(Self.format(state.retrievability)), "
                         + "\(EnglishText.count(state.reps, "review")), \(EnglishText.count(state.lapses, "lapse"))")
        } else {
            lines.append("state: new (never reviewed)")
        }
        let flags = [(leech, "leech"), (buried, "buried today"), (suspended, "suspended"), (deleted, "deleted")]
            .filter(\.0).map(\.1)
        lines.append("flags: " + (flags.isEmpty ? "none" : flags.joined(separator: ", ")))
        lines.append("history: \(EnglishText.count(history.counted, "review")) counted (again \(history.again), hard \(history.hard), "
                     + "good \(history.good), easy \(history.easy)); \(history.cram) cram, \(history.undone) undone, "
                     + "\(history.ignored) ignored")
        lines.append("first review: \(history.firstReview?.text ?? "none"); last review: \(history.lastReview?.text ?? "none")")
        return lines
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
