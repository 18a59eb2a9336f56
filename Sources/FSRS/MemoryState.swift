/// A card's memory state in the FSRS model: stability S (days until retrievability falls to
/// 90%) and difficulty D (1 … 10). Values are IEEE `Float`, exactly as fsrs-rs keeps them.
public struct MemoryState: Sendable, Hashable, Codable {
    /// The bounds fsrs-rs clamps every state into (FORMULAS.md 2).
    public static let stabilityRange: ClosedRange<Float> = 0.001...36500
    /// See ``stabilityRange``.
    public static let difficultyRange: ClosedRange<Float> = 1...10

    /// Days until retrievability falls to 90%.
    public var stability: Float
    /// How hard the card is, from 1 (easiest) to 10.
    public var difficulty: Float

    /// A state with the given values (not clamped; the model clamps what it reads).
    public init(stability: Float, difficulty: Float) {
        self.stability = stability
        self.difficulty = difficulty
    }
}

/// The four states a card can move to from one state, one per rating, with the raw interval
/// of each (fsrs-rs `next_states`).
public struct NextStates: Sendable, Hashable {
    /// After Again.
    public var again: NextState
    /// After Hard.
    public var hard: NextState
    /// After Good.
    public var good: NextState
    /// After Easy.
    public var easy: NextState

    /// The entry for `rating`.
    public subscript(rating: FSRSRating) -> NextState {
        switch rating {
        case .again: again
        case .hard: hard
        case .good: good
        case .easy: easy
        }
    }
}

/// One entry of ``NextStates``: the memory state after a rating and its unrounded interval.
public struct NextState: Sendable, Hashable {
    /// The memory state after the rating.
    public var memory: MemoryState
    /// The raw interval in days for the desired retention asked for (no rounding, no clamp).
    public var intervalRaw: Float
}
