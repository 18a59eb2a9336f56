import Foundation
import Hindsight
import Testing
import TestSupport
@testable import HindsightCLI

/// The CLI's shared formatters, each the one home of its rule: local time with its offset,
/// minutes studied, counts and articles, and the order of profiles.
@Suite struct ViewFormattingTests {
    @Test(arguments: [
        // (ms since the epoch, offset in minutes, text, JSON)
        (Int64(0), 0, "1970-01-01 00:00 +00:00", "1970-01-01T00:00:00+00:00"),
        (1_772_389_800_000, 60, "2026-03-01 19:30 +01:00", "2026-03-01T19:30:00+01:00"),
        (1_772_389_800_000, -300, "2026-03-01 13:30 -05:00", "2026-03-01T13:30:00-05:00"),
        (1_772_389_800_000, 330, "2026-03-02 00:00 +05:30", "2026-03-02T00:00:00+05:30"),
        (1_772_389_859_999, 0, "2026-03-01 18:30 +00:00", "2026-03-01T18:30:59+00:00"),
        (951_782_400_000, 0, "2000-02-29 00:00 +00:00", "2000-02-29T00:00:00+00:00"),
        (4_107_542_399_000, 0, "2100-02-28 23:59 +00:00", "2100-02-28T23:59:59+00:00"),
        (253_402_300_799_999, 0, "9999-12-31 23:59 +00:00", "9999-12-31T23:59:59+00:00"),
        (-1, 0, "1969-12-31 23:59 +00:00", "1969-12-31T23:59:59+00:00"),
        (0, -60, "1969-12-31 23:00 -01:00", "1969-12-31T23:00:00-01:00"),
    ])
    func localTimeWithItsOffset(milliseconds: Int64, offsetMinutes: Int, text: String, json: String) throws {
        let offset = try UTCOffset(seconds: offsetMinutes * 60)
        #expect(LocalTimeText.minute(Timestamp(milliseconds: milliseconds), offset: offset) == text)
        #expect(LocalTimeText.iso(Timestamp(milliseconds: milliseconds), offset: offset) == json)
    }

    /// The date of every day number from 1900 to 2100 agrees with Foundation's Gregorian calendar.
    @Test func datesAgreeWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for day in stride(from: Int64(-25_567), through: 47_482, by: 1) {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
            let expected = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            if LocalTimeText.date(ofLocalDay: day) != expected {
                Issue.record("day \(day): \(LocalTimeText.date(ofLocalDay: day)), expected \(expected)")
                return
            }
        }
    }

    @Test(arguments: [
        (Int64(0), "0.0"), (999, "0.0"), (2_999, "0.0"), (3_000, "0.1"), (20_000, "0.3"), (42_000, "0.7"),
        (56_999, "0.9"), (57_000, "1.0"), (60_000, "1.0"), (90_000, "1.5"), (3_600_000, "60.0"), (5_432_100, "90.5"),
    ])
    func minutesWithOneDecimal(milliseconds: Int64, text: String) {
        #expect(MinutesText.minutes(milliseconds: milliseconds) == text)
    }

    @Test(arguments: [
        (0, "day", nil, "0 days"), (1, "day", nil, "1 day"), (2, "day", nil, "2 days"),
        (1, "story", "stories", "1 story"), (3, "story", "stories", "3 stories"), (-1, "day", nil, "-1 days"),
    ] as [(Int, String, String?, String)])
    func countsTakeTheRightNumber(count: Int, singular: String, plural: String?, text: String) {
        #expect(EnglishText.count(count, singular, plural: plural) == text)
    }

    @Test(arguments: [
        ("animals story", "an animals story"), ("ocean story", "an ocean story"), ("space story", "a space story"),
        ("friendship story", "a friendship story"), ("Eagle", "an Eagle"), ("", "a "),
    ])
    func theArticleFitsTheWord(phrase: String, text: String) {
        #expect(EnglishText.withArticle(phrase) == text)
    }

    @Test(arguments: [
        ([("Sam", "2"), ("alex", "3"), ("Robin", "1")], ["alex", "Robin", "Sam"]),
        ([("Sam", "b"), ("Sam", "a"), ("sam", "c")], ["Sam a", "Sam b", "sam c"]),
        ([("Zoë", "1"), ("Anna", "9"), ("anna", "0")], ["Anna 9", "anna 0", "Zoë 1"]),
    ])
    func profilesByNameThenID(profiles: [(String, String)], order: [String]) {
        let sorted = ProfileOrder.sorted(profiles, name: \.0, id: \.1)
        let shown = sorted.map { name, id in order.contains(name) ? name : "\(name) \(id)" }
        #expect(shown == order)
    }

    /// The order is total: any shuffle of the same profiles sorts the same way.
    @Test(arguments: 0..<20)
    func profileOrderIgnoresTheInputOrder(seed: UInt64) {
        let profiles = [("b", "2"), ("B", "1"), ("a", "3"), ("b", "1"), ("A", "4"), ("c", "0")]
        var rng = SplitMix64(seed: seed)
        let shuffled = profiles.shuffled(using: &rng)
        #expect(ProfileOrder.sorted(shuffled, name: \.0, id: \.1).map { "\($0.0)\($0.1)" }
                == ProfileOrder.sorted(profiles, name: \.0, id: \.1).map { "\($0.0)\($0.1)" })
    }

    @Test(arguments: [
        (Double(Float(0.9)), 0.9), (0.92, 0.92), (Double(Float(0.85)), 0.85), (0.9, 0.9), (0.123456789012, 0.123456789012),
    ])
    func retentionAsGiven(stored: Double, shown: Double) {
        #expect(ProfilesCommand.shown(stored) == shown)
    }
}
