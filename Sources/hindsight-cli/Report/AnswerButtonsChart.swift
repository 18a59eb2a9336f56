import Hindsight

/// Answer buttons by card age: again, hard, good and easy stacked for learning, young and mature cards.
enum AnswerButtonsChart {
    static func chart(_ profile: ReportProfile) -> ReportChart {
        let ages = AnswerAge.allCases
        let colours = ["#e53935", "#fb8c00", "#43a047", "#1e88e5"]
        let names = ["again", "hard", "good", "easy"]
        return ReportChart(
            title: "Answer buttons by card age",
            svg: BarChartSVG(categories: ages.map(\.rawValue), series: zip(names, colours).map { .init(name: $0, colour: $1) },
                             values: ages.map { profile.answers.counts(at: $0).map(Double.init) }).svg(label: "answer buttons by card age"),
            table: ReportTable(id: "\(profile.id)-answers", caption: "Scheduled answers by the card's age before them (young < 21 days)",
                               columns: ["age"] + names + ["passed"],
                               rows: ages.map { age in
                                   [age.rawValue] + profile.answers.counts(at: age).map(String.init) + [HTMLText.percent(profile.answers.passRate(at: age))]
                               }))
    }
}
