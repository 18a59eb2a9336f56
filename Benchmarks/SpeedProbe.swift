/// How fast the machine runs right now: a fixed integer loop that touches no memory, and a
/// chase through a random cycle of pointers, both timed.
///
/// Why: on a shared virtual machine the same binary runs at several speeds, switching every
/// few seconds: the core itself runs slower at times (the integer loop takes 1.6 to 3 ms), and
/// at times the shared caches and memory answer slower (the chase), which the replay, bound by
/// cache misses, feels the most. Timing both right before and right after a measured section
/// tells which runs had the machine at full speed: the harness compares each probe with the
/// fastest of the process (see ``Harness``).
enum SpeedProbe {
    /// Steps of the integer loop: about 2 ms at full speed.
    static let steps = 1_000_000
    /// Elements of the chased cycle: 8 MiB of 32-bit links, more than a core's own caches
    /// (so the chase waits on the shared cache, or on memory when neighbours crowd it out)
    /// and little enough that keeping it for the process's life hardly shows in peak memory.
    static let cycleLength = 1 << 21
    /// Links followed per chase: a few milliseconds.
    static let chaseSteps = 40_000

    /// Seconds of the fastest of three runs of the integer loop plus the fastest of three
    /// chases (the fastest, so that a stray interrupt does not count as a slow machine).
    static func seconds() -> Double {
        var loop = Double.infinity, chase = Double.infinity
        for _ in 0..<3 {
            var start = Stopwatch.now()
            var sum = 0
            for step in 0..<steps { sum &+= step; blackHole(sum) }
            loop = min(loop, Stopwatch.seconds(since: start))

            start = Stopwatch.now()
            var link: UInt32 = 0
            cycle.withUnsafeBufferPointer { links in
                for _ in 0..<chaseSteps { link = links[Int(link)] }
            }
            blackHole(link)
            chase = min(chase, Stopwatch.seconds(since: start))
        }
        return loop + chase
    }

    /// Runs `work` between two probes and returns its result with the probes' seconds
    /// (before, after).
    /// - Throws: what `work` throws.
    static func bracket<T>(_ work: () async throws -> T) async rethrows -> (T, probes: [Double]) {
        let before = seconds()
        let result = try await work()
        return (result, [before, seconds()])
    }

    /// One cycle through all ``cycleLength`` elements in a seeded random order (Sattolo's
    /// shuffle), so that each link's target is unknown until the link before it is read and
    /// the hardware prefetchers cannot guess it. Built once, on first use.
    private static let cycle: [UInt32] = {
        var links = Array(0..<UInt32(cycleLength))
        var random = EventMix.Random(state: 1)
        for index in stride(from: cycleLength - 1, to: 0, by: -1) {
            links.swapAt(index, Int(random.next() % UInt64(index)))
        }
        return links
    }()
}
