import Hindsight

/// The year heatmap of reviews per local day; its table lists the days with a review.
enum HeatmapChart {
    static func chart(_ profile: ReportProfile) -> ReportChart {
        let total = profile.activity.reduce(0) { $0 + $1.reviews }
        return ReportChart(
            title: "Reviews per day, last \(ReportProfile.heatmapDays) days (\(EnglishText.count(total, "review")))",
            svg: HeatmapSVG(days: profile.activity).svg(label: "reviews per local day"),
            table: ReportTable(id: "\(profile.id)-heatmap", caption: "Days with reviews (the others had none)",
                               columns: ["date", "reviews"],
                               rows: profile.activity.filter { $0.reviews > 0 }.map { [LocalTimeText.date(ofLocalDay: $0.day), String($0.reviews)] }))
    }
}
