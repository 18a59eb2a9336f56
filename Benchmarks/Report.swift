import Foundation

/// Prints results as a table and writes them as JSON.
enum Report {
    /// The terminal table: one row per workload.
    static func table(_ results: [WorkloadResult]) -> String {
        let header = ["workload", "events", "seconds", "events/s", "best/s", "p50 µs", "p99 µs", "peak RSS"]
        var rows = [header]
        for r in results {
            rows.append([
                r.name, String(r.events), String(format: "%.4f", r.seconds),
                formatRate(r.eventsPerSecond), formatRate(r.bestEventsPerSecond),
                r.p50Micros.map { String(format: "%.1f", $0) } ?? "-",
                r.p99Micros.map { String(format: "%.1f", $0) } ?? "-",
                r.peakRSSBytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "-",
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                column == 0 ? row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
                            : String(repeating: " ", count: widths[column] - row[column].count) + row[column]
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// The fastest ``SpeedProbe`` of the whole process: full speed, as far as it knows (when
    /// the machine never ran at full speed, every run looks as if it did). Nil when no
    /// workload probed.
    static func fastestProbe(_ results: [WorkloadResult]) -> Double? {
        results.compactMap(\.fastestProbeSeconds).filter { $0 > 0 }.min()
    }

    /// One line per workload that probed the machine's speed (see ``SpeedProbe``): each run's
    /// slowdown against ``fastestProbe(_:)``, how many runs had the machine at full speed, and
    /// the median of those runs. Empty when no workload probed.
    static func machineSpeed(_ results: [WorkloadResult]) -> String {
        guard let fastest = fastestProbe(results) else { return "" }
        let lines = results.filter { !$0.runProbeSeconds.isEmpty }.map { r -> String in
            let slowdowns = r.probeSlowdowns(against: fastest).map { String(format: "%.2f", $0) }.joined(separator: " ")
            let full = r.fullSpeedRunSeconds(against: fastest).count
            let median = r.fullSpeedEventsPerSecond(against: fastest).map { ", their median \(formatRate($0))/s" } ?? ""
            return "  \(r.name): slowdown per run \(slowdowns); \(full) of \(r.runSeconds.count) at full speed\(median)"
        }
        let threshold = String(format: "%.2f", WorkloadResult.fullSpeedSlowdown)
        return (["core speed (an integer loop before and after each run, against the fastest probe of this process; "
                 + "full speed: at most \(threshold)):"] + lines).joined(separator: "\n")
    }

    static func formatRate(_ rate: Double) -> String {
        switch rate {
        case 1e6...: return String(format: "%.2fM", rate / 1e6)
        case 1e3...: return String(format: "%.1fk", rate / 1e3)
        default: return String(format: "%.1f", rate)
        }
    }

    /// The JSON document: `{"quick": Bool, "fastest_probe_seconds"?, "workloads": [ {name, events, seconds,
    /// events_per_second, best_events_per_second, run_seconds, p50_us?, p99_us?, peak_rss_bytes?,
    /// probe_slowdowns?, full_speed_events_per_second?} ] }`, keys in that fixed order (`seconds`
    /// is the median run's; `run_seconds` lists every run; the last two, for workloads that
    /// probe the machine's speed, as ``machineSpeed(_:)`` prints them, the rate null when no run
    /// was at full speed; `fastest_probe_seconds`, ``fastestProbe(_:)``, when one did, so that
    /// runs of separate processes can be set against the same speed).
    static func json(_ results: [WorkloadResult], quick: Bool) -> String {
        let fastest = fastestProbe(results)
        let objects = results.map { r -> String in
            var fields = [
                "\"name\": \"\(r.name)\"",
                "\"events\": \(r.events)",
                "\"seconds\": \(r.seconds)",
                "\"events_per_second\": \(r.eventsPerSecond.rounded())",
                "\"best_events_per_second\": \(r.bestEventsPerSecond.rounded())",
                "\"run_seconds\": [\(r.runSeconds.map { "\($0)" }.joined(separator: ", "))]",
            ]
            if let p50 = r.p50Micros { fields.append("\"p50_us\": \(p50)") }
            if let p99 = r.p99Micros { fields.append("\"p99_us\": \(p99)") }
            if let peak = r.peakRSSBytes { fields.append("\"peak_rss_bytes\": \(peak)") }
            if let fastest, !r.runProbeSeconds.isEmpty {
                let slowdowns = r.probeSlowdowns(against: fastest).map { "\($0)" }.joined(separator: ", ")
                let rate = r.fullSpeedEventsPerSecond(against: fastest).map { "\($0.rounded())" } ?? "null"
                fields.append("\"probe_slowdowns\": [\(slowdowns)]")
                fields.append("\"full_speed_events_per_second\": \(rate)")
            }
            return "    {" + fields.joined(separator: ", ") + "}"
        }
        let probe = fastest.map { "  \"fastest_probe_seconds\": \($0),\n" } ?? ""
        return "{\n  \"quick\": \(quick),\n" + probe + "  \"workloads\": [\n" + objects.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
