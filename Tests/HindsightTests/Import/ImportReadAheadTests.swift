import Foundation
import Testing
@testable import Events
@testable import Hindsight

/// The read-ahead hands out every event of its source once, in order, in chunks of the size
/// asked; a source's failure comes after the events read before it, in the chunk it cut short;
/// and the source comes back in the state the reads left it.
@Suite struct ImportReadAheadTests {
    /// A source of `count` events numbered by their line, throwing at line `failAt` if given.
    struct CountingSource: ImportEventSource {
        let count: Int
        var failAt: Int?
        var handedOut = 0
        var path: String? { "counting.jsonl" }
        var bytesRead: UInt64 { UInt64(handedOut * 10) }

        mutating func next() throws(ImportError) -> ImportedEvent? {
            let line = handedOut + 1
            if line == failAt { throw ImportError(.badJSONLine, "line \(line) is not an event", path: path, line: line) }
            guard handedOut < count else { return nil }
            handedOut += 1
            let pending = PendingEvent(id: EventID(Ids.uuid(0x0E, UInt64(line))), stream: .profile(Ids.profile(1)),
                                       profile: Ids.profile(1), occurred: StoreFixture.time(), event: .profileSwitched(ProfileSwitched(profile: Ids.profile(1))))
            return ImportedEvent(pending: pending, streamVersion: nil, recordedAt: nil, line: line)
        }
    }

    @Test(arguments: [(0, 4), (1, 4), (4, 4), (5, 4), (17, 4), (1000, 64)])
    func everyEventComesOnceInOrderInChunksOfTheSizeAsked(count: Int, chunkSize: Int) async {
        let reader = ImportReadAhead(CountingSource(count: count), chunkSize: chunkSize)
        var lines: [Int] = [], sizes: [Int] = [], progress: [UInt64] = []
        while true {
            let chunk = await reader.next()
            #expect(chunk.failure == nil)
            if chunk.events.isEmpty { #expect(chunk.isLast); break }
            lines += chunk.events.map(\.line)
            sizes.append(chunk.events.count)
            progress.append(chunk.bytesRead)
        }
        #expect(lines == Array(stride(from: 1, through: count, by: 1)))
        #expect(sizes.dropLast().allSatisfy { $0 == chunkSize } && (sizes.last ?? 1) <= chunkSize)
        #expect(progress == progress.sorted() && progress.last.map { $0 == UInt64(count * 10) } != false)
        let source = await reader.finish()
        #expect(source.handedOut == count)
        let after = await reader.next()
        #expect(after.events.isEmpty && after.isLast)
    }

    @Test(arguments: [1, 3, 4, 5, 9])
    func aFailureComesAfterTheEventsBeforeItInTheChunkItCutShort(failAt: Int) async {
        let reader = ImportReadAhead(CountingSource(count: 20, failAt: failAt), chunkSize: 4)
        var lines: [Int] = []
        var failure: ImportError?
        while failure == nil {
            let chunk = await reader.next()
            failure = chunk.failure
            if failure == nil { lines += chunk.events.map(\.line) } else { #expect(chunk.isLast) }
            #expect(!(chunk.events.isEmpty && chunk.failure == nil), "the source ends only by failing")
        }
        // The caller throws a chunk's failure before checking its events: it sees the full
        // chunks before the failing line, and that line named.
        #expect(lines == Array(stride(from: 1, to: (failAt - 1) / 4 * 4 + 1, by: 1)))
        #expect(failure?.line == failAt && failure?.code == .badJSONLine)
        #expect(await reader.finish().handedOut == failAt - 1)
    }

    @Test func finishingEarlyWaitsForTheChunkBeingReadAndGivesTheSourceBack() async {
        let reader = ImportReadAhead(CountingSource(count: 100), chunkSize: 10)
        let first = await reader.next()
        #expect(first.events.map(\.line) == Array(1...10))
        // The second chunk is being read ahead: finishing waits for it, so the source has read 20.
        #expect(await reader.finish().handedOut == 20)
    }
}
