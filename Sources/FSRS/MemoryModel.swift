/// The FSRS memory model for one set of parameters: retrievability, the next memory state for
/// a rating, and the next interval. Pure and allocation-free.
///
/// Everything is computed in IEEE `Float` in the order of evaluation of fsrs-rs 6.6.2
/// (FORMULAS.md 3–7 and 6.5), with the C library's `expf`/`powf`/`logf`, so on Linux the
/// results are bit-identical to fsrs-rs. Constants that depend only on the parameters
/// (exp(w8), D0(4), the short-term growth per rating, the curve's factor …) are computed once
/// here; they are the same `Float`s fsrs-rs computes on every step, so hoisting them changes
/// no result. Only the branch a review needs is evaluated.
public struct MemoryModel: Sendable {
    /// The parameters this model computes with.
    public let parameters: FSRSParameters

    /// decay = −w20 (FORMULAS.md 3).
    public let decay: Float
    /// factor = exp(ln(0.9)/decay) − 1, so that R(S, S) = 0.9.
    public let factor: Float

    // Per-parameter constants, hoisted out of the per-review path.
    let initialStability: (Float, Float, Float, Float)
    let initialDifficulty: (Float, Float, Float, Float)
    let deltaDifficulty: (Float, Float, Float, Float)
    let shortTermGrowth: (Float, Float, Float, Float)
    let successMultiplier: (Float, Float, Float, Float)
    let expW8: Float
    let negW9: Float
    let w7: Float
    let w10: Float
    let w11: Float
    let negW12: Float
    let w13: Float
    let w14: Float
    let negW19: Float
    let lapseCeilingDivisor: Float
    let meanReversionTarget: Float
    let inverseDecay: Float

    /// A model for `parameters`.
    public init(parameters: FSRSParameters) {
        self.parameters = parameters
        let w = parameters.weights
        decay = -w[20]
        factor = FloatMath.exp(FloatMath.log(0.9) / decay) - 1
        inverseDecay = 1 / decay
        func d0(_ rating: Float) -> Float { w[4] - FloatMath.exp(w[5] * (rating - 1)) + 1 }
        func clampD(_ d: Float) -> Float { min(max(d, 1), 10) }
        func clampS(_ s: Float) -> Float { min(max(s, 0.001), 36500) }
        initialStability = (clampS(w[0]), clampS(w[1]), clampS(w[2]), clampS(w[3]))
        initialDifficulty = (clampD(d0(1)), clampD(d0(2)), clampD(d0(3)), clampD(d0(4)))
        meanReversionTarget = d0(4)
        let negW6 = -w[6]
        deltaDifficulty = (negW6 * -2, negW6 * -1, negW6 * 0, negW6 * 1)
        func growth(_ rating: Float) -> Float { FloatMath.exp(w[17] * (rating - 3 + w[18])) }
        shortTermGrowth = (growth(1), growth(2), growth(3), growth(4))
        successMultiplier = (1, w[15], 1, w[16])
        expW8 = FloatMath.exp(w[8])
        negW9 = -w[9]
        w7 = w[7]
        w10 = w[10]
        w11 = w[11]
        negW12 = -w[12]
        w13 = w[13]
        w14 = w[14]
        negW19 = -w[19]
        lapseCeilingDivisor = FloatMath.exp(w[17] * w[18])
    }

    /// Retrievability R(t, S) = (1 + factor·t/S)^decay: the probability of recall after
    /// `elapsedDays` for a card of stability `stability` (FORMULAS.md 3).
    public func retrievability(elapsedDays: Float, stability: Float) -> Float {
        FloatMath.pow(elapsedDays / stability * factor + 1, decay)
    }

    /// The memory state after the first review of a card (FORMULAS.md 4): S0(G) and the
    /// clamped D0(G).
    public func initialState(_ rating: FSRSRating) -> MemoryState {
        MemoryState(stability: pick(initialStability, rating), difficulty: pick(initialDifficulty, rating))
    }

    /// The memory state after rating a card `elapsedDays` local days after its last review
    /// (FORMULAS.md 5–6), or the initial state when `state` is nil (a first review).
    ///
    /// The incoming state is clamped into the model's ranges first, as fsrs-rs does; the
    /// result is clamped too. `elapsedDays` = 0 is a same-day review (short-term stability).
    /// - Complexity: O(1), at most four `expf`/`powf` calls.
    public func nextState(from state: MemoryState?, rating: FSRSRating, elapsedDays: Int) -> MemoryState {
        guard let state else { return initialState(rating) }
        let s = min(max(state.stability, 0.001), 36500)
        let d = min(max(state.difficulty, 1), 10)
        var newS: Float
        if elapsedDays == 0 {
            // S^(−w19) is exactly 1 when w19 = 0 (FSRS-5): skip the powf.
            var growth = pick(shortTermGrowth, rating)
            if negW19 != 0 { growth *= FloatMath.pow(s, negW19) }
            if rating != .again { growth = max(growth, 1) }
            newS = s * growth
        } else {
            let r = retrievability(elapsedDays: Float(elapsedDays), stability: s)
            if rating == .again {
                let long = w11 * FloatMath.pow(d, negW12) * (FloatMath.pow(s + 1, w13) - 1)
                    * FloatMath.exp((1 - r) * w14)
                let short = s / lapseCeilingDivisor
                newS = short < long ? short : long
            } else {
                newS = s * (expW8 * (11 - d) * FloatMath.pow(s, negW9) * (FloatMath.exp((1 - r) * w10) - 1)
                    * pick(successMultiplier, rating) + 1)
            }
        }
        let damped = d + ((10 - d) * pick(deltaDifficulty, rating)) / 9
        let reverted = w7 * (meanReversionTarget - damped) + damped
        return MemoryState(stability: min(max(newS, 0.001), 36500), difficulty: min(max(reverted, 1), 10))
    }

    /// The four states reachable from `state` after `elapsedDays`, with their raw intervals
    /// for `desiredRetention` (fsrs-rs `next_states`). A nil state gives the initial states.
    public func nextStates(from state: MemoryState?, desiredRetention: Float, elapsedDays: Int) -> NextStates {
        func entry(_ rating: FSRSRating) -> NextState {
            let memory = nextState(from: state, rating: rating, elapsedDays: elapsedDays)
            return NextState(memory: memory, intervalRaw: intervalRaw(stability: memory.stability,
                                                                     desiredRetention: desiredRetention))
        }
        return NextStates(again: entry(.again), hard: entry(.hard), good: entry(.good), easy: entry(.easy))
    }

    /// The raw interval I(S, r) = S/factor · (r^(1/decay) − 1) in days at which
    /// retrievability falls to `desiredRetention` (fsrs-rs `next_interval`: no rounding,
    /// no clamp). I(S, 0.9) = S up to rounding.
    public func intervalRaw(stability: Float, desiredRetention: Float) -> Float {
        stability / factor * (FloatMath.pow(desiredRetention, inverseDecay) - 1)
    }

    /// The whole days after a review on which retrievability has first fallen to `retention` or
    /// below, for a card of stability `stability`: the least d ≥ 1 with R(d, S) ≤ r. It is I(S, r)
    /// rounded up, moved by a day where `Float` rounding leaves R a hair on the other side of r.
    /// - Complexity: O(1), at most three `powf` calls.
    public func daysUntilRetrievability(fallsTo retention: Float, stability: Float) -> Int64 {
        var days = max(1, Int64(intervalRaw(stability: stability, desiredRetention: retention).rounded(.up)))
        if days > 1 && retrievability(elapsedDays: Float(days - 1), stability: stability) <= retention { days -= 1 }
        if retrievability(elapsedDays: Float(days), stability: stability) > retention { days += 1 }
        return days
    }

    /// The interval in whole days: the raw interval rounded half away from zero, then clamped
    /// into [1, `maximumInterval`] (FORMULAS.md 7, as Anki does with fuzz off).
    public func intervalDays(stability: Float, desiredRetention: Float, maximumInterval: Int = 36500) -> Int {
        Self.roundAndClamp(intervalRaw(stability: stability, desiredRetention: desiredRetention),
                           maximumInterval: maximumInterval)
    }

    /// `raw` rounded half away from zero and clamped into [1, `maximumInterval`].
    static func roundAndClamp(_ raw: Float, maximumInterval: Int) -> Int {
        let upper = max(1, maximumInterval)
        let rounded = raw.rounded(.toNearestOrAwayFromZero)
        guard rounded < Float(upper) else { return upper }
        return rounded < 1 ? 1 : Int(rounded)
    }

    @inline(__always)
    func pick(_ table: (Float, Float, Float, Float), _ rating: FSRSRating) -> Float {
        switch rating {
        case .again: table.0
        case .hard: table.1
        case .good: table.2
        case .easy: table.3
        }
    }
}
