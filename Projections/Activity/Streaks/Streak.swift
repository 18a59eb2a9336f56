/// A profile's streaks at one moment.
public struct Streak: Sendable, Equatable, Hashable {
    /// The run of practice days that ends today or yesterday (the person may still practise
    /// today), counted up to today; 0 when the last practice was before yesterday.
    public var current: Int
    /// The longest run of practice days ever (undone practice excluded).
    public var longest: Int
    /// The local day the streak was evaluated on.
    public var today: Int64

    /// A streak of `current` days, the longest having been `longest`, evaluated on `today`.
    public init(current: Int, longest: Int, today: Int64) {
        self.current = current
        self.longest = longest
        self.today = today
    }
}

extension ActiveDays {
    /// The streak seen on local day `today`: the run holding today (counted up to today) or,
    /// failing that, the run ending yesterday; else 0.
    /// - Complexity: O(log runs) for the current run, O(runs) for the longest.
    package func streak(today: Int64) -> Streak {
        var current = 0
        if let run = run(containing: today) {
            current = Int(today - run.first + 1)
        } else if let run = run(containing: today - 1) {
            current = run.length
        }
        return Streak(current: current, longest: longestRun, today: today)
    }

    /// The length of the longest run.
    package var longestRun: Int { runs.reduce(0) { max($0, $1.length) } }
}
