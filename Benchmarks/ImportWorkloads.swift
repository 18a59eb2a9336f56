import Foundation
import Hindsight
import FSRS

/// Import: a JSON Lines export of a store made by a revlog import (streamed from its file), and a generated revlog
/// CSV, each imported into a fresh store (parse and validate every line, stage the events in the
/// log, commit them as one atomic batch, fold into every read model). File generation is setup;
/// the timed section is the store's import call; the peak resident memory printed is the
/// import's (reset after the setup, where the OS allows).
let importWorkloads: [Workload] = [
    Workload(name: "import.jsonl", summary: "import a JSON Lines export (of a store made by a revlog import) into a fresh store",
             defaultEvents: 200_000, quickEvents: 5_000) { context in
        // The source store is made by the store's own revlog import, so every event of the file
        // is one the store admits (an import is checked as commands are): about 20 reviews a card.
        let data = context.scratchDirectory.path
        let source = try await ImportBench.openStore(data + "/source")
        let rows = context.events * 20 / 21
        _ = try await source.importRevlog(ImportBench.revlog(rows: rows), options: ImportBench.revlogOptions)
        let events = Int(await source.lastPosition())
        try await source.close()
        let file = data + "/export.jsonl"
        _ = try LogExporter(dataDirectory: data + "/source", personalData: .redact(salt: "bench")).exportJSONLines(to: file)
        let store = try await ImportBench.openStore(data + "/target")
        PeakMemory.reset()
        let start = Stopwatch.now()
        let result = try await store.importJSONLines(file: file)
        let seconds = Stopwatch.seconds(since: start)
        try await store.close()
        guard result.added == events else {
            throw ExportBenchError(description: "imported \(result.added) of \(events) events")
        }
        return Sample(events: events, seconds: seconds)
    },
    Workload(name: "import.revlog", summary: "import a revlog CSV (1 card per 20 rows) into a fresh store",
             defaultEvents: 200_000, quickEvents: 5_000) { context in
        let text = ImportBench.revlog(rows: context.events)
        let store = try await ImportBench.openStore(context.scratchDirectory.path + "/target")
        PeakMemory.reset()
        let start = Stopwatch.now()
        let result = try await store.importRevlog(text, options: ImportBench.revlogOptions)
        let seconds = Stopwatch.seconds(since: start)
        try await store.close()
        blackHole(result)
        return Sample(events: result.reviews, seconds: seconds)
    },
]

/// Setup helpers of the import workloads.
enum ImportBench {
    /// A store with buffered durability and snapshots only on close.
    static func openStore(_ directory: String) async throws -> Store {
        try await Store.open(directory: directory, options: StoreOptions(
            clock: { Timestamp(milliseconds: 1_800_000_000_000) }, durability: .buffered(flushInterval: .seconds(1)),
            snapshots: .init(onClose: false, everyEvents: nil)))
    }

    /// The options both workloads import their revlog with.
    static let revlogOptions = RevlogImportOptions(profile: ProfileID(UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))),
                                                   deckName: "bench")

    /// A revlog of `rows` answers: cards of 20 reviews each, a day or more apart, ratings cycling.
    static func revlog(rows: Int) -> String {
        var text = RevlogCSV.header + "\n"
        text.reserveCapacity(rows * 40)
        for row in 0..<rows {
            let card = row / 20, index = row % 20
            let time = 1_704_700_800_000 + Int64(card) * 60_000 + Int64(index * index + index) * 86_400_000
            text += "\(card),\(time),\(1 + (row * 7) % 4),\(index == 0 ? 0 : 2),\(1000 + row % 9000)\n"
        }
        return text
    }
}
