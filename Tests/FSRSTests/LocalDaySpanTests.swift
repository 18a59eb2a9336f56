import Testing
import TestSupport
import FSRS

/// `LocalDay.span(ofDay:)` is the inverse of `LocalDay.number`: every instant of the span has the
/// day's number, the instants just outside it do not, and it starts where `LocalDay.start` says.
@Suite struct LocalDaySpanTests {
    @Test(arguments: 0..<200 as Range<UInt64>)
    func theSpanHoldsExactlyTheDaysInstants(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let time = Int64(bitPattern: rng.next() % (1 << 45)) - (1 << 44)
        let offset = Int(rng.next() % 1_681) - 840, cutoff = Int(rng.next() % 24)
        let day = LocalDay.number(timeMs: time, utcOffsetMinutes: offset, cutoffHour: cutoff)
        let span = try #require(LocalDay.span(ofDay: day, utcOffsetMinutes: offset, cutoffHour: cutoff))
        #expect(span.contains(time))
        #expect(span.lowerBound == LocalDay.start(ofDay: day, utcOffsetMinutes: offset, cutoffHour: cutoff))
        #expect(LocalDay.number(timeMs: span.lowerBound, utcOffsetMinutes: offset, cutoffHour: cutoff) == day)
        #expect(LocalDay.number(timeMs: span.upperBound - 1, utcOffsetMinutes: offset, cutoffHour: cutoff) == day)
        #expect(LocalDay.number(timeMs: span.upperBound, utcOffsetMinutes: offset, cutoffHour: cutoff) == day + 1)
    }

    @Test func daysAtTheEndsOfInt64HaveNoSpan() {
        let last = LocalDay.number(timeMs: .max, utcOffsetMinutes: 0, cutoffHour: 0)
        #expect(LocalDay.span(ofDay: last, utcOffsetMinutes: 0, cutoffHour: 0) == nil)
        #expect(LocalDay.span(ofDay: 0, utcOffsetMinutes: 0, cutoffHour: 25) == nil)
        #expect(LocalDay.span(ofDay: 0, utcOffsetMinutes: 60, cutoffHour: 4) == 10_800_000..<97_200_000)
    }
}
