import Testing
import TestSupport
@testable import Projections

@Suite("Chunked arrays")
struct ChunkedArrayTests {
    /// Random appends (single, repeated, runs of distinct values) and writes across many chunk boundaries
    /// keep the same elements as an `Array` doing the same.
    @Test(arguments: [UInt64(1), 2, 3])
    func agreesWithAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var chunked = ChunkedArray<Int64>()
        var model: [Int64] = []
        while model.count < 5 * ChunkedArray<Int64>.chunkSize + 17 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let value = Int64(bitPattern: random.next())
                chunked.append(value)
                model.append(value)
            case 1:
                let value = Int64(bitPattern: random.next()), repetitions = Int.random(in: 0...700, using: &random)
                chunked.append(repeating: value, count: repetitions)
                model.append(contentsOf: repeatElement(value, count: repetitions))
            case 2:
                let values = (0..<Int.random(in: 0...900, using: &random)).map { _ in Int64(bitPattern: random.next()) }
                for value in values { chunked.append(value) }
                model.append(contentsOf: values)
            default:
                guard !model.isEmpty else { continue }
                let index = Int.random(in: 0..<model.count, using: &random), value = Int64(bitPattern: random.next())
                chunked[index] = value
                model[index] = value
            }
            #expect(chunked.count == model.count)
        }
        #expect(model.indices.allSatisfy { chunked[$0] == model[$0] })
        chunked.prefetchForWrite(model.count - 1)  // a hint: changes nothing
        #expect(chunked[model.count - 1] == model[model.count - 1])
    }

    @Test func equalityIsByElementsInOrder() {
        var a = ChunkedArray<UInt8>(), b = ChunkedArray<UInt8>()
        for value: UInt8 in [1, 2, 3] { a.append(value) }
        for value: UInt8 in [1, 2] { b.append(value) }
        #expect(a != b)
        b.append(3)
        #expect(a == b)
        b[0] = 9
        #expect(a != b)
        // A copy is a value: writing to it leaves the original alone.
        var c = a
        c[1] = 7
        #expect(a[1] == 2 && c[1] == 7)
    }

    /// Copies taken at random moments, then written and appended to (within shared chunks, at
    /// chunk boundaries, in the shared partly filled last chunk), each stay values.
    @Test(arguments: [UInt64(7), 8, 9])
    func copiesAreValues(seed: UInt64) {
        checkCopiesAreValues(ChunkedArray<Int64>.self, seed: seed, longestRun: 600)
    }
}
