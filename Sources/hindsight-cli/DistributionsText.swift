import Foundation
import Hindsight

/// `distributions`' text: per set of cards a heading, then per measure its median and mean and
/// a two-row table of buckets and card counts.
enum DistributionsText {
    /// How a measure's bucket edges and values read.
    enum Scale {
        /// Days: `<1`, `1`, `2-3`, …, `730+`; values to two decimals.
        case days
        /// Difficulty 1 to 10: `1-2` … `9-10`; values to two decimals.
        case difficulty
        /// A probability shown in percent: `<50%`, `50-55%` … `95-100%`; values to one decimal.
        case percent

        /// The label of the bucket from `lower` up to `upper` (nil for the last bucket).
        func label(_ lower: Double, _ upper: Double?) -> String {
            switch self {
            case .days:
                let low = Int(lower)
                guard let upper else { return "\(low)+" }
                let high = Int(upper) - 1
                return low == 0 && high == 0 ? "<1" : low == high ? "\(low)" : "\(low)-\(high)"
            case .difficulty:
                return "\(Int(lower))-\(Int(upper ?? 10))"
            case .percent:
                let low = Int((lower * 100).rounded()), high = Int(((upper ?? 1) * 100).rounded())
                return low == 0 ? "<\(high)%" : "\(low)-\(high)%"
            }
        }

        /// A median or mean as text; `-` when there is none.
        func value(_ value: Double?) -> String {
            guard let value else { return "-" }
            return self == .percent ? String(format: "%.1f%%", value * 100) : String(format: "%.2f", value)
        }
    }

    /// The lines of one set of cards: `-- NAME: N reviewed cards, M new --` and four measures.
    static func lines(_ section: DistributionsOutput.Section) -> [String] {
        let heading = section.deck.map { "deck \(section.name) (\($0))" } ?? section.name
        return ["-- \(heading): \(section.reviewed) reviewed card(s), \(section.unreviewed) not yet reviewed --"]
            + measure("stability (days)", section.stability, .days)
            + measure("difficulty", section.difficulty, .difficulty)
            + measure("retrievability now", section.retrievability, .percent)
            + measure("interval (days)", section.interval, .days)
    }

    /// `  stability (days)     median 3.17  mean 9.05`, then the buckets and their counts in
    /// aligned columns.
    static func measure(_ title: String, _ histogram: DistributionsOutput.Histogram, _ scale: Scale) -> [String] {
        let labels = histogram.edges.indices.map { index in
            scale.label(histogram.edges[index], index + 1 < histogram.edges.count ? histogram.edges[index + 1] : nil)
        }
        let counts = histogram.counts.map(String.init)
        let widths = zip(labels, counts).map { max($0.count, $1.count) + 1 }
        func row(_ cells: [String]) -> String { ("    " + zip(cells, widths).map { pad($0, $1) }.joined()).trimmingTrailingSpaces }
        return ["  \(pad(title, 20)) median \(pad(scale.value(histogram.median), 8)) mean \(scale.value(histogram.mean))",
                row(labels), row(counts)]
    }
}

extension String {
    /// The string without spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
