import Hindsight

/// Streaks and achievements: the streaks and each achievement's progress as a bar (earned ones full).
enum AchievementsChart {
    static func chart(_ profile: ReportProfile) -> ReportChart {
        let earned = profile.earned.map { ($0.title, 100.0, "earned \(LocalTimeText.date(ofLocalDay: $0.day))") }
        let open = profile.progress.map { ($0.rule.title, Double(min($0.current, $0.target)) * 100 / Double(max($0.target, 1)),
                                           "\(min($0.current, $0.target))/\($0.target)") }
        let all = earned + open
        return ReportChart(
            title: "Streak: current \(EnglishText.count(profile.streak.current, "day")), longest \(EnglishText.count(profile.streak.longest, "day")); "
                + "\(EnglishText.count(profile.earned.count, "achievement")) earned",
            svg: BarChartSVG(categories: all.indices.map { String($0 + 1) }, series: [.init(name: "progress %", colour: "#fbc02d")],
                             values: all.map { [$0.1] }, maximum: 100).svg(label: "achievement progress"),
            table: ReportTable(id: "\(profile.id)-achievements", caption: "Streaks, then achievements: earned (with the local day) and in progress",
                               columns: ["#", "name", "progress"],
                               rows: [["", "current streak", String(profile.streak.current)], ["", "longest streak", String(profile.streak.longest)]]
                                   + all.enumerated().map { [String($0 + 1), $1.0, $1.2] }))
    }
}
