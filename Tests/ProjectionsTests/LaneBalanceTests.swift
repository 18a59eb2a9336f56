import Testing
@testable import Projections

@Suite("Lane balance of the parallel runner")
struct LaneBalanceTests {
    @Test("lanes split by fold time, longest first, to the lane with less work", arguments: [
        ([50, 23, 12, 8, 5, 1, 1], [[0], [1, 2, 3, 4, 5, 6]]),
        ([10, 10, 10, 10], [[0, 2], [1, 3]]),
        ([0, 0, 0, 0, 0, 0, 0], [[0, 2, 4, 6], [1, 3, 5]]),
        ([1, 30, 2, 20, 3], [[1], [0, 2, 3, 4]]),
        ([5], [[0], []]),
    ] as [([Int64], [[Int]])])
    func lanes(milliseconds: [Int64], expected: [[Int]]) {
        var balance = LaneBalance(projectors: milliseconds.count)
        for (index, ms) in milliseconds.enumerated() { balance.add(.milliseconds(ms), to: index) }
        #expect(balance.lanes() == expected)
    }

    @Test("time adds up across batches")
    func accumulates() {
        var balance = LaneBalance(projectors: 3)
        balance.add(.milliseconds(5), to: 2)
        balance.add(.milliseconds(5), to: 2)
        balance.add(.milliseconds(8), to: 0)
        #expect(balance.lanes() == [[2], [0, 1]])
    }
}
