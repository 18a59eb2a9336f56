import Foundation

/// The constants of one training step's parameters, in `Float` for the forward pass (the same
/// values and order of evaluation as ``MemoryModel``, so the states are fsrs-rs's) and in
/// `Double` for the gradient.
struct TrainingModel {
    let w: [Float]
    let decay: Float
    let factor: Float
    let expW8: Float
    let failureFloorDivisor: Float
    let meanReversionTarget: Float
    /// decay, factor and d(factor)/d(decay) in `Double`.
    let decayD: Double
    let factorD: Double
    let factorPerDecayD: Double
    /// d(D0(4))/d(w5) = −3·exp(3·w5).
    let meanReversionPerW5: Double

    init(_ w: [Float]) {
        self.w = w
        decay = -w[20]
        factor = FloatMath.exp(FloatMath.log(0.9) / decay) - 1
        expW8 = FloatMath.exp(w[8])
        failureFloorDivisor = FloatMath.exp(w[17] * w[18])
        meanReversionTarget = w[4] - FloatMath.exp(w[5] * 3) + 1
        decayD = Double(decay)
        factorD = Double(factor)
        let c = Foundation.log(0.9)
        factorPerDecayD = Foundation.exp(c / decayD) * (-c / (decayD * decayD))
        meanReversionPerW5 = -3 * Foundation.exp(3 * Double(w[5]))
    }
}
