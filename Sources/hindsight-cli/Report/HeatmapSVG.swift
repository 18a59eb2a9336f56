import Hindsight

/// A year heatmap: one square per local day, a column per week (Monday on top), shaded by the
/// day's reviews relative to the busiest day.
struct HeatmapSVG {
    /// The local days shown, oldest first (days since 1970-01-01), and their reviews.
    let days: [(day: Int64, reviews: Int)]

    private static let cell = 12.0, gap = 2.0, top = 4.0, left = 4.0
    private static let shades = ["#ebedf0", "#c6e48b", "#7bc96f", "#239a3b", "#196127"]

    /// The drawing, labelled `label`.
    func svg(label: String) -> String {
        guard let first = days.first?.day else { return SVGWriter(width: 10, height: 10).svg(label: label) }
        let busiest = max(days.map(\.reviews).max() ?? 0, 1)
        let firstWeekday = Self.weekday(first)
        let weeks = (firstWeekday + days.count + 6) / 7
        var writer = SVGWriter(width: Self.left * 2 + Double(weeks) * (Self.cell + Self.gap),
                               height: Self.top * 2 + 7 * (Self.cell + Self.gap))
        for (offset, entry) in days.enumerated() {
            let slot = firstWeekday + offset
            let shade = entry.reviews == 0 ? 0 : 1 + min(3, (entry.reviews * 4 - 1) / busiest)
            writer.rect(x: Self.left + Double(slot / 7) * (Self.cell + Self.gap),
                        y: Self.top + Double(slot % 7) * (Self.cell + Self.gap), width: Self.cell, height: Self.cell,
                        fill: Self.shades[shade],
                        title: "\(LocalTimeText.date(ofLocalDay: entry.day)): \(EnglishText.count(entry.reviews, "review"))")
        }
        return writer.svg(label: label)
    }

    /// 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday).
    static func weekday(_ day: Int64) -> Int {
        Int(((day % 7) + 7 + 3) % 7)
    }
}
