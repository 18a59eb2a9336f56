import SystemSeam
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The allocator setting the executables make at launch (``MemoryAdvice/useOneAllocatorArena()``).
@Suite struct AllocatorArenaTests {
    @Test("glibc takes the one-arena setting, and allocating from several threads after it still works")
    func oneArena() async {
        #if canImport(Glibc)
        #expect(MemoryAdvice.useOneAllocatorArena())
        #else
        #expect(!MemoryAdvice.useOneAllocatorArena())
        #endif
        // Threads allocate and free from the one arena as before: each sums what it wrote.
        let sums = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var total = 0
                    for round in 0..<200 {
                        let block = [Int](repeating: task + round, count: 4096 + round)
                        total &+= block.reduce(0, &+)
                    }
                    return total
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }.sorted()
        }
        let expected = (0..<4).map { task in (0..<200).reduce(0) { $0 &+ (task + $1) * (4096 + $1) } }
        #expect(sums == expected)
    }
}
