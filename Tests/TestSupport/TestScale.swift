import Foundation

/// How many cases the reliability tests run: a short form in the default `swift test`, and a
/// long form when `HINDSIGHT_LONG_TESTS=1` is set (see RELIABILITY.md for the command).
///
/// Every randomised reliability test (fault sweeps, power-loss simulations, kills, fuzzers)
/// takes its case count from here, so one variable switches the whole suite to the long form.
public enum TestScale {
    /// True when the environment asks for the long form (`HINDSIGHT_LONG_TESTS=1`).
    public static var isLong: Bool {
        ProcessInfo.processInfo.environment["HINDSIGHT_LONG_TESTS"] == "1"
    }

    /// `short` in the default run, `long` in the long form.
    public static func cases(short: Int, long: Int) -> Int {
        isLong ? long : short
    }

    /// Prints one line of figures for RELIABILITY.md (`reliability: <what>: <count>`), so a
    /// long run's output can be searched for them.
    public static func report(_ what: String, _ count: Int) {
        print("reliability: \(what): \(count)")
    }
}
