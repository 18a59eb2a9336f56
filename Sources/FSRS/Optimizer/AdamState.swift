import Foundation

/// The Adam optimizer's moments for the 21 weights (β1 = 0.9, β2 = 0.999, ε = 1e−8, no weight
/// decay), as fsrs-rs steps it: moments in `Double`, the step applied to the `Float` weights.
struct AdamState {
    private var m = [Double](repeating: 0, count: 21)
    private var v = [Double](repeating: 0, count: 21)
    private var t = 0

    /// Moves `weights` one step against `gradient` at `learningRate`.
    mutating func step(_ weights: inout [Float], gradient: [Double], learningRate: Double) {
        let beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8
        t += 1
        let bias1 = 1 - Foundation.pow(beta1, Double(t))
        let bias2 = 1 - Foundation.pow(beta2, Double(t))
        for i in 0..<21 {
            m[i] = beta1 * m[i] + (1 - beta1) * gradient[i]
            v[i] = beta2 * v[i] + (1 - beta2) * gradient[i] * gradient[i]
            let mHat = m[i] / bias1
            let vHat = v[i] / bias2
            weights[i] -= Float(learningRate * mHat / (vHat.squareRoot() + epsilon))
        }
    }
}
