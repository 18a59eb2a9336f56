import EventLog
import Foundation
import Testing
import TestSupport

@Suite struct SubscriptionTests {
    /// A subscriber following the tail sees every record a concurrent writer appends, in
    /// order, across segment rolls; it ends when the writer closes.
    @Test(arguments: [LogOptions.Durability.groupCommit, .buffered(flushInterval: .milliseconds(2))])
    func followerSeesEveryRecordInOrder(durability: LogOptions.Durability) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let payloads = LogFixtures.payloads(3000, seed: 61, lengths: 0...200)
        let writer = try await LogWriter.open(directory: directory.path,
                                              options: LogOptions(durability: durability, segmentSize: 32 << 10))
        _ = try await writer.append(contentsOf: payloads[0..<100])
        let follower = Task {
            var seen: [LogRecord] = []
            for try await record in writer.subscribe(from: 1) { seen.append(record) }
            return seen
        }
        var random = SplitMix64(seed: 62)
        var index = 100
        while index < payloads.count {
            let count = min(Int.random(in: 1...7, using: &random), payloads.count - index)
            _ = try await writer.append(contentsOf: payloads[index..<(index + count)])
            index += count
            if random.next() % 50 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        try await writer.close()
        let seen = try await follower.value
        #expect(seen.map(\.position) == Array(1...3000))
        #expect(seen.map(\.payload) == payloads)
    }

    @Test func subscriptionFromTheMiddleThenLive() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = try await LogWriter.open(directory: directory.path, options: LogOptions(durability: .groupCommit))
        for i in 1...10 { _ = try await writer.append([UInt8(i)]) }
        var iterator = writer.subscribe(from: 8).makeAsyncIterator()
        #expect(try await iterator.next()?.payload == [8])
        #expect(try await iterator.next()?.payload == [9])
        #expect(try await iterator.next()?.payload == [10])
        async let next = iterator.next()
        _ = try await writer.append([11])
        #expect(try await next == LogRecord(position: 11, payload: [11]))
        try await writer.close()
    }
}
