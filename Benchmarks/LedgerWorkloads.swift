import Foundation
import Hindsight
import Events
import SeededRandom

/// The idempotency index's size and speed (issue 21 item 4: at most 10 MB per 1M events): one
/// random event id noted per event, then one lookup of each and of as many ids not noted. Prints
/// the index's bytes in memory and in its snapshot, per million events.
let ledgerWorkloads: [Workload] = [
    Workload(name: "ledger.ids",
             summary: "event id index: note n ids, look up n present and n absent (memory and snapshot MB per 1M printed)",
             defaultEvents: 1_000_000, quickEvents: 20_000) { context in
        var random = SplitMix64(seed: 21)
        func id() -> EventID { EventID(random.bytes(16).withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }) }
        let logged = (0..<context.events).map { _ in id() }
        let absent = (0..<context.events).map { _ in id() }
        let start = Stopwatch.now()
        var index = EventIDIndex()
        for (offset, id) in logged.enumerated() { index.insert(id, at: UInt64(offset + 1)) }
        var found = 0
        var confirmations = 0
        let idAt = { (position: UInt64) -> EventID? in confirmations += 1; return logged[Int(position - 1)] }
        for id in logged where index.position(of: id, confirmingWith: idAt) != nil { found += 1 }
        for id in absent where index.position(of: id, confirmingWith: idAt) != nil { found += 1 }
        let seconds = Stopwatch.seconds(since: start)
        guard found == logged.count else { throw ReplayBenchmarkError(message: "ledger.ids found \(found) of \(logged.count)") }
        let perMillion = 1e6 / Double(context.events) / 1e6
        FileHandle.standardError.write(Data(String(format: "ledger.ids: %d events: index %.2f MB in memory (%.2f MB per 1M), snapshot %.2f MB per 1M; %d log confirmations\n",
                                                   context.events, Double(index.memoryBytes) / 1e6, Double(index.memoryBytes) * perMillion,
                                                   Double(index.allPacked.count * 8) * perMillion, confirmations).utf8))
        return Sample(events: context.events * 3, seconds: seconds)
    },
]
