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
