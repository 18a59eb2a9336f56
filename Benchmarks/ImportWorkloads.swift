import Foundation
import Hindsight
import FSRS

/// Import: a JSON Lines export of a store made by a revlog import, and a generated revlog CSV,
/// each streamed from its file into a fresh store (parse and validate every line, stage the
/// events in the log, commit them as one atomic batch, fold into every read model). File
/// generation is setup (written in pieces, never held whole); the timed section is the store's
/// import call; the peak resident memory printed is the import's (reset after the setup, where
/// the OS allows): the target is 100 MB at 5M events (`--events 5000000 --repetitions 1`).
/// Each run also prints (standard error) its peak, the resident memory at its start, and the
/// resident memory after the import with the store still open, freed pages handed back: what
/// the read models and the ledger hold of the imported history, which the import cannot shed.
let importWorkloads: [Workload] = [
    Workload(name: "import.jsonl", summary: "import a JSON Lines export (of a store made by a revlog import) into a fresh store",
             defaultEvents: 200_000, quickEvents: 5_000) { context in
        // The source store is made by the store's own revlog import, so every event of the file
        // is one the store admits (an import is checked as commands are): about 20 reviews a card.
        let data = context.scratchDirectory.path
        let (file, events) = try await ImportBench.export(rows: context.events * 20 / 21, in: data)
        let store = try await ImportBench.openStore(data + "/target")
        let (result, seconds) = try await ImportBench.measured("import.jsonl", events: events) {
            try await store.importJSONLines(file: file)
        }
        try await store.close()
        guard result.added == events else {
            throw ExportBenchError(description: "imported \(result.added) of \(events) events")
        }
        return Sample(events: events, seconds: seconds)
    },
    Workload(name: "import.revlog", summary: "import a revlog CSV (1 card per 20 rows) into a fresh store",
             defaultEvents: 200_000, quickEvents: 5_000) { context in
        let file = context.scratchDirectory.path + "/revlog.csv"
        try ImportBench.writeRevlog(rows: context.events, to: file)
        let store = try await ImportBench.openStore(context.scratchDirectory.path + "/target")
        let (result, seconds) = try await ImportBench.measured("import.revlog", events: context.events) {
            try await store.importRevlog(file: file, options: ImportBench.revlogOptions)
        }
        try await store.close()
        blackHole(result)
        return Sample(events: result.reviews, seconds: seconds)
    },
]

/// Setup helpers of the import workloads.
enum ImportBench {
    /// Runs `body` timed, from a fresh peak, and prints the peak, the resident memory at the
    /// start, and after `body` (freed pages handed back first): `name`, `events` label the line.
    static func measured<T>(_ name: String, events: Int, _ body: () async throws -> T) async throws -> (T, Double) {
        ResidentMemory.returnFreedMemory()
        PeakMemory.reset()
        let before = ResidentMemory.bytes()
        let start = Stopwatch.now()
        let result = try await body()
        let seconds = Stopwatch.seconds(since: start)
        let peak = PeakMemory.bytes()
        ResidentMemory.returnFreedMemory()
        let after = ResidentMemory.bytes()
        func mb(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MB", Double($0) / 1e6) } ?? "?" }
        FileHandle.standardError.write(Data(("\(name) \(events): \(String(format: "%.2f s", seconds)), peak RSS \(mb(peak)) "
            + "(at start \(mb(before)); after, the store open: \(mb(after)))\n").utf8))
        return (result, seconds)
    }

    /// A store with buffered durability and snapshots only on close.
    static func openStore(_ directory: String) async throws -> Store {
        try await Store.open(directory: directory, options: StoreOptions(
            clock: { Timestamp(milliseconds: 1_800_000_000_000) }, durability: .buffered(flushInterval: .seconds(1)),
            snapshots: .init(onClose: false, everyEvents: nil)))
    }

    /// The options both workloads import their revlog with.
    static let revlogOptions = RevlogImportOptions(profile: ProfileID(UUID(uuid: (1, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))),
                                                   deckName: "bench")

    /// Writes to `file` a revlog of `rows` answers: cards of 20 reviews each, a day or more
    /// apart, ratings cycling; 64 Ki rows at a time.
    static func writeRevlog(rows: Int, to file: String) throws {
        guard FileManager.default.createFile(atPath: file, contents: nil), let handle = FileHandle(forWritingAtPath: file) else {
            throw ExportBenchError(description: "cannot create \(file)")
        }
        defer { try? handle.close() }
        var text = RevlogCSV.header + "\n"
        for row in 0..<rows {
            let card = row / 20, index = row % 20
            let time = 1_704_700_800_000 + Int64(card) * 60_000 + Int64(index * index + index) * 86_400_000
            text += "\(card),\(time),\(1 + (row * 7) % 4),\(index == 0 ? 0 : 2),\(1000 + row % 9000)\n"
            if row & 0xFFFF == 0xFFFF {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// The JSON Lines export (its path, and its number of events) of a store made in `directory`
    /// by importing a revlog of `rows` rows; the source store is closed and released.
    static func export(rows: Int, in directory: String) async throws -> (file: String, events: Int) {
        let source = try await openStore(directory + "/source")
        try writeRevlog(rows: rows, to: directory + "/source.csv")
        _ = try await source.importRevlog(file: directory + "/source.csv", options: revlogOptions)
        let events = Int(await source.lastPosition())
        try await source.close()
        try FileManager.default.removeItem(atPath: directory + "/source.csv")
        let file = directory + "/export.jsonl"
        _ = try LogExporter(dataDirectory: directory + "/source", personalData: .redact(salt: "bench")).exportJSONLines(to: file)
        return (file, events)
    }
}
