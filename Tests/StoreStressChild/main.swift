import Foundation
import Hindsight

// The kill test's child (Tests/HindsightTests/Reliability/StoreKillTests.swift): a real process
// that holds a store until it is killed with SIGKILL.
//   StoreStressChild commands DIR SEED   several tasks send commands with group commit, forever
//   StoreStressChild import DIR FILE PROFILE   imports a revlog CSV as one batch
//   StoreStressChild hold DIR            opens the store and waits (a writer another process meets)
// Each acknowledged command prints `ack <command id>` once `send` has returned; an import prints
// `imported <added>`; `hold` prints `ready`. Every line is written with one write(2), so a kill
// never leaves a line half printed and nothing waits in a buffer.

let arguments = CommandLine.arguments
func fail(_ text: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data((text + "\n").utf8))
    exit(code)
}
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
let usage = "usage: StoreStressChild (commands DIR SEED | import DIR FILE PROFILE | hold DIR)"
guard arguments.count >= 3 else { fail(usage, code: 2) }
let directory = arguments[2]
// Fixed recording time, as the tests' stores use: the child's events are comparable across runs.
let options = StoreOptions(clock: { Timestamp(milliseconds: 1_800_000_000_000) }, durability: .groupCommit,
                           snapshots: .init(onClose: true, everyEvents: 40))

do {
    switch arguments[1] {
    case "commands":
        guard arguments.count == 4, let seed = UInt64(arguments[3]) else { fail(usage, code: 2) }
        let store = try await Store.open(directory: directory, options: options)
        try await StressWorkload.run(store, seed: seed, workers: StressWorkload.workers) { id in say("ack \(id.uuidString)") }
    case "import":
        guard arguments.count == 5, let profile = UUID(uuidString: arguments[4]) else { fail(usage, code: 2) }
        let text = try Store.importText(at: arguments[3])
        let store = try await Store.open(directory: directory, options: options)
        let result = try await store.importRevlog(text, options: RevlogImportOptions(profile: ProfileID(profile), deckName: "Imported"),
                                                  path: arguments[3])
        say("imported \(result.added)")
        try await store.close()
    case "hold":
        let store = try await Store.open(directory: directory, options: options)
        say("ready")
        while true { try await Task.sleep(for: .seconds(60)) }
        _ = store
    default:
        fail(usage, code: 2)
    }
} catch {
    fail("error: \(error)", code: 1)
}
