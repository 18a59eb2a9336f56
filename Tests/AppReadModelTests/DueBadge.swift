import Hindsight

/// A view model that shows how many cards are due, refreshed whenever a batch changes the
/// vocabulary read model.
@MainActor final class DueBadge {
    var due = 0

    func follow(_ store: Store, learner: ProfileID, now: @escaping @Sendable () -> EventTime) async {
        let changes = store.changes()  // subscribe first, then read: no batch falls in between
        due = await store.vocabulary().dueCount(profile: learner, at: now()).due
        for await change in changes where change.readModels.contains("vocabulary") {
            due = await store.vocabulary().dueCount(profile: learner, at: now()).due
        }
    }
}
