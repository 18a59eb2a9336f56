import Hindsight

/// The due forecast: reviews offered and new cards per local day from today.
enum ForecastChart {
    static func chart(_ profile: ReportProfile) -> ReportChart {
        let days = profile.forecast.days
        return ReportChart(
            title: "Due forecast, next \(EnglishText.count(days.count, "day"))",
            svg: BarChartSVG(categories: days.map { String(LocalTimeText.date(ofLocalDay: $0.day).suffix(5)) },
                             series: [.init(name: "reviews", colour: "#3b7dd8"), .init(name: "new", colour: "#9ccc65")],
                             values: days.map { [Double($0.reviews), Double($0.newCards)] }).svg(label: "due forecast"),
            table: ReportTable(id: "\(profile.id)-forecast", caption: "Cards per local day (overdue ones on today)",
                               columns: ["date", "due", "reviews", "backlog", "new"],
                               rows: days.map { [LocalTimeText.date(ofLocalDay: $0.day), String($0.due), String($0.reviews),
                                                 String($0.backlog), String($0.newCards)] }))
    }
}
