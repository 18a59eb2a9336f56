import Foundation
import Hindsight

/// The event codec: encoding and decoding the realistic ``EventMix`` in the log encoding (the
/// replay path) and decoding its JSON export. A pool of distinct events is cycled to reach the
/// work size, so memory stays bounded.
let codecWorkloads: [Workload] = [
    Workload(name: "encode.log", summary: "encode the event mix to log payloads (reused buffer)",
             defaultEvents: 4_000_000, quickEvents: 50_000) { context in
        let pool = try EventMix.events(count: min(context.events, CodecPool.size))
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64 * 1024)
        var bytes = 0
        let start = Stopwatch.now()
        for i in 0..<context.events {
            buffer.removeAll(keepingCapacity: true)
            LogCodec.encode(pool[i % pool.count], into: &buffer)
            bytes &+= buffer.count
        }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(bytes)
        return Sample(events: context.events, seconds: seconds)
    },
    Workload(name: "decode.log", summary: "decode log payloads of the event mix into RecordedEvent",
             defaultEvents: 4_000_000, quickEvents: 50_000) { context in
        let pool = try CodecPool.logPayloads(count: min(context.events, CodecPool.size))
        var reviews = 0
        let start = Stopwatch.now()
        try pool.bytes.withUnsafeBytes { all in
            for i in 0..<context.events {
                let range = pool.ranges[i % pool.ranges.count]
                let event = try LogCodec.decode(UnsafeRawBufferPointer(rebasing: all[range]), position: UInt64(i + 1))
                if case .reviewGraded = event.event { reviews &+= 1 }
                blackHole(event)
            }
        }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(reviews)
        return Sample(events: context.events, seconds: seconds)
    },
    Workload(name: "decode.json", summary: "decode JSON Lines of the event mix (export format)",
             defaultEvents: 200_000, quickEvents: 5_000) { context in
        let events = try EventMix.events(count: min(context.events, 20_000))
        let codec = EventJSONCodec()
        let lines = try events.map { try codec.encode($0) }
        let start = Stopwatch.now()
        for i in 0..<context.events { blackHole(try codec.decode(lines[i % lines.count])) }
        return Sample(events: context.events, seconds: Stopwatch.seconds(since: start))
    },
]

/// The encoded pool the decode workloads cycle through.
enum CodecPool {
    /// Distinct events in a pool: enough to defeat caches of a few records, small enough to build fast.
    static let size = 200_000

    /// `count` events of the mix encoded back to back, with the byte range of each.
    static func logPayloads(count: Int) throws -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for event in try EventMix.events(count: count) {
            let start = bytes.count
            LogCodec.encode(event, into: &bytes)
            ranges.append(start..<bytes.count)
        }
        return (bytes, ranges)
    }
}
