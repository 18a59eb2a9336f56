/// How fast the machine's core runs right now: a fixed integer loop that touches no memory,
/// timed.
///
/// Why: on a shared virtual machine the same binary runs at several speeds, switching every
/// few seconds; at times the core itself runs slower (the loop takes 1.6 to 3 ms instead of
/// 1.55). Timing the loop right before and right after a measured section tells which runs had
/// the core at full speed: the harness compares each probe with the fastest of the process
/// (see ``Harness``).
///
/// What it cannot see: how fast the shared cache and memory answer. An earlier probe also
/// chased 8 MiB of random links, and that chase measured mostly what the process itself had
/// just done: after a replay had pushed the links out of the caches, the same chase took 3 to
/// 5 ms against 1.5 ms before the first one, so every replay looked 2-3x slowed down while it
/// ran at its fastest (measured on the benchmark machine, the loop steady at 1.55 ms
/// throughout). Memory contention shows only in the spread of the runs themselves.
enum SpeedProbe {
    /// Steps of the integer loop: about 1.5 ms at full speed.
    static let steps = 1_000_000

    /// Seconds of the fastest of three runs of the integer loop (the fastest, so that a stray
    /// interrupt does not count as a slow machine).
    static func seconds() -> Double {
        var loop = Double.infinity
        for _ in 0..<3 {
            let start = Stopwatch.now()
            var sum = 0
            for step in 0..<steps { sum &+= step; blackHole(sum) }
            loop = min(loop, Stopwatch.seconds(since: start))
        }
        return loop
    }

    /// Runs `work` between two probes and returns its result with the probes' seconds
    /// (before, after).
    /// - Throws: what `work` throws.
    static func bracket<T>(_ work: () async throws -> T) async rethrows -> (T, probes: [Double]) {
        let before = seconds()
        let result = try await work()
        return (result, [before, seconds()])
    }
}
