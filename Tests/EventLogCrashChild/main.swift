import EventLog
import Foundation
import TestSupport

// The crash test's child: appends to the log in DIR until killed, printing the last
// position of each batch as soon as the append has returned (the record is durable).
//   EventLogCrashChild DIR SEED (single|group)
let arguments = CommandLine.arguments
guard arguments.count == 4, let seed = UInt64(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: EventLogCrashChild DIR SEED (single|group)\n".utf8))
    exit(2)
}
let directory = arguments[1]
let group = arguments[3] == "group"


func batch(_ random: inout SplitMix64) -> [[UInt8]] {
    (0..<Int(random.next() % 4 + 1)).map { _ in
        let length = Int(random.next() % 300)
        return (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
}

do {
    let options = LogOptions(durability: group ? .groupCommit : .fsyncEachAppend, segmentSize: 64 << 10,
                             preallocationSize: 16 << 10)
    let writer = try await LogWriter.open(directory: directory, options: options)
    try await withThrowingTaskGroup(of: Void.self) { tasks in
        for worker in 0..<(group ? 8 : 1) {
            tasks.addTask {
                var random = SplitMix64(seed: seed &+ UInt64(worker) &* 7919)
                while true {
                    let range = try await writer.append(contentsOf: batch(&random))
                    FileHandle.standardOutput.write(Data("\(range.upperBound)\n".utf8))
                }
            }
        }
        try await tasks.waitForAll()
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
