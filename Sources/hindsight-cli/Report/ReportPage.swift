import Hindsight

/// The report page: one self-contained HTML document (inline CSS and SVG, no script, no link
/// to anything), a section per profile with its charts. A pure function of its values, so the
/// same store and --now give the same bytes.
struct ReportPage {
    let profiles: [ReportProfile]
    /// The last log position the figures include.
    let position: UInt64

    /// Each profile's charts in the page's order.
    static func charts(_ profile: ReportProfile) -> [ReportChart] {
        [HeatmapChart.chart(profile), ForecastChart.chart(profile), RetentionChart.chart(profile)]
            + DistributionCharts.charts(profile) + [AnswerButtonsChart.chart(profile), AchievementsChart.chart(profile)]
    }

    /// How many charts (each one `<svg>`) a profile's section has: the heatmap, the forecast,
    /// true retention, the four distributions, answer buttons, and streaks and achievements.
    static let chartsPerProfile = 9

    static let style = """
        body{font-family:system-ui,sans-serif;margin:24px;color:#222}h1{font-size:22px}h2{border-bottom:1px solid #ccc}\
        h3{font-size:15px;margin:12px 0 4px}.row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}\
        figure{margin:0;overflow-x:auto;max-width:100%}svg text{font-size:9px;fill:#444}\
        table{border-collapse:collapse;font-size:12px}caption{text-align:left;color:#666}\
        td,th{border:1px solid #ddd;padding:1px 6px;text-align:right}th[scope=row]{text-align:left}\
        .scroll{max-height:260px;overflow-y:auto}thead th{position:sticky;top:0;background:#fff}
        """

    /// The document.
    var html: String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Hindsight report</title>"
        out += "<style>\(Self.style)</style></head><body><h1>Hindsight report</h1>"
        out += "<p>Read through log position \(position). Days are each profile's local days.</p>"
        if profiles.isEmpty { out += "<p>The store has no profiles.</p>" }
        for profile in profiles {
            out += "<section class=\"profile\"><h2>\(HTMLText.escape(profile.name)) <small>(\(HTMLText.escape(profile.id)), "
                + "as of \(LocalTimeText.date(ofLocalDay: profile.today)))</small></h2>"
            out += Self.charts(profile).map(\.html).joined(separator: "\n")
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }
}
