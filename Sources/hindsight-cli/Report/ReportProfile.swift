import Hindsight

/// What the report shows of one profile, read from the read models: plain values, so the page
/// is a pure function of them.
struct ReportProfile {
    let id: String
    let name: String
    /// The local day the report is made on.
    let today: Int64
    /// The reviews of each local day of the year ending today, oldest first.
    let activity: [(day: Int64, reviews: Int)]
    let forecast: DueForecast
    let retention: TrueRetentionTable
    let distributions: CardDistributions
    let answers: AnswerButtons
    let streak: Streak
    /// Each achievement earned, with the local day it was earned on, in the order earned.
    let earned: [(title: String, day: Int64)]
    let progress: [AchievementProgress]

    /// How many local days the heatmap shows: a year.
    static let heatmapDays = 365

    /// `record`'s figures at `now`, the forecast `days` long.
    /// - Throws: ``DayRangeError`` only if the year's range were too long (it never is).
    init(_ record: ProfileRecord, models: CurrentReadModels, history: RetentionHistory, now: EventTime, days: Int) throws {
        id = record.id.description
        name = models.name(of: record)
        today = models.dailyStats.today(profile: record.id, at: now).day
        activity = try models.dailyStats.days(profile: record.id, from: today - Int64(Self.heatmapDays) + 1, through: today)
            .map { ($0.day, $0.counts.reviews) }
        forecast = models.vocabulary.dueForecast(profile: record.id, deck: nil, at: now, days: days, reviewLimit: nil)
        retention = history.table(profile: record.id, by: .month)
        distributions = models.vocabulary.cardDistributions(profile: record.id, at: now)
        answers = history.answerButtons(profile: record.id)
        streak = models.streaks.streak(profile: record.id, at: now)
        earned = models.achievements.unlocked(profile: record.id).map {
            ($0.rule.title, models.dailyStats.today(profile: record.id, at: $0.unlock.time).day)
        }
        progress = models.achievements.progress(profile: record.id)
    }
}
