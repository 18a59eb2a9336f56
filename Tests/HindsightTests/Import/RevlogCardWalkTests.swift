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

    /// A step's letter: S scheduled review, C cram review, R reset row, I implied reset, D due set.
    static let letters: [Step: Character] = [.graded(.scheduled): "S", .graded(.cram): "C", .reset(implied: false): "R",
                                              .reset(implied: true): "I", .dueSet: "D"]

    /// (rows as review_state:rating, what each row becomes: its steps' letters, "-" for none)
    @Test(arguments: [
        ("0:3", "S"),
        ("1:1 1:3", "S S"),
        ("0:3 2:3 2:1 3:3", "S S S S"),            // learning, review, lapse, relearning
        ("0:3 4:3 4:4", "S C C"),                  // filtered-deck answers are cram
        ("2:3 4:2", "C C"),                        // no learning answer yet: no FSRS history
        ("0:3 2:3 5:0 1:3", "S S R S"),            // forget, then learnt again
        ("0:3 2:3 1:3 1:3", "S S IS S"),           // a learning run after reviews with no reset row
        ("0:3 2:3 6:0 2:3", "S S D S"),            // set due date
        ("0:3 5:0 2:3", "S R C"),                  // a review after a reset with no learning since
        ("0:3 1:0 2:0 4:0", "S - - -"),            // rating 0 outside manual rows: nothing
        ("5:0 0:3", "- S"),                        // a forget of a new card: nothing to reset
        ("0:3 5:0 5:0 1:3", "S R - S"),            // forgotten twice: the second has nothing to reset
        ("2:3 4:3 5:0", "C C -"),                  // cram answers leave no memory state to reset
        ("0:3 5:0 2:3 5:0", "S R C -"),            // nor does a review after a reset with no learning
    ])
    func eachRowBecomesItsEvents(rows: String, expected: String) {
        var walk = RevlogCardWalk()
        let got = rows.split(separator: " ").map { row -> String in
            let parts = row.split(separator: ":").compactMap { Int($0) }
            let steps = walk.steps(for: Self.row(parts[0], rating: parts[1]))
            return steps.isEmpty ? "-" : String(steps.compactMap { Self.letters[$0] })
        }
        #expect(got.joined(separator: " ") == expected)
    }

    /// A card the store holds with a memory state already (a file of newer rows): a forget resets
    /// it, once; its answers before a learning answer are still cram (the walk has no history of it).
    @Test(arguments: [
        ("5:0 5:0", "R -"),
        ("2:3 5:0 1:3", "C R S"),
        ("6:0 5:0", "- R"),
    ])
    func aCardWithAMemoryStateInTheStoreCanBeForgotten(rows: String, expected: String) {
        var walk = RevlogCardWalk(hasMemoryState: true)
        let got = rows.split(separator: " ").map { row -> String in
            let parts = row.split(separator: ":").compactMap { Int($0) }
            let steps = walk.steps(for: Self.row(parts[0], rating: parts[1]))
            return steps.isEmpty ? "-" : String(steps.compactMap { Self.letters[$0] })
        }
        #expect(got.joined(separator: " ") == expected)
    }

    @Test func aDueDateSetOnACardWithNoHistoryBecomesNothing() {
        var walk = RevlogCardWalk()
        #expect(walk.steps(for: Self.row(6, rating: 0)) == [])
        #expect(walk.steps(for: Self.row(2)) == [.graded(.cram)])
        #expect(!walk.inHistory)
        #expect(walk.steps(for: Self.row(0)) == [.graded(.scheduled)])
        #expect(walk.steps(for: Self.row(6, rating: 0)) == [.dueSet])
        #expect(walk.inHistory)
    }
}
