import Foundation

/// The learning rate per step: cosine annealing from the initial rate towards 0 over
/// `totalSteps` (PyTorch's `CosineAnnealingLR` in its recursive form, as fsrs-rs computes it).
struct CosineAnnealingSchedule {
    let totalSteps: Double
    let initialRate: Double
    private var step = -1.0
    private var rate: Double

    init(totalSteps: Int, initialRate: Double) {
        self.totalSteps = Double(totalSteps)
        self.initialRate = initialRate
        rate = initialRate
    }

    /// The rate for the next step.
    mutating func next() -> Double {
        step += 1
        if step == 0 {
            rate = initialRate
        } else if (step - 1 - totalSteps).truncatingRemainder(dividingBy: 2 * totalSteps) == 0 {
            rate = initialRate * (1 - Foundation.cos(Double.pi / totalSteps)) / 2
        } else {
            rate = (1 + Foundation.cos(Double.pi * step / totalSteps))
                / (1 + Foundation.cos(Double.pi * (step - 1) / totalSteps)) * rate
        }
        return rate
    }
}
