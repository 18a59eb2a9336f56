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

    private static let height = 160.0, top = 16.0, bottom = 40.0, left = 8.0, legendStep = 90.0
    /// The width of one character of a label (9 px type), with room to spare: a slot is at least
    /// its label's width, so labels never overlap.
    private static let characterWidth = 5.5

    /// A label under every `labelEvery`-th bar: about 12 labels at most.
    private var labelEvery: Int { max(1, categories.count / 12) }

    /// The width of one bar's slot: 22 px, or wider when the longest label needs more room than
    /// the slots from one label to the next give it.
    private var slot: Double {
        let longest = categories.map(\.count).max() ?? 0
        return max(22, (Double(longest) * Self.characterWidth + 6) / Double(labelEvery))
    }

    /// The drawing, labelled `label`: every bar at least one pixel high where its total is
    /// positive, each category's label under it (every few, when there are many), and a legend
    /// wide enough for every series.
    func svg(label: String) -> String {
        let slot = slot
        let bars = Self.left * 2 + Double(max(categories.count, 1)) * slot
        let legend = series.count > 1 ? Self.left * 2 + Double(series.count) * Self.legendStep : 0
        var writer = SVGWriter(width: max(bars, legend, 120), height: Self.top + Self.height + Self.bottom)
        let totals = values.map { $0.reduce(0, +) }
        let scale = max(maximum ?? totals.max() ?? 0, 1e-9)
        let baseline = Self.top + Self.height
        writer.line(x1: Self.left, y1: baseline, x2: Self.left + Double(categories.count) * slot, y2: baseline)
        let labelEvery = labelEvery
        for (index, category) in categories.enumerated() {
            let x = Self.left + Double(index) * slot + 3
            var y = baseline
            for (part, value) in values[index].enumerated() where value > 0 {
                let height = max(1, value / scale * Self.height)
                y -= height
                writer.rect(x: x, y: y, width: slot - 6, height: height, fill: series[part].colour,
                            title: "\(category): \(series[part].name) \(Self.figure(value))")
            }
            if index % labelEvery == 0 {
                writer.text(category, x: x + (slot - 6) / 2, y: baseline + 14, anchor: "middle")
            }
        }
        for (index, part) in series.enumerated() where series.count > 1 {
            let x = Self.left + Double(index) * Self.legendStep
            writer.rect(x: x, y: baseline + 24, width: 10, height: 10, fill: part.colour, title: part.name)
            writer.text(part.name, x: x + 14, y: baseline + 33)
        }
        return writer.svg(label: label)
    }

    /// A whole number as it is, a fraction with one decimal.
    static func figure(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : HTMLText.number(value)
    }
}
