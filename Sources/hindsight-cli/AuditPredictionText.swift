import Hindsight

/// `audit card`'s closing lines: the card's retrievability now and on days ahead, the day it
/// falls to the desired retention, and the interval each rating would give if reviewed now.
enum AuditPredictionText {
    static let ratingNames = ["again", "hard", "good", "easy"]

    /// The lines for `prediction`, times shown at its moment's UTC offset.
    static func lines(_ prediction: CardPrediction) -> [String] {
        let offset = prediction.at.utcOffset
        var lines = ["prediction at \(LocalTimeText.minute(prediction.at.instant, offset: offset)) "
                     + "(local day \(LocalTimeText.date(ofLocalDay: prediction.today))) with \(AuditCommand.describe(prediction.parameters))"]
        if prediction.curve.isEmpty {
            lines.append("retrievability: - (no memory state yet: the card is new or was reset)")
        } else {
            lines.append("retrievability: " + prediction.curve.map { point in
                (point.daysFromNow == 0 ? "now" : "+\(point.daysFromNow)d") + " " + AuditCommand.format(point.retrievability, 4)
            }.joined(separator: "  "))
        }
        if let reached = prediction.desiredRetentionReached {
            let when = reached.daysFromNow > 0 ? "in \(reached.daysFromNow) day(s)"
                : reached.daysFromNow == 0 ? "today" : "\(-reached.daysFromNow) day(s) ago"
            lines.append("falls to the desired retention \(prediction.parameters.desiredRetention) on "
                         + "\(LocalTimeText.date(ofLocalDay: reached.day)) (\(when), \(reached.elapsedDays) days after the last review): "
                         + "R \(AuditCommand.format(reached.retrievability, 4))")
        }
        lines.append("if reviewed now:")
        for outcome in prediction.outcomes {
            let interval = outcome.intervalDays > 0 ? "\(outcome.intervalDays) day(s)" : "a \(outcome.phase) step"
            lines.append("  \(pad(ratingNames[outcome.rating - 1], 6)) \(pad(interval, 20)) due \(LocalTimeText.minute(outcome.due, offset: offset))"
                         + "  S \(AuditCommand.format(outcome.stability, 4))  D \(AuditCommand.format(outcome.difficulty, 4))")
        }
        return lines
    }
}
