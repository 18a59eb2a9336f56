/// fsrs-rs's outlier filter (`prepare_training_data`): it looks at the items that are a card's
/// first review after its first day (one review with elapsed days > 0), grouped by the card's
/// first rating and that review's elapsed days.
///
/// Within each first rating, the smallest groups (smallest first, then the shortest interval)
/// are dropped until 5% of the items (at least 20) are gone; of the rest, a group is kept for
/// pretraining when it has at least 6 items and an interval of at most 100 days (365 after
/// Easy). A card whose (first rating, first interval) pair was dropped loses all its items.
struct OutlierFilter {
    /// The items pretraining fits the initial stabilities on.
    var initializationItems: [TrainingItem]
    /// The items that survive, in their original order.
    var trainingItems: [TrainingItem]

    /// Filters `set`'s items.
    init(_ set: TrainingSet) {
        // first rating → elapsed days → items
        var groups: [UInt8: [Int32: [TrainingItem]]] = [:]
        for item in set.items where set.longTermCount(item) == 1 {
            groups[set.firstRating(item), default: [:]][set.current(item).elapsedDays, default: []].append(item)
        }
        var removed: Set<Pair> = []
        var initialization: [TrainingItem] = []
        for rating in groups.keys.sorted() {
            let byInterval = groups[rating, default: [:]]
            // Smallest group first, ties by the shorter interval.
            let ordered = byInterval.sorted { ($0.value.count, $0.key) < ($1.value.count, $1.key) }
            let total = ordered.reduce(0) { $0 + $1.value.count }
            let quota = max(20, total / 20)
            let longest: Int32 = rating == 4 ? 365 : 100
            var dropped = 0
            for (interval, items) in ordered {
                if dropped + items.count >= quota {
                    if items.count >= 6 && interval <= longest {
                        initialization += items
                    } else {
                        removed.insert(Pair(rating: rating, interval: interval))
                    }
                } else {
                    dropped += items.count
                    removed.insert(Pair(rating: rating, interval: interval))
                }
            }
        }
        initializationItems = initialization
        trainingItems = set.items.filter {
            !removed.contains(Pair(rating: set.firstRating($0), interval: set.firstLongTermElapsedDays($0)))
        }
    }

    private struct Pair: Hashable {
        var rating: UInt8
        var interval: Int32
    }
}
