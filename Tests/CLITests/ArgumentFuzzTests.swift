import Foundation
import Testing
import TestSupport
@testable import HindsightCLI

/// Seeded random argument vectors fed to the CLI's parser in-process (no binary, no file):
/// known commands and options mixed with junk, repeated options, missing values, `--`, `=`
/// forms, replacement characters, NULs and very long words. The parser never crashes; it always
/// gives a command, a usage error with a message, help, or "unknown command" — the same on a
/// second parse of the same words.
@Suite struct ArgumentFuzzTests {
    static let environment = CLIEnvironment(
        currentDirectory: "/nonexistent/fuzz", variables: [:], now: Date(timeIntervalSince1970: 1_772_000_000),
        utcOffsetSeconds: 3600, newUUID: { UUID(uuidString: "5A17E000-0000-4000-8000-000000000000")! })

    /// The options each command's usage names, e.g. `--data-dir`.
    static let options: [[String]] = allCommands.map { command in
        let words = command.usage.split(whereSeparator: { !($0.isLetter || $0 == "-") }).map(String.init)
        return Array(Set(words.filter { $0.hasPrefix("--") && $0.count > 2 })).sorted()
    }

    static let values = [
        "", "-", "--", "0", "1", "-1", "7", "18446744073709551616", "9223372036854775807", "-9223372036854775808",
        "1e309", "nan", "0.9", "1.5", "fsrs6", "fsrs5", "jsonl", "csv", "revlog", "text", "2026-03-01T18:00:00Z",
        "2026-03-01T18:00:00+01:00", "2026-03-01", "9999-12-31T23:59:59-01:00", "0000-01-01T00:00:00Z",
        "1969-12-31T23:59:59Z", "10000-01-01T00:00:00Z", "2026-02-30T25:61:61Z", "10000000-0000-4000-8000-000000000001",
        "card/10000000-0000-4000-8000-000000000001", "card/", "/", "nope/10000000-0000-4000-8000-000000000001",
        "not-a-uuid", "\u{FFFD}\u{FFFD}", "a\0b", "é", "e\u{301}", "👩‍👩‍👧", "\u{202E}txt.exe", "file.csv", "file.jsonl",
        "-h", "--help", "=", "--=", "--data-dir=", "--limit=5", "--from=0", "--now=", "\n", " ", "\t--json",
    ]

    /// One random word: a known option (maybe in `=` form), a value, or junk.
    static func word(_ rng: inout SplitMix64, options: [String]) -> String {
        let option = options.isEmpty ? "--data-dir" : options[Int(rng.next() % UInt64(options.count))]
        let value = values[Int(rng.next() % UInt64(values.count))]
        switch rng.next() % 10 {
        case 0, 1, 2: return option
        case 3: return option + "=" + value
        case 4, 5, 6: return value
        case 7: return String(repeating: value.isEmpty ? "x" : value, count: Int(rng.next() % 5000) + 1)
        case 8: return "--" + String(decoding: rng.bytes(Int(rng.next() % 12)).map { $0 % 94 + 33 }, as: UTF8.self)
        default:
            let scalars = (0..<Int(rng.next() % 8)).compactMap { _ in Unicode.Scalar(UInt32(rng.next() % 0x11_0000)) }
            return String(String.UnicodeScalarView(scalars))
        }
    }

    /// A random vector: usually a known command's path, then up to 12 words.
    static func vector(_ rng: inout SplitMix64) -> [String] {
        var words: [String] = []
        var options: [String] = []
        if rng.next() % 10 != 0 {
            let index = Int(rng.next() % UInt64(allCommands.count))
            words = allCommands[index].path
            options = Self.options[index]
        }
        for _ in 0..<Int(rng.next() % 13) { words.append(word(&rng, options: options)) }
        return words
    }

    /// What a parse gave, comparable.
    static func outcome(_ parsed: ParsedCommandLine) -> String {
        switch parsed {
        case .generalHelp(let code): "help \(code.rawValue)"
        case .commandHelp(let command): "help \(command.path)"
        case .commandGroup(let words, let code): "group \(words) \(code.rawValue)"
        case .unknownCommand(let text, let suggestion): "unknown \(text)" + (suggestion.map { " (\($0)?)" } ?? "")
        case .usageError(let error, let command): "usage \(command.path): \(error.message)"
        case .command(let command): "command \(type(of: command).path)"
        }
    }

    @Test func randomArgumentVectorsParseOrGiveAUsageError() {
        let count = TestScale.cases(short: 4000, long: 1_000_000)
        var rng = SplitMix64(seed: 0x5EED_C11A)
        var tally: [String: Int] = [:]
        for _ in 0..<count {
            let words = Self.vector(&rng)
            let parsed = ParsedCommandLine.parse(words, environment: Self.environment)
            let outcome = Self.outcome(parsed)
            switch parsed {
            case .usageError(let error, let command):
                #expect(!error.message.isEmpty, "no message for \(words)")
                #expect(words.starts(with: command.path) || words.first?.hasPrefix("-") == true)
                tally["usage", default: 0] += 1
            case .command(let command):
                #expect(words.starts(with: type(of: command).path) || words.first?.hasPrefix("-") == true)
                tally["command", default: 0] += 1
            case .unknownCommand(let text, _):
                #expect(text == words.dropFirst(words.first == "help" ? 1 : 0).joined(separator: " "))
                tally["unknown", default: 0] += 1
            case .generalHelp, .commandHelp, .commandGroup:
                tally["help", default: 0] += 1
            }
            #expect(Self.outcome(ParsedCommandLine.parse(words, environment: Self.environment)) == outcome,
                    "a second parse of \(words) differs")
        }
        TestScale.report("cli argument fuzz cases", count)
        // The generator reaches every outcome, not only usage errors.
        for kind in ["usage", "command", "unknown", "help"] {
            #expect(tally[kind, default: 0] > count / 100, "\(kind): \(tally)")
        }
    }

    /// Every command that reads the system clock refuses one outside the event time range
    /// (it would record or query absurd times), before anything runs.
    @Test(arguments: [
        ["stats"], ["due"], ["demo"], ["import", "file.csv"], ["rebuild", "--parameters", "fsrs6"],
    ], [-1.0, 253_402_300_800.0])
    func aSystemClockOutsideTheRangeIsRefused(words: [String], secondsSince1970: Double) {
        var environment = Self.environment
        environment.now = Date(timeIntervalSince1970: secondsSince1970)
        let outcome = Self.outcome(ParsedCommandLine.parse(words, environment: environment))
        #expect(outcome.hasPrefix("usage \(words.prefix(1)): the system clock reads \(Int64(secondsSince1970 * 1000)) ms, outside 1970-01-01T00:00:00Z"),
                "\(outcome)")
    }

    /// Hand-picked vectors with the exact outcome.
    @Test(arguments: [
        (["tail", "--limit"], "usage [\"tail\"]: option --limit needs a value: --limit N"),
        (["tail", "--limit", "--json"], "usage [\"tail\"]: option --limit needs a value: --limit N"),
        (["tail", "--limit=3", "--limit", "4"], "usage [\"tail\"]: option --limit was given twice (3, then 4); give it once"),
        (["tail", "--", "--json"], "usage [\"tail\"]: unexpected argument: --json (after --, every word is positional)"),
        (["fsrs", "states", "revlog.csv"], "usage [\"fsrs\", \"states\"]: unexpected argument: revlog.csv; give the file with --revlog revlog.csv"),
        (["optimize", "r.csv", "--json"], "usage [\"optimize\"]: unexpected argument: r.csv; give the file with --revlog r.csv"),
        (["optimize", "--revlog", "a.csv", "b.csv"], "usage [\"optimize\"]: unexpected argument: b.csv"),
        (["optimize", "a.csv", "b.csv"], "usage [\"optimize\"]: unexpected arguments: a.csv b.csv"),
        (["stats", "extra"], "usage [\"stats\"]: unexpected argument: extra"),
        (["tail", "--limit=9223372036854775807"], "command [\"tail\"]"),
        (["tail", "--from", "18446744073709551615"], "command [\"tail\"]"),
        (["tail", "--from", "18446744073709551616"],
         "usage [\"tail\"]: option --from expects a log position, 1 or more, got '18446744073709551616'"),
        (["stats", "--now", "1969-12-31T23:59:59Z"],
         "usage [\"stats\"]: option --now got '1969-12-31T23:59:59Z', which is outside 1970-01-01T00:00:00Z … 9999-12-31T23:59:59.999Z (0 … 253402300799999 ms since 1970); give a time in that range"),
        (["--data-dir", "/d", "verify", "--json"], "command [\"verify\"]"),
        (["--json", "--", "verify"], "unknown --json -- verify"),
        (["fsrs"], "group [\"fsrs\"] 2"),
        (["fsrs", "--help"], "group [\"fsrs\"] 0"),
        (["fsrs", "stats"], "unknown fsrs stats (fsrs states?)"),
        (["help", "export"], "help [\"export\"]"),
        (["exprot", "--json"], "unknown exprot --json (export?)"),
        ([], "help 2"),
        (["verify", "-h"], "help [\"verify\"]"),
    ])
    func knownVectors(words: [String], outcome: String) {
        #expect(Self.outcome(ParsedCommandLine.parse(words, environment: Self.environment)) == outcome)
    }
}
