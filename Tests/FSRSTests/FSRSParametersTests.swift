import Testing
@testable import FSRS

/// Parameter validation, filling and fingerprints.
@Suite struct FSRSParametersTests {
    @Test(arguments: [0, 1, 16, 18, 20, 22])
    func wrongCountsAreRejected(count: Int) {
        #expect(throws: FSRSParameterError.wrongCount(count)) {
            try FSRSParameters(Array(repeating: Float(1), count: count))
        }
    }

    @Test func fsrs5IsFilledAsFsrsRsDoes() throws {
        let five = FSRSParameters.fsrs5Default
        #expect(five.weights.count == 21)
        #expect(five.inputCount == 19)
        #expect(five.weights[19] == 0)
        #expect(five.weights[20] == 0.5)
        #expect(five.weights[0] == Float(0.40255))
        // FSRS-5's curve: factor 19/81, R(100, 10) = 0.54671 (FORMULAS.md 3).
        // The same weights given as 21 values are the same parameters, with the same fingerprint.
        let explicit = try FSRSParameters(five.weights)
        #expect(explicit == five && explicit.fingerprint == five.fingerprint && explicit.inputCount == 21)
        let model = MemoryModel(parameters: five)
        #expect(abs(model.factor - 19.0 / 81.0) < 1e-6)
        #expect(abs(model.retrievability(elapsedDays: 100, stability: 10) - 0.54671) < 1e-5)
        // FSRS-5 defaults, first Good: S = 3.173, D = 5.282434 (FORMULAS.md 4).
        let good = model.initialState(.good)
        #expect(good.stability == 3.173)
        #expect(abs(good.difficulty - 5.282434) < 1e-6)
    }

    @Test func fsrs45IsConvertedWithFusedMultiplyAdds() throws {
        let old: [Float] = [0.4, 0.6, 2.4, 5.8, 4.93, 0.94, 0.86, 0.01, 1.49, 0.14, 0.94, 2.18, 0.05, 0.34,
                            1.26, 0.29, 2.61]
        let parameters = try FSRSParameters(old)
        // fsrs-rs's own test of this conversion: w4 = 6.81, w5 = 0.44675013.
        #expect(parameters.weights[4] == 6.81)
        #expect(parameters.weights[5] == 0.44675013)
        #expect(parameters.weights[6] == Float(0.86) + 0.5)
        #expect(Array(parameters.weights[17...]) == [0, 0, 0, 0.5])
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func nonFiniteValuesAreRejectedWithTheirIndex(bad: Float) {
        var weights = FSRSParameters.fsrs6Default.weights
        weights[9] = bad
        #expect {
            try FSRSParameters(weights)
        } throws: { error in
            guard let error = error as? FSRSParameterError, error.code == .notFinite else { return false }
            return error.index == 9 && "\(error)".contains("w9")
        }
    }

    @Test(arguments: [(0, Float(0)), (4, 0.5), (7, 0.8), (16, 6.5), (20, 0.05), (20, 0.9), (19, -0.01)])
    func outOfBoundsValuesAreRejectedNotClamped(index: Int, value: Float) {
        var weights = FSRSParameters.fsrs6Default.weights
        weights[index] = value
        let bounds = FSRSParameters.bounds[index]
        #expect(throws: FSRSParameterError.outOfBounds(index: index, value: Double(value),
                                                      lower: Double(bounds.lowerBound), upper: Double(bounds.upperBound))) {
            try FSRSParameters(weights)
        }
        do {
            _ = try FSRSParameters(weights)
        } catch {
            #expect(error.description.contains("w\(index) = \(value)"))
            #expect(error.description.contains("[\(bounds.lowerBound), \(bounds.upperBound)]"))
            #expect(error.code == .outOfBounds && error.code.rawValue == "fsrs.parameters.out-of-bounds")
        }
    }

    @Test func boundsThemselvesAreAccepted() throws {
        let lower = try FSRSParameters(FSRSParameters.bounds.map(\.lowerBound))
        let upper = try FSRSParameters(FSRSParameters.bounds.map(\.upperBound))
        #expect(lower.weights.count == 21 && upper.weights.count == 21)
    }

    @Test func fingerprintIsStableAndSensitiveToEveryBit() throws {
        // A fixed value: the same on every machine, in every run.
        #expect(FSRSParameters.fsrs6Default.fingerprint == FSRSParameters.fsrs6Default.fingerprint)
        #expect(FSRSParameters.fsrs6Default.fingerprintHex.count == 16)
        #expect(FSRSParameters.fsrs6Default.fingerprint != FSRSParameters.fsrs5Default.fingerprint)
        var weights = FSRSParameters.fsrs6Default.weights
        weights[3] = weights[3].nextUp
        #expect(try FSRSParameters(weights).fingerprint != FSRSParameters.fsrs6Default.fingerprint)
        #expect(try FSRSParameters(FSRSParameters.fsrs6Default.weights.map(Double.init)).fingerprint
                == FSRSParameters.fsrs6Default.fingerprint)
    }

    @Test func fingerprintIsFNV1aOverTheBitPatterns() {
        // Reference model: FNV-1a 64 over the little-endian bytes of each Float, written out.
        var hash: UInt64 = 14_695_981_039_346_656_037
        for weight in FSRSParameters.fsrs6Default.weights {
            withUnsafeBytes(of: weight.bitPattern.littleEndian) { bytes in
                for byte in bytes {
                    hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
                }
            }
        }
        #expect(FSRSParameters.fsrs6Default.fingerprint == hash)
    }
}
