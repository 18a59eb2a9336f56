import Hindsight

/// The distributions of stability, difficulty, retrievability and interval over live reviewed cards.
enum DistributionCharts {
    static func charts(_ profile: ReportProfile) -> [ReportChart] {
        let d = profile.distributions
        return [chart(profile, "stability", "Stability (days)", d.stability, label: dayLabel),
                chart(profile, "difficulty", "Difficulty (1 to 10)", d.difficulty, label: { BarChartSVG.figure($0) }),
                chart(profile, "retrievability", "Retrievability now", d.retrievability, label: { HTMLText.percent($0) }),
                chart(profile, "interval", "Interval (days)", d.interval, label: dayLabel)]
    }

    /// `≥ 7d`: a day bucket's lower edge.
    static func dayLabel(_ edge: Double) -> String { "≥ \(BarChartSVG.figure(edge))d" }

    static func chart(_ profile: ReportProfile, _ key: String, _ title: String, _ histogram: CardDistributions.Histogram,
                      label: (Double) -> String) -> ReportChart {
        let labels = histogram.edges.map(label)
        let mean = histogram.mean.map { ", mean " + HTMLText.number($0 * (key == "retrievability" ? 100 : 1)) + (key == "retrievability" ? "%" : "") } ?? ""
        return ReportChart(
            title: "\(title): \(EnglishText.count(histogram.total, "card"))\(mean)",
            svg: BarChartSVG(categories: labels, series: [.init(name: "cards", colour: "#7e57c2")],
                             values: histogram.counts.map { [Double($0)] }).svg(label: "\(key) distribution"),
            table: ReportTable(id: "\(profile.id)-\(key)", caption: "Cards per bucket (from its lower edge)",
                               columns: ["from", "cards"], rows: zip(labels, histogram.counts).map { [$0, String($1)] }))
    }
}
