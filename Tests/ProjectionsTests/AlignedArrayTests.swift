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

    @Test("blocks of a huge page or more start on a huge page boundary; smaller ones on a cache line",
          arguments: [1, 1000, HugePages.size / 8 - 1, HugePages.size / 8, 3 * HugePages.size / 8 + 5])
    func bigBlocksSitOnHugePages(words: Int) {
        let memory = PlainMemory<UInt64>(zeroedCount: words)
        let address = UInt(bitPattern: memory.base)
        #expect(address % UInt(words * 8 >= HugePages.size ? HugePages.size : 64) == 0)
        #expect((0..<words).allSatisfy { memory.base[$0] == 0 })
        for index in 0..<words { memory.base[index] = UInt64(index) &* 0x9E37_79B9 }
        let copy = PlainMemory(copying: memory, count: words, capacity: words * 2)
        #expect((0..<words).allSatisfy { copy.base[$0] == UInt64($0) &* 0x9E37_79B9 })
    }

    @Test("an array keeps its elements as it grows past a huge page")
    func growsPastAHugePage() {
        var array = AlignedArray<CardHot>()
        let count = 3 * HugePages.size / MemoryLayout<CardHot>.stride + 7
        for slot in 0..<count { array.append(CardHot(profile: Int32(slot))) }
        #expect(array.indices.allSatisfy { array[$0].profile == Int32($0) })
        array.withUnsafeBufferPointer { #expect(UInt(bitPattern: $0.baseAddress) % UInt(HugePages.size) == 0) }
    }

    @Test("a card's hot record is one 64-byte cache line")
    func cardRecordIsOneLine() {
        #expect(MemoryLayout<CardHot>.stride == 64)
        #expect(MemoryLayout<PackedCardState>.size == 42)
    }
}
