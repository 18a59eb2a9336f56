/// How fast the machine runs right now: a fixed integer loop that touches no memory, timed.
///
/// Why: on a shared virtual machine the same binary runs at two speeds, switching every few
/// seconds (this loop takes either about 20 ms or about 30 ms per ten million steps), so a
/// run's time says as much about the host as about our code. Timing this loop right before
/// and right after a measured section tells which runs had the machine at full speed: the
/// harness compares each probe with the fastest one of the workload (see ``Harness``).
enum SpeedProbe {
    /// Steps of one probe loop: about 2 ms at full speed.
    static let steps = 1_000_000

    /// Seconds of the fastest of three runs of the probe loop (the fastest, so that a stray
    /// interrupt does not count as a slow machine).
    static func seconds() -> Double {
        var fastest = Double.infinity
        for _ in 0..<3 {
            let start = Stopwatch.now()
            var sum = 0
            for step in 0..<steps { sum &+= step; blackHole(sum) }
            fastest = min(fastest, Stopwatch.seconds(since: start))
        }
        return fastest
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
