import Events

/// Practice that a batch fold has counted for one profile's local day but not yet written into
/// the state (one lane of an ``ActivityRun``): practice (``ActivityEvent/makesDayActive``) on a day already active,
/// whose effects are additions only (the day's counts, its practice count in the streaks and
/// the achievements, the review total), summed here and written once by ``flush(into:)``.
struct PracticeRun {
    /// Whether practice on ``day`` of ``profile`` may be absorbed.
    private(set) var isOpen = false
    /// The profile of the run, as a key.
    private(set) var profile = IDKey(high: 0, low: 0)
    /// The profile of the run, as an id.
    private var profileID = ProfileID(IDKey(high: 0, low: 0).uuid)
    /// The local day of the run.
    private var day: Int64 = 0
    /// The day's counts not yet written.
    private var counts = ActivityCounts()
    /// Reviews absorbed (not yet in the achievements' review total).
    private var reviews = 0
    /// Practice events absorbed (reviews and words spelled: not yet in the day's practice counts).
    private var practice = 0
    /// How many more reviews can be absorbed before one would reach an achievement's review target.
    private var reviewsLeft = 0

    /// A closed run.
    init() {}

    /// Whether the run is open on `day` of the profile whose key is `profile`.
    @inline(__always) func isOpen(on day: Int64, of profile: IDKey) -> Bool {
        isOpen && day == self.day && profile == self.profile
    }

    /// Absorbs a review of `fact` (on the run's day and profile) when no review target is in reach.
    /// - Returns: false (nothing absorbed) when the review must go through the full fold.
    @inline(__always) mutating func absorb(_ fact: ReviewFact) -> Bool {
        guard reviewsLeft > 0 else { return false }
        DailyStatsRule.count(fact, sign: 1, into: &counts)
        reviews += 1
        practice += 1
        reviewsLeft -= 1
        return true
    }

    /// Absorbs practice other than a review (`event`, on the run's day and profile), counted by
    /// the same rule as the one-event fold (``DailyStatsRule``).
    @inline(__always) mutating func absorb(_ event: ActivityEvent) {
        DailyStatsRule.count(event, into: &counts)
        practice += 1
    }

    /// Opens the (closed) run on `day` of `profile`, whose practice the full fold has just
    /// counted (so the day is active in the streaks and the achievements), to absorb up to
    /// `reviewsLeft` reviews.
    @inline(__always) mutating func open(_ profile: ProfileID, key: IDKey, on day: Int64, reviewsLeft: Int) {
        self.profile = key
        profileID = profile
        self.day = day
        self.reviewsLeft = reviewsLeft
        isOpen = true
    }

    /// Writes what the run holds into `state` and closes it.
    @inline(__always) mutating func flush(into state: inout ActivityState) {
        guard isOpen else { return }
        isOpen = false
        guard practice > 0 else { return }
        let dayCounts = state.dailyStats.add(counts, profile: profileID, day: day)
        state.streaks.practised(profileID, on: day, times: practice)
        state.achievements.absorbed(profileID, on: day, reviews: reviews, practice: practice, dayCounts: dayCounts)
        counts = ActivityCounts()
        (reviews, practice) = (0, 0)
    }
}
