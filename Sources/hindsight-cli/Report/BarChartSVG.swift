import Hindsight

/// A bar chart: one bar per category, its series stacked, scaled to the largest bar (or to a
/// fixed maximum, for shares). Used by the forecast, retention, distributions, answer buttons
/// and achievements charts.
struct BarChartSVG {
    /// A stacked part of every bar.
    struct Series {
        let name: String
        let colour: String
    }

    let categories: [String]
    let series: [Series]
    /// `values[category][series]`, none negative.
    let values: [[Double]]
    /// The value at the top of the drawing; nil: the largest bar's total.
    var maximum: Double? = nil

    private static let height = 160.0, top = 16.0, bottom = 40.0, left = 8.0, slot = 22.0

    /// The drawing, labelled `label`: every bar at least one pixel high where its total is
    /// positive, each category's label under it (every few, when there are many).
    func svg(label: String) -> String {
        let width = Self.left * 2 + Double(max(categories.count, 1)) * Self.slot
        var writer = SVGWriter(width: max(width, 120), height: Self.top + Self.height + Self.bottom)
        let totals = values.map { $0.reduce(0, +) }
        let scale = max(maximum ?? totals.max() ?? 0, 1e-9)
        let baseline = Self.top + Self.height
        writer.line(x1: Self.left, y1: baseline, x2: Self.left + Double(categories.count) * Self.slot, y2: baseline)
        let labelEvery = max(1, categories.count / 12)
        for (index, category) in categories.enumerated() {
            let x = Self.left + Double(index) * Self.slot + 3
            var y = baseline
            for (part, value) in values[index].enumerated() where value > 0 {
                let height = max(1, value / scale * Self.height)
                y -= height
                writer.rect(x: x, y: y, width: Self.slot - 6, height: height, fill: series[part].colour,
                            title: "\(category): \(series[part].name) \(Self.figure(value))")
            }
            if index % labelEvery == 0 {
                writer.text(category, x: x + (Self.slot - 6) / 2, y: baseline + 14, anchor: "middle")
            }
        }
        for (index, part) in series.enumerated() where series.count > 1 {
            writer.rect(x: Self.left + Double(index) * 90, y: baseline + 24, width: 10, height: 10, fill: part.colour, title: part.name)
            writer.text(part.name, x: Self.left + Double(index) * 90 + 14, y: baseline + 33)
        }
        return writer.svg(label: label)
    }

    /// A whole number as it is, a fraction with one decimal.
    static func figure(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : HTMLText.number(value)
    }
}
