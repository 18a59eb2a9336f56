import Testing
import FSRS
import Events
@testable import Hindsight

/// What each revlog row becomes, by kind and by what came before it on the card.
@Suite struct RevlogCardWalkTests {
    typealias Step = RevlogCardWalk.Step

    static func row(_ state: Int, rating: Int = 3) -> RevlogRow {
        RevlogRow(cardID: 1, reviewTimeMs: 0, rating: rating, state: RevlogRow.State(rawValue: state)!, durationMs: 1000)
    }

    /// (rows as (review_state, rating), the steps each row becomes)
    @Test(arguments: [
        ([(0, 3)], [[Step.graded(.scheduled)]]),
        ([(1, 1), (1, 3)], [[.graded(.scheduled)], [.graded(.scheduled)]]),
        ([(0, 3), (2, 3), (2, 1), (3, 3)], [[.graded(.scheduled)], [.graded(.scheduled)], [.graded(.scheduled)], [.graded(.scheduled)]]),
        ([(0, 3), (4, 3), (4, 4)], [[.graded(.scheduled)], [.graded(.cram)], [.graded(.cram)]]),
        ([(2, 3), (4, 2)], [[.graded(.cram)], [.graded(.cram)]]),
        ([(0, 3), (2, 3), (5, 0), (1, 3)], [[.graded(.scheduled)], [.graded(.scheduled)], [.reset(implied: false)], [.graded(.scheduled)]]),
        ([(0, 3), (2, 3), (1, 3), (1, 3)], [[.graded(.scheduled)], [.graded(.scheduled)], [.reset(implied: true), .graded(.scheduled)], [.graded(.scheduled)]]),
        ([(0, 3), (2, 3), (6, 0), (2, 3)], [[.graded(.scheduled)], [.graded(.scheduled)], [.dueSet], [.graded(.scheduled)]]),
        ([(0, 3), (5, 0), (2, 3)], [[.graded(.scheduled)], [.reset(implied: false)], [.graded(.cram)]]),
        ([(0, 3), (1, 0), (2, 0), (4, 0)], [[.graded(.scheduled)], [], [], []]),
    ])
    func eachRowBecomesItsEvents(rows: [(Int, Int)], steps: [[Step]]) {
        var walk = RevlogCardWalk()
        #expect(rows.map { walk.steps(for: Self.row($0.0, rating: $0.1)) } == steps)
    }

    @Test func aCardTheStoreSchedulesContinuesItsHistory() {
        var walk = RevlogCardWalk(inHistory: true)
        #expect(walk.steps(for: Self.row(2)) == [.graded(.scheduled)])
        #expect(walk.steps(for: Self.row(1)) == [.reset(implied: true), .graded(.scheduled)])
        var fresh = RevlogCardWalk()
        #expect(fresh.steps(for: Self.row(2)) == [.graded(.cram)])
        #expect(!fresh.inHistory)
    }
}
