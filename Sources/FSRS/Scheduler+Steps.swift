extension Scheduler {
    /// Where a review sends the card: into a (re)learning step, or to a day interval.
    enum Transition: Equatable {
        case step(CardPhase, index: Int, delayMs: Int64)
        case days
    }

    /// py-fsrs's step rules (`review_card`, FORMULAS.md 10) for a card in `phase` at `step`.
    func stepTransition(phase: CardPhase, step: Int, rating: FSRSRating) -> Transition {
        switch phase {
        case .review:
            let steps = configuration.relearningSteps
            guard rating == .again, let first = steps.first else { return .days }
            return .step(.relearning, index: 0, delayMs: Int64(first) * 60_000)
        case .learning:
            return withinSteps(configuration.learningSteps, phase: .learning, step: step, rating: rating)
        case .relearning:
            return withinSteps(configuration.relearningSteps, phase: .relearning, step: step, rating: rating)
        }
    }

    private func withinSteps(_ steps: [Int], phase: CardPhase, step: Int, rating: FSRSRating) -> Transition {
        let minute: Int64 = 60_000
        if steps.isEmpty || (step >= steps.count && rating != .again) { return .days }
        switch rating {
        case .again:
            return .step(phase, index: 0, delayMs: Int64(steps[0]) * minute)
        case .hard:
            if step == 0 {
                let delay = steps.count == 1 ? Int64(steps[0]) * minute * 3 / 2
                                             : Int64(steps[0] + steps[1]) * minute / 2
                return .step(phase, index: 0, delayMs: delay)
            }
            return .step(phase, index: step, delayMs: Int64(steps[step]) * minute)
        case .good:
            guard step + 1 < steps.count else { return .days }
            return .step(phase, index: step + 1, delayMs: Int64(steps[step + 1]) * minute)
        case .easy:
            return .days
        }
    }
}
