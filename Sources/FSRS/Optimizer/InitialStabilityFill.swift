/// Orders and completes the initial stabilities (fsrs-rs `smooth_and_fill`): a worse first
/// rating must not get a larger S0 than a better one (the rating with more items wins), and a
/// rating with no data gets a value interpolated, in log space, from the others; with data for
/// one rating only, the defaults are scaled to it. Every value is clamped into [0.001, 100].
enum InitialStabilityFill {
    /// The smallest initial stability.
    static let lowest: Float = 0.001
    /// The largest initial stability.
    static let highest: Float = 100

    /// The four initial stabilities from `stabilities` (by first rating 1 … 4), keeping only
    /// ratings that have a count.
    /// - Throws: ``OptimizerError`` `notEnoughData` when no rating has data.
    static func fill(_ stabilities: [UInt8: Float], counts: [UInt8: Int],
                     defaults: FSRSParameters) throws(OptimizerError) -> [Float] {
        var s: [Float?] = [nil, nil, nil, nil, nil]
        for (rating, value) in stabilities where counts[rating] != nil && (1...4).contains(rating) {
            s[Int(rating)] = value
        }
        for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
            guard let smallValue = s[small], let bigValue = s[big], smallValue > bigValue else { continue }
            if counts[UInt8(small), default: 0] > counts[UInt8(big), default: 0] {
                s[big] = smallValue
            } else {
                s[small] = bigValue
            }
        }
        let w1: Float = 0.41
        let w2: Float = 0.54
        func p(_ x: Float, _ y: Float) -> Float { FloatMath.pow(x, y) }
        let known = s.compactMap { $0 }.count
        switch known {
        case 0:
            throw .notEnoughData
        case 1:
            let rating = (1...4).first { s[$0] != nil }!
            let factor = s[rating]! / defaults.weights[rating - 1]
            let scaled = defaults.weights[0..<4].map { $0 * factor }.sorted()
            for index in 0..<4 { s[index + 1] = scaled[index] }
        case 2:
            switch (s[1], s[2], s[3], s[4]) {
            case (nil, nil, let r3?, let r4?):
                let r2 = p(r3, 1 / (1 - w2)) * p(r4, 1 - 1 / (1 - w2))
                s[2] = r2
                s[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
            case (nil, let r2?, nil, let r4?):
                let r3 = p(r2, 1 - w2) * p(r4, w2)
                s[3] = r3
                s[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
            case (nil, let r2?, let r3?, nil):
                s[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
                s[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
            case (let r1?, nil, nil, let r4?):
                let mix = (w1 + w2).addingProduct(w1, -w2)
                s[2] = p(r1, w1 / mix) * p(r4, 1 - w1 / mix)
                s[3] = p(r1, 1 - w2 / mix) * p(r4, w2 / mix)
            case (let r1?, nil, let r3?, nil):
                let r2 = p(r1, w1) * p(r3, 1 - w1)
                s[2] = r2
                s[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
            case (let r1?, let r2?, nil, nil):
                let r3 = p(r1, 1 - 1 / (1 - w1)) * p(r2, 1 / (1 - w1))
                s[3] = r3
                s[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
            default:
                break
            }
        case 3:
            switch (s[1], s[2], s[3], s[4]) {
            case (nil, let r2?, let r3?, _):
                s[1] = p(r2, 1 / w1) * p(r3, 1 - 1 / w1)
            case (let r1?, nil, let r3?, _):
                s[2] = p(r1, w1) * p(r3, 1 - w1)
            case (_, let r2?, nil, let r4?):
                s[3] = p(r2, 1 - w2) * p(r4, w2)
            case (_, let r2?, let r3?, nil):
                s[4] = p(r2, 1 - 1 / w2) * p(r3, 1 / w2)
            default:
                break
            }
        default:
            break
        }
        return (1...4).map { min(max(s[$0]!, lowest), highest) }
    }
}
