/// How the optimizer trains: fsrs-rs's `TrainingConfig` defaults (5 epochs, batches of 512
/// items, seed 2023, learning rate 0.04, items of at most 256 reviews, regularisation γ = 1) and
/// which model's parameters are fitted.
public struct OptimizerConfiguration: Sendable, Hashable {
    /// The model whose parameters are fitted.
    public enum Model: String, Sendable, Hashable, CaseIterable {
        /// FSRS-6: all 21 weights.
        case fsrs6
        /// FSRS-5: w0 … w18, with w19 = 0 and w20 = 0.5 held fixed.
        case fsrs5

        /// The default weights training starts from and is regularised towards.
        public var defaults: FSRSParameters { self == .fsrs6 ? .fsrs6Default : .fsrs5Default }
        /// How many weights the model has (21 or 19).
        public var parameterCount: Int { self == .fsrs6 ? 21 : 19 }
    }

    /// The model fitted.
    public var model: Model
    /// Passes over the training items.
    public var epochs: Int
    /// Items per mini-batch.
    public var batchSize: Int
    /// The seed of the batch shuffle.
    public var seed: UInt64
    /// The initial learning rate (then cosine-annealed).
    public var learningRate: Double
    /// Items with more reviews than this are left out of training.
    public var maxSequenceLength: Int
    /// The weight of the regularisation towards the starting weights.
    public var gamma: Double
    /// Relearning steps of the person's deck (bounds w17 and w18 when > 1).
    public var relearningSteps: Int

    /// A configuration; the defaults are fsrs-rs's.
    public init(model: Model = .fsrs6, epochs: Int = 5, batchSize: Int = 512, seed: UInt64 = 2023,
                learningRate: Double = 0.04, maxSequenceLength: Int = 256, gamma: Double = 1,
                relearningSteps: Int = 1) {
        self.model = model
        self.epochs = epochs
        self.batchSize = batchSize
        self.seed = seed
        self.learningRate = learningRate
        self.maxSequenceLength = maxSequenceLength
        self.gamma = gamma
        self.relearningSteps = relearningSteps
    }
}
