import Testing
import TestSupport
@testable import Projections

@Suite("Aligned arrays")
struct AlignedArrayTests {
    /// Copies taken at random moments, then written (through the setter and in place) and
    /// appended to (across growths), each stay values.
    @Test(arguments: [UInt64(1), 2, 3])
    func copiesAreValues(seed: UInt64) {
        checkCopiesAreValues(AlignedArray<Int64>.self, seed: seed, longestRun: 300)
    }

    @Test("the buffer handed out holds the elements in order")
    func bufferHoldsTheElements() {
        var array = AlignedArray<Int64>()
        for value in 0..<100 { array.append(Int64(value * 3)) }
        #expect(array.withUnsafeBufferPointer(Array.init) == (0..<100).map { Int64($0 * 3) })
    }

    @Test("elements start on a cache line however the array grew", arguments: [0, 1, 17, 1000])
    func memoryIsAligned(reserved: Int) {
        var array = AlignedArray<CardHot>(minimumCapacity: reserved)
        for step in 0..<300 {
            array.append(CardHot(profile: Int32(step)))
            array.withUnsafeBufferPointer { #expect(UInt(bitPattern: $0.baseAddress) % 64 == 0) }
        }
        array.reserveCapacity(5000)
        array.withUnsafeBufferPointer { #expect(UInt(bitPattern: $0.baseAddress) % 64 == 0) }
        #expect(array.map(\.profile) == (0..<300).map(Int32.init))
        array.prefetchForWrite(299)  // a hint: changes nothing
        #expect(array[299].profile == 299)
    }

    @Test("a card's hot record is one 64-byte cache line")
    func cardRecordIsOneLine() {
        #expect(MemoryLayout<CardHot>.stride == 64)
        #expect(MemoryLayout<PackedCardState>.size == 42)
    }
}
