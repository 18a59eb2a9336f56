/// The weights of the FSRS scheduler as the learner set them: 19 numbers (FSRS-5) or 21
/// (FSRS-6), all finite. Only the fact of the change is recorded; what the numbers mean is the
/// FSRS module's business. Encoded as an array of doubles (8 bytes each in the log).
public struct SchedulerParameters: Hashable, Sendable, Codable {
    /// The accepted lengths: FSRS-5 and FSRS-6.
    public static let allowedCounts: Set<Int> = [19, 21]
    /// The weights, in FSRS order (w0, w1, ...).
    public let weights: [Double]

    /// The parameters `weights`.
    /// - Throws: ``EventValidationError``: `wrongCount` unless there are 19 or 21 weights,
    ///   `notFinite` when one is NaN or infinite.
    public init(_ weights: [Double]) throws(EventValidationError) {
        guard Self.allowedCounts.contains(weights.count) else {
            throw EventValidationError(.wrongCount, field: "parameters",
                                       "got \(weights.count) weights; FSRS-5 takes 19 and FSRS-6 takes 21")
        }
        if let index = weights.firstIndex(where: { !$0.isFinite }) {
            throw EventValidationError(.notFinite, field: "parameters", "weight w\(index) is \(weights[index]), not a finite number")
        }
        self.weights = weights
    }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated([Double].self) { v throws(EventValidationError) in
            try SchedulerParameters(v)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(weights)
    }
}

extension SchedulerParameters: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self = try reader.readValidated({ r throws(EventDecodingError) in try [Double](from: &r) }) {
            raw throws(EventValidationError) in try SchedulerParameters(raw)
        }
    }
    package func encode(to writer: inout BinaryWriter) { weights.encode(to: &writer) }
}
