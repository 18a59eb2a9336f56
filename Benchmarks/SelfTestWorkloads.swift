/// A workload that checks the harness itself: summing integers through the black hole.
/// Kept so that `--quick` always has something to run, even before the log workloads.
let selfTestWorkloads: [Workload] = [
    Workload(name: "harness.selftest", summary: "sum integers through the black hole",
             defaultEvents: 10_000_000, quickEvents: 100_000) { context in
        let start = Stopwatch.now()
        var sum = 0
        for i in 0..<context.events { sum &+= i; blackHole(sum) }
        blackHole(sum)
        return Sample(events: context.events, seconds: Stopwatch.seconds(since: start))
    },
]
