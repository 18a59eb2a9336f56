import SeededRandom

/// Fits FSRS parameters to a review history, as fsrs-rs's `compute_parameters` does:
///
/// 1. the items (``TrainingSet``) go through fsrs-rs's outlier filter (``OutlierFilter``);
/// 2. the initial stabilities w0 … w3 are pretrained on the items that are a card's first
///    review after its first day (``InitialStabilityFit``); the other weights start at the
///    model's defaults;
/// 3. with fewer than 8 items the defaults are returned, with fewer than 64 (or no item beyond
///    the pretraining ones) the pretrained weights;
/// 4. otherwise mini-batches of whole cards (``TrainingBatches``), shuffled each epoch by a
///    seeded generator, are trained with Adam on the summed weighted binary cross-entropy plus
///    an L2 pull towards the starting weights (scaled by each weight's spread across users and
///    by the batch's share of the items), under a cosine-annealed learning rate, the weights
///    clamped after every step (``TrainingClamp``);
/// 5. the trained w0 … w3 are ordered and filled once more (``InitialStabilityFill``).
///
/// Deterministic: the same history and configuration give the same weights, bit for bit, on
/// every run and machine. Gradients are exact (``CardGradient``).
public enum Optimizer {
    /// How far each weight may move, as fsrs-rs's regularisation weighs it (the spread of each
    /// weight across many users' fitted parameters).
    static let parameterSpread: [Float] = [
        6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
        1.03, 0.31, 0.32, 0.14, 0.27,
    ]

    /// The weights fitted to `set` (19 for FSRS-5, 21 for FSRS-6).
    /// - Throws: ``OptimizerError`` with code `notEnoughData` when no card was reviewed again on
    ///   a later day after its first (that pretraining can use); `invalidConfiguration` for a
    ///   batch size, epoch count or sequence length below 1 or a rate that is not finite;
    ///   `diverged` if training produced a non-finite weight.
    /// - Complexity: O(epochs × reviews) after an O(n log n) preparation.
    public static func fit(_ set: TrainingSet, configuration: OptimizerConfiguration = .init()) throws(OptimizerError) -> [Float] {
        guard configuration.batchSize > 0, configuration.epochs >= 0, configuration.learningRate.isFinite,
              configuration.gamma.isFinite, configuration.maxSequenceLength > 0 else {
            throw .invalidConfiguration("batch size and max sequence length must be positive, epochs not negative, rates finite")
        }
        let model = configuration.model
        let defaults = Array(model.defaults.weights)
        let filter = OutlierFilter(set)
        let items = filter.trainingItems
        guard items.count >= 8 else { return Array(defaults[..<model.parameterCount]) }
        let averageRecall = TrainingSet.averageRecall(items, in: set)
        let (initialStability, counts) = try InitialStabilityFit.fit(
            items: filter.initializationItems, in: set, averageRecall: averageRecall, defaults: model.defaults)
        let start = initialStability + defaults[4...]
        if items.count == filter.initializationItems.count || items.count < 64 {
            return Array(start[..<model.parameterCount])
        }
        var weights = train(items: items, in: set, from: start, configuration: configuration)
        guard weights.allSatisfy(\.isFinite) else { throw .diverged }
        var trained: [UInt8: Float] = [:]
        for rating in 1...4 { trained[UInt8(rating)] = weights[rating - 1] }
        let filled = try InitialStabilityFill.fill(trained, counts: counts, defaults: model.defaults)
        weights.replaceSubrange(0..<4, with: filled)
        return Array(weights[..<model.parameterCount])
    }

    /// Trains from `start` (21 weights) on `items`.
    static func train(items: [TrainingItem], in set: TrainingSet, from start: [Float],
                      configuration: OptimizerConfiguration) -> [Float] {
        let data = TrainingBatches(items: items, in: set, batchSize: configuration.batchSize,
                                   maxSequenceLength: configuration.maxSequenceLength)
        let total = data.itemCount
        let steps = (total / configuration.batchSize + 1) * configuration.epochs
        var schedule = CosineAnnealingSchedule(totalSteps: steps, initialRate: configuration.learningRate)
        var adam = AdamState()
        var kernel = CardGradient(longestCard: data.longestCard)
        var random = SplitMix64(seed: configuration.seed)
        var weights = start
        var order = Array(data.batches.indices)
        let frozen: Range<Int> = configuration.model == .fsrs5 ? 19..<21 : 21..<21
        var gradient = [Double](repeating: 0, count: 21)
        for _ in 0..<configuration.epochs {
            for index in order.indices { order[index] = index }
            shuffle(&order, using: &random)
            for batchIndex in order {
                let batch = data.batches[batchIndex]
                let rate = schedule.next()
                for i in 0..<21 { gradient[i] = 0 }
                kernel.accumulate(batch: batch.cards, of: data, model: TrainingModel(weights), into: &gradient)
                let scale = configuration.gamma * Double(batch.items) / Double(total)
                for i in 0..<21 {
                    let delta = Double(weights[i] - start[i])
                    gradient[i] += 2 * delta / Double(parameterSpread[i] * parameterSpread[i]) * scale
                }
                for i in frozen { gradient[i] = 0 }
                adam.step(&weights, gradient: gradient, learningRate: rate)
                TrainingClamp.apply(&weights, relearningSteps: configuration.relearningSteps, model: configuration.model)
            }
        }
        return weights
    }

    /// Fisher–Yates with draws from `random` (multiply-high, no modulo bias worth the name), so
    /// the order is the same on every platform and Swift version.
    static func shuffle(_ values: inout [Int], using random: inout SplitMix64) {
        var i = values.count - 1
        while i > 0 {
            let j = Int(random.next().multipliedFullWidth(by: UInt64(i + 1)).high)
            values.swapAt(i, j)
            i -= 1
        }
    }
}
