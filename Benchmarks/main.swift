import Foundation
import SystemSeam

// hindsight-bench: the one place where Hindsight's speed is measured. Release builds only:
//   swift run -c release hindsight-bench [WORKLOAD-OR-PREFIX ...] [--events N] [--quick]
//                                         [--repetitions N] [--json FILE] [--list]

let usage = """
    usage: hindsight-bench [WORKLOAD-OR-PREFIX ...] [--events N] [--quick] [--repetitions N] [--json FILE] [--list]
      WORKLOAD-OR-PREFIX  run the workload with this exact name, else those with this name prefix (default: all)
      --events N          work size of every selected workload (default: each workload's own)
      --quick             small sizes and one repetition, for CI
      --repetitions N     measured runs per workload; the median is reported (default 5)
      --json FILE         also write the results as JSON to FILE
      --list              list the workloads and exit
    """

// The allocator's policy the CLI sets at launch, so that peak memory is measured as users meet it.
MemoryAdvice.useOneAllocatorArena()

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

var selectors: [String] = []
var options = HarnessOptions(events: nil, quick: false, repetitions: 5)
var jsonPath: String?
var repetitionsGiven = false
var arguments = CommandLine.arguments.dropFirst()[...]
while let word = arguments.popFirst() {
    switch word {
    case "--events":
        guard let text = arguments.popFirst(), let n = Int(text), n > 0 else { fail("--events expects a positive integer") }
        options.events = n
    case "--repetitions":
        guard let text = arguments.popFirst(), let n = Int(text), n > 0 else { fail("--repetitions expects a positive integer") }
        options.repetitions = n
        repetitionsGiven = true
    case "--quick": options.quick = true
    case "--json":
        guard let path = arguments.popFirst() else { fail("--json expects a file path") }
        jsonPath = path
    case "--list":
        for w in allWorkloads { print(w.name.padding(toLength: 28, withPad: " ", startingAt: 0) + w.summary) }
        exit(0)
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        if word.hasPrefix("--") { fail("unknown option \(word)") }
        selectors.append(word)
    }
}
if options.quick && !repetitionsGiven { options.repetitions = 1 }

#if DEBUG
FileHandle.standardError.write(Data("warning: this is a debug build; figures mean nothing. Use swift run -c release hindsight-bench\n".utf8))
#endif

// A selector that names a workload exactly selects only that one (`replay.all` is not also
// `replay.all.parallel`); any other selector is a name prefix.
let exactNames = Set(allWorkloads.map(\.name))
let selected = selectors.isEmpty ? allWorkloads : allWorkloads.filter { w in
    selectors.contains { w.name == $0 || (!exactNames.contains($0) && w.name.hasPrefix($0)) }
}
if selected.isEmpty { fail("no workload matches \(selectors.joined(separator: ", ")); see --list") }

var results: [WorkloadResult] = []
for workload in selected {
    do {
        let result = try await Harness.run(workload, options: options)
        results.append(result)
        print(Report.table([result]).split(separator: "\n").last.map(String.init) ?? "")
    } catch {
        FileHandle.standardError.write(Data("error: workload \(workload.name) failed: \(error)\n".utf8))
        await KeptReplayLogs.shared.removeAll()
        exit(1)
    }
}
await KeptReplayLogs.shared.removeAll()
print("")
print(Report.table(results))
let speed = Report.machineSpeed(results)
if !speed.isEmpty { print("\n" + speed) }
if let jsonPath {
    do {
        try Data(Report.json(results, quick: options.quick).utf8).write(to: URL(fileURLWithPath: jsonPath))
    } catch {
        fail("cannot write \(jsonPath): \(error)")
    }
}
