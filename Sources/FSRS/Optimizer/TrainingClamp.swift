/// The bounds fsrs-rs clamps the weights into after every training step
/// (`clip_parameters`): FORMULAS.md 1.3, with w0 … w3 in [0.001, 100], w17 and w18 at most
/// min(2, √max(0.01, −(ln w11 + ln(2^w13 − 1) + 0.3·w14)/n)) with n > 1 relearning steps, and
/// w19 at least 0.01 when short-term parameters are trained. FSRS-5 keeps w19 = 0 and w20 = 0.5.
enum TrainingClamp {
    /// Clamps `w` in place.
    static func apply(_ w: inout [Float], relearningSteps: Int, model: OptimizerConfiguration.Model) {
        var ceiling: Float = 2
        if relearningSteps > 1 {
            let sum = FloatMath.log(w[11]) + FloatMath.log(FloatMath.pow(2, w[13]) - 1) + w[14] * 0.3
            ceiling = min(max(-sum / Float(relearningSteps), 0.01).squareRoot(), 2)
        }
        for i in 0..<21 {
            var bounds = FSRSParameters.bounds[i]
            switch i {
            case 17, 18: bounds = 0...ceiling
            case 19: bounds = model == .fsrs6 ? 0.01...0.8 : 0...0
            case 20: if model == .fsrs5 { bounds = 0.5...0.5 }
            default: break
            }
            w[i] = min(max(w[i], bounds.lowerBound), bounds.upperBound)
        }
    }
}
