import Hindsight

/// True retention per calendar month, young and mature.
enum RetentionChart {
    static func chart(_ profile: ReportProfile) -> ReportChart {
        let rows = profile.retention.rows
        let labels = rows.map { String(LocalTimeText.date(ofLocalDay: $0.start).prefix(7)) }
        return ReportChart(
            title: "True retention per month (total \(HTMLText.percent(profile.retention.total.retention)))",
            svg: BarChartSVG(categories: labels, series: [.init(name: "retention %", colour: "#ef8a3c")],
                             values: rows.map { [($0.tally.retention ?? 0) * 100] }, maximum: 100).svg(label: "true retention per month"),
            table: ReportTable(id: "\(profile.id)-retention", caption: "Passed over counted scheduled reviews (young < 21 days, mature ≥ 21)",
                               columns: ["month", "young", "young reviews", "mature", "mature reviews", "total", "reviews"],
                               rows: zip(labels, rows.map(\.tally)).map { [$0] + cells($1) } + [["all"] + cells(profile.retention.total)]))
    }

    static func cells(_ tally: RetentionTally) -> [String] {
        [HTMLText.percent(tally.youngRetention), String(tally.youngPassed + tally.youngFailed),
         HTMLText.percent(tally.matureRetention), String(tally.maturePassed + tally.matureFailed),
         HTMLText.percent(tally.retention), String(tally.reviews)]
    }
}
