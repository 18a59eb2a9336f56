import Testing
import TestSupport
@testable import Projections

/// A growable plain-data array with value semantics (``ChunkedArray``, ``AlignedArray``), as
/// ``checkCopiesAreValues(_:seed:longestRun:)`` drives it.
protocol GrowableValueArray: RandomAccessCollection where Element == Int64, Index == Int {
    init()
    mutating func append(_ element: Int64)
    subscript(index: Int) -> Int64 { get set }
}

extension ChunkedArray: GrowableValueArray where Element == Int64 {}
extension AlignedArray: GrowableValueArray where Element == Int64 {
    init() { self.init(minimumCapacity: 0) }
}

/// Copies of an `A` taken at random moments, then written (replaced and changed in place) and
/// appended to in runs of up to `longestRun`, each stay equal to an `Array` copied and changed
/// the same way: a write to one never shows in another.
func checkCopiesAreValues<A: GrowableValueArray>(_: A.Type, seed: UInt64, longestRun: Int) {
    var random = SplitMix64(seed: seed)
    var arrays: [A] = [A()]
    var models: [[Int64]] = [[]]
    for _ in 0..<3000 {
        let which = Int.random(in: 0..<arrays.count, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0 where arrays.count < 6:
            arrays.append(arrays[which])
            models.append(models[which])
        case 1, 2, 3:
            let values = (0..<Int.random(in: 1...longestRun, using: &random)).map { _ in Int64(bitPattern: random.next()) }
            for value in values { arrays[which].append(value) }
            models[which].append(contentsOf: values)
        case 4:
            guard !models[which].isEmpty else { continue }
            let index = Int.random(in: 0..<models[which].count, using: &random)
            arrays[which][index] &+= 1
            models[which][index] &+= 1
        default:
            guard !models[which].isEmpty else { continue }
            let index = Int.random(in: 0..<models[which].count, using: &random), value = Int64(bitPattern: random.next())
            arrays[which][index] = value
            models[which][index] = value
        }
    }
    for (array, model) in zip(arrays, models) {
        #expect(array.count == model.count)
        #expect(Array(array) == model)
    }
    #expect(arrays.count > 1)
}
