import Testing
@testable import Events
@testable import Projections

/// The activity state after `events`, folded one event at a time; the batch fold of the same
/// events (which remembers the last local day it computed and absorbs practice on an active
/// day) is expected to give the same state, so a table's expectations hold for both paths.
func activityFoldedBothWays(_ projection: ActivityProjection, _ events: [RecordedEvent],
                            sourceLocation: SourceLocation = #_sourceLocation) -> ActivityState {
    let oneByOne = fold(projection, events)
    var batch = projection.makeInitialState()
    _ = projection.apply(events, after: 0, to: &batch)
    #expect(batch == oneByOne, "the batch fold disagrees with the event-by-event fold", sourceLocation: sourceLocation)
    return oneByOne
}

/// Checks that `profile` unlocked exactly the rules of `unlocks`, in order, each dated by the
/// event of `recorded` at its `by` index, and practised on exactly the March local days `runs`.
func expectUnlocks(_ state: ActivityState, profile: ProfileID, _ unlocks: [(rule: String, by: Int)],
                   earnedBy recorded: [RecordedEvent], runs: [ClosedRange<Int>],
                   sourceLocation: SourceLocation = #_sourceLocation) {
    let unlocked = state.achievements.unlocked(profile: profile)
    #expect(unlocked.map(\.rule.id) == unlocks.map(\.rule), sourceLocation: sourceLocation)
    #expect(unlocked.map(\.unlock) == unlocks.map { Unlock(position: recorded[$0.by].position, time: recorded[$0.by].occurred) },
            sourceLocation: sourceLocation)
    #expect(state.streaks.runs(profile: profile) == marchRuns(runs), sourceLocation: sourceLocation)
}
