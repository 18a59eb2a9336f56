// swift-tools-version:6.0
import PackageDescription

// Hindsight depends on no packages: the Swift toolchain only, plus our own small C targets
// for CPU instructions Swift does not expose: CRC32C, cache prefetch hints for the folds, and
// byte shuffles for UTF-8 validation. See ARCHITECTURE.md for the dependency direction:
// SystemSeam (the one owner of system calls) and Events depend on nothing of ours; FSRS only on
// SeededRandom (the optimizer's seeded batch shuffle);
// EventLog on SystemSeam; Projections on Events, FSRS and SystemSeam (for memory advice);
// Hindsight on all of them; the CLI and the benchmarks on Hindsight (and on EventLog and FSRS for
// the raw log and the scheduler, which `import Hindsight` does not re-export).

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Hindsight",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Hindsight", targets: ["Hindsight"]),
        .library(name: "EventLog", targets: ["EventLog"]),
        .library(name: "FSRS", targets: ["FSRS"]),
        .library(name: "Events", targets: ["Events"]),
        .library(name: "Projections", targets: ["Projections"]),
        .executable(name: "hindsight", targets: ["HindsightCLI"]),
        .executable(name: "hindsight-bench", targets: ["HindsightBenchmarks"]),
    ],
    targets: [
        // MARK: Modules
        .target(name: "CAllocator", path: "Sources/CAllocator"),
        .target(name: "CCRC32C", path: "Sources/CCRC32C"),
        .target(name: "CPrefetch", path: "Sources/CPrefetch"),
        .target(name: "CUTF8", path: "Sources/CUTF8"),
        // The one seeded generator (SplitMix64) that the tests, the CLI's demo and the benchmarks draw from.
        .target(name: "SeededRandom", path: "Sources/SeededRandom", swiftSettings: strict),
        // The one owner of system calls: the file system seam (log, snapshots, personal data)
        // and memory advice (huge pages for the read models' tables, the allocator's arenas).
        .target(name: "SystemSeam", dependencies: ["CAllocator"], path: "Sources/SystemSeam", swiftSettings: strict),
        .target(name: "EventLog", dependencies: ["CCRC32C", "SystemSeam"], path: "Sources/EventLog",
                exclude: ["FORMAT.md"], swiftSettings: strict),
        .target(name: "FSRS", dependencies: ["SeededRandom"], path: "Sources/FSRS", swiftSettings: strict),
        .target(name: "Events", dependencies: ["CUTF8"], path: "Events", exclude: ["FORMAT.md"], swiftSettings: strict),
        .target(name: "Projections", dependencies: ["Events", "FSRS", "CPrefetch", "SystemSeam"], path: "Projections",
                exclude: ["Snapshots/FORMAT.md"], swiftSettings: strict),
        .target(name: "Hindsight", dependencies: ["SystemSeam", "EventLog", "FSRS", "Events", "Projections"],
                path: "Sources/Hindsight", swiftSettings: strict),
        .executableTarget(name: "HindsightCLI", dependencies: ["Hindsight", "SystemSeam", "EventLog", "FSRS", "SeededRandom"],
                          path: "Sources/hindsight-cli", swiftSettings: strict),
        .executableTarget(name: "HindsightBenchmarks", dependencies: ["Hindsight", "SystemSeam", "EventLog", "FSRS", "SeededRandom"],
                          path: "Benchmarks", exclude: ["instructions.sh"], swiftSettings: strict),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["SeededRandom"], path: "Tests/TestSupport", swiftSettings: strict),
        // Fault injection and power-loss simulation behind EventLog's FileSystem seam; tests only.
        .target(name: "LogFaults", dependencies: ["SystemSeam", "EventLog", "TestSupport"], path: "Tests/LogFaults", swiftSettings: strict),
        .testTarget(name: "EventLogTests", dependencies: ["SystemSeam", "EventLog", "TestSupport", "LogFaults"], swiftSettings: strict),
        .testTarget(name: "EventsTests", dependencies: ["Events", "TestSupport"], exclude: ["Golden"],
                    swiftSettings: strict),
        .testTarget(name: "ProjectionsTests", dependencies: ["Projections", "Events", "TestSupport"],
                    swiftSettings: strict),
        .executableTarget(name: "EventLogCrashChild", dependencies: ["EventLog", "TestSupport"], path: "Tests/EventLogCrashChild",
                          swiftSettings: strict),
        .executableTarget(name: "StoreStressChild", dependencies: ["Hindsight", "Projections", "TestSupport"], path: "Tests/StoreStressChild",
                          swiftSettings: strict),
        .testTarget(name: "HindsightTests", dependencies: ["Hindsight", "SystemSeam", "EventLog", "FSRS", "TestSupport", "LogFaults"], swiftSettings: strict),
        // An app's own read model, in a target that imports only Hindsight (the README's example).
        .testTarget(name: "AppReadModelTests", dependencies: ["Hindsight"], swiftSettings: strict),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "Hindsight", "FSRS", "HindsightCLI"], swiftSettings: strict),
        .testTarget(name: "FSRSTests", dependencies: ["FSRS", "TestSupport"], swiftSettings: strict),
    ]
)
