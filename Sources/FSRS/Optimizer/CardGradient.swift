import Foundation

/// The exact gradient of the training loss over whole cards (reverse mode, by hand).
///
/// The loss of a card is Σ weight·BCE(R, recalled) over its predicted reviews, R being the
/// retrievability from the state before the review. The forward pass runs the FSRS-6 recurrence
/// in `Float` (as fsrs-rs) and records each step's branch and intermediates; the backward pass
/// walks the steps in reverse in `Double`, following the branch each step took. Clamps pass the
/// gradient on their boundary and stop it outside (as fsrs-rs and PyTorch do); the BCE clamps R
/// into [1e−7, 1 − 1e−7].
struct CardGradient {
    /// The steps of the last card run (read by the tests).
    private(set) var tape: [Step]
    private var lossGradients: [Double]

    /// A kernel for cards of up to `longestCard` positions.
    init(longestCard: Int) {
        tape = Array(repeating: Step(), count: max(longestCard, 1))
        lossGradients = Array(repeating: 0, count: max(longestCard, 1))
    }

    /// What a step did, and the values its gradient needs.
    struct Step {
        enum Kind: UInt8 { case initial, short, shortFloored, success, failure, failureFloor }
        var kind = Kind.initial
        var s: Float = 0          // incoming stability (clamped)
        var d: Float = 0          // incoming difficulty (clamped)
        var r: Float = 1          // retrievability at the review
        var newS: Float = 0       // stability before the output clamp
        var meanD: Float = 0      // difficulty before the output clamp
        var a: Float = 0          // branch intermediates (see forward)
        var b: Float = 0
        var c: Float = 0
    }

    static let minProbability: Float = 1e-7
    static let maxProbability: Float = 1 - 1e-7

    /// Adds the gradient of the loss of `batch`'s cards with respect to the 21 weights to
    /// `gradient`.
    mutating func accumulate(batch cards: Range<Int>, of data: TrainingBatches, model: TrainingModel,
                             into gradient: inout [Double]) {
        data.ratings.withUnsafeBufferPointer { ratings in
        data.elapsedDays.withUnsafeBufferPointer { elapsed in
        data.labels.withUnsafeBufferPointer { labels in
        data.weights.withUnsafeBufferPointer { weights in
        tape.withUnsafeMutableBufferPointer { tape in
        lossGradients.withUnsafeMutableBufferPointer { gR in
        gradient.withUnsafeMutableBufferPointer { grad in
            for card in cards {
                let start = data.cardStarts[card]
                let count = data.cardStarts[card + 1] - start
                Self.forward(model: model, count: count,
                             ratings: UnsafeBufferPointer(rebasing: ratings[start..<start + count]),
                             elapsed: UnsafeBufferPointer(rebasing: elapsed[start..<start + count]),
                             labels: UnsafeBufferPointer(rebasing: labels[start..<start + count]),
                             weights: UnsafeBufferPointer(rebasing: weights[start..<start + count]),
                             tape: tape, gR: gR)
                Self.backward(model: model, count: count,
                              ratings: UnsafeBufferPointer(rebasing: ratings[start..<start + count]),
                              elapsed: UnsafeBufferPointer(rebasing: elapsed[start..<start + count]),
                              tape: tape, gR: gR, grad: grad)
            }
        }}}}}}}
    }

    /// Runs the recurrence over one card, recording each step and dLoss/dR at each position.
    private static func forward(model m: TrainingModel, count: Int, ratings: UnsafeBufferPointer<Float>,
                                elapsed: UnsafeBufferPointer<Float>, labels: UnsafeBufferPointer<Float>,
                                weights: UnsafeBufferPointer<Float>, tape: UnsafeMutableBufferPointer<Step>,
                                gR: UnsafeMutableBufferPointer<Double>) {
        let w = m.w
        // The first review: S0 and D0.
        let first = Int(ratings[0])
        let rawD = w[4] - FloatMath.exp(w[5] * Float(first - 1)) + 1
        tape[0] = Step(kind: .initial, newS: w[first - 1], meanD: rawD)
        var s = min(max(w[first - 1], 0.001), 36500)
        var d = min(max(rawD, 1), 10)
        for t in 1..<max(count, 1) {
            let g = ratings[t]
            let days = elapsed[t]
            var step = Step(s: s, d: d)
            gR[t] = 0
            if days > 0 {
                let r = FloatMath.pow(days / s * m.factor + 1, m.decay)
                step.r = r
                let weight = weights[t]
                if weight != 0 && r > minProbability && r < maxProbability {
                    let y = labels[t]
                    gR[t] = Double(-weight * (y / r - (1 - y) / (1 - r)))
                }
            }
            if t == count - 1 {
                tape[t] = step
                break
            }
            var newS: Float
            if days == 0 {
                var raw = FloatMath.exp(w[17] * (g - 3 + w[18]))
                if w[19] != 0 { raw *= FloatMath.pow(s, -w[19]) }
                step.a = raw
                if g >= 2 && raw < 1 {
                    step.kind = .shortFloored
                    newS = s
                } else {
                    step.kind = .short
                    newS = s * raw
                }
            } else if g == 1 {
                let dPow = FloatMath.pow(d, -w[12])
                let sPow = FloatMath.pow(s + 1, w[13])
                let er = FloatMath.exp((1 - step.r) * w[14])
                let long = w[11] * dPow * (sPow - 1) * er
                let floor = s / m.failureFloorDivisor
                step.a = dPow
                step.b = sPow
                step.c = er
                if floor < long {
                    step.kind = .failureFloor
                    newS = floor
                } else {
                    step.kind = .failure
                    newS = long
                }
            } else {
                let sPow = FloatMath.pow(s, -w[9])
                let e = FloatMath.exp((1 - step.r) * w[10]) - 1
                let bonus: Float = g == 2 ? w[15] : (g == 4 ? w[16] : 1)
                step.kind = .success
                step.a = sPow
                step.b = e
                newS = s * (m.expW8 * (11 - d) * sPow * e * bonus + 1)
            }
            let damped = d + ((10 - d) * (-w[6] * (g - 3))) / 9
            let mean = w[7] * (m.meanReversionTarget - damped) + damped
            step.newS = newS
            step.meanD = mean
            tape[t] = step
            s = min(max(newS, 0.001), 36500)
            d = min(max(mean, 1), 10)
        }
    }

    /// Walks the steps of one card in reverse, adding dLoss/dw to `grad`.
    private static func backward(model m: TrainingModel, count: Int, ratings: UnsafeBufferPointer<Float>,
                                 elapsed: UnsafeBufferPointer<Float>, tape: UnsafeMutableBufferPointer<Step>,
                                 gR: UnsafeMutableBufferPointer<Double>, grad: UnsafeMutableBufferPointer<Double>) {
        let w = m.w
        var gS = 0.0  // dLoss/d(state S after step t)
        var gD = 0.0
        var t = count - 1
        while t >= 1 {
            let step = tape[t]
            let g = Double(ratings[t])
            let s = Double(step.s)
            let d = Double(step.d)
            let r = Double(step.r)
            var gR = gR[t]
            var gSIn = 0.0
            var gDIn = 0.0
            if t < count - 1 {
                let gNew = step.newS >= 0.001 && step.newS <= 36500 ? gS : 0
                if gNew != 0 {
                    switch step.kind {
                    case .shortFloored:
                        gSIn += gNew
                    case .short:
                        let raw = Double(step.a)
                        let w19 = Double(w[19])
                        let gRaw = gNew * s * raw
                        grad[17] += gRaw * (g - 3 + Double(w[18]))
                        grad[18] += gRaw * Double(w[17])
                        grad[19] += gRaw * -Foundation.log(s)
                        gSIn += gNew * raw * (1 - w19)
                    case .failureFloor:
                        let floor = Double(step.newS)
                        grad[17] += gNew * floor * -Double(w[18])
                        grad[18] += gNew * floor * -Double(w[17])
                        gSIn += gNew * floor / s
                    case .failure:
                        let dPow = Double(step.a), sPow = Double(step.b), er = Double(step.c)
                        let w11 = Double(w[11]), w12 = Double(w[12]), w13 = Double(w[13]), w14 = Double(w[14])
                        let long = w11 * dPow * (sPow - 1) * er
                        grad[11] += gNew * dPow * (sPow - 1) * er
                        grad[12] += gNew * long * -Foundation.log(d)
                        grad[13] += gNew * w11 * dPow * er * sPow * Foundation.log(s + 1)
                        grad[14] += gNew * long * (1 - r)
                        gSIn += gNew * w11 * dPow * er * w13 * sPow / (s + 1)
                        gDIn += gNew * long * -w12 / d
                        gR += gNew * long * -w14
                    case .success:
                        let sPow = Double(step.a), e = Double(step.b)
                        let a = Double(m.expW8)
                        let hp = g == 2 ? Double(w[15]) : 1
                        let eb = g == 4 ? Double(w[16]) : 1
                        let core = a * (11 - d) * sPow          // inc = core·e·hp·eb
                        let inc = core * e * hp * eb
                        let gInc = gNew * s
                        gSIn += gNew * (inc + 1) + gInc * inc * -Double(w[9]) / s
                        gDIn += -gInc * a * sPow * e * hp * eb
                        gR += gInc * core * hp * eb * -Double(w[10]) * (e + 1)
                        grad[8] += gInc * inc
                        grad[9] += gInc * inc * -Foundation.log(s)
                        grad[10] += gInc * core * hp * eb * (1 - r) * (e + 1)
                        if g == 2 { grad[15] += gInc * core * e * eb }
                        if g == 4 { grad[16] += gInc * core * e * hp }
                    case .initial:
                        break
                    }
                }
                let mean = step.meanD
                if gD != 0 && mean >= 1 && mean <= 10 {
                    let w7 = Double(w[7])
                    let delta = -Double(w[6]) * (g - 3)
                    let damped = d + (10 - d) * delta / 9
                    grad[7] += gD * (Double(m.meanReversionTarget) - damped)
                    grad[4] += gD * w7
                    grad[5] += gD * w7 * m.meanReversionPerW5
                    let gDamped = gD * (1 - w7)
                    grad[6] += gDamped * (10 - d) * -(g - 3) / 9
                    gDIn += gDamped * (1 - delta / 9)
                }
            }
            let days = Double(elapsed[t])
            if gR != 0 && days > 0 {
                let base = days / s * m.factorD + 1
                let decay = m.decayD
                gSIn += gR * r * decay / base * (-days * m.factorD / (s * s))
                let rPerDecay = r * (Foundation.log(base) + decay / base * days / s * m.factorPerDecayD)
                grad[20] -= gR * rPerDecay
            }
            gS = gSIn
            gD = gDIn
            t -= 1
        }
        // The first review: S0 = w[G−1], D0 = w4 − exp(w5·(G − 1)) + 1.
        let first = tape[0]
        let rating = Int(ratings[0])
        if first.newS >= 0.001 && first.newS <= 36500 { grad[rating - 1] += gS }
        if gD != 0 && first.meanD >= 1 && first.meanD <= 10 {
            let offset = Double(rating - 1)
            grad[4] += gD
            grad[5] += gD * -offset * Foundation.exp(offset * Double(w[5]))
        }
    }
}
