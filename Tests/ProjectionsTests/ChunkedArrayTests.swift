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
        #expect(model.indices.allSatisfy { index in chunked.read(index) { $0 == model[index] } })
        chunked.prefetchForWrite(model.count - 1)  // a hint: changes nothing
        #expect(chunked[model.count - 1] == model[model.count - 1])
    }

    /// An element longer than a cache line is read in place field by field, and prefetching it
    /// (every line it covers) changes nothing.
    @Test func readsLargeElementsInPlace() {
        struct Wide: BitwiseCopyable, Equatable {
            var first: Int64
            var middle = (Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0),
                          Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0),
                          Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), Int64(0),
                          Int64(0), Int64(0), Int64(0), Int64(0))
            var last: Int64
            static func == (lhs: Wide, rhs: Wide) -> Bool { lhs.first == rhs.first && lhs.last == rhs.last }
        }
        #expect(MemoryLayout<Wide>.size == 240)
        var wide = ChunkedArray<Wide>()
        for n in 0..<Int64(ChunkedArray<Wide>.chunkSize + 3) { wide.append(Wide(first: n, last: -n)) }
        let picked = [0, 1, ChunkedArray<Wide>.chunkSize - 1, ChunkedArray<Wide>.chunkSize, wide.count - 1]
        for index in picked { wide.prefetchForWrite(index) }
        wide.prefetchForWrite(wide.count)  // out of range: nothing
        #expect(picked.map { index in wide.read(index) { $0.last } } == [0, -1, -4095, -4096, -4098])
        #expect(picked.map { wide[$0].first } == [0, 1, 4095, 4096, 4098])
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
