import Events
import Testing

/// A command's `Duration` becomes the whole milliseconds the log stores: rounded for a length of
/// zero or more, refused when negative (however short) or longer than a day, saturating rather
/// than overflowing.
@Suite struct ElapsedTimeInputTests {
    @Test(arguments: [
        (Duration.zero, Int64(0)),
        (.microseconds(499), 0),
        (.microseconds(500), 1),
        (.microseconds(1_499), 1),
        (.milliseconds(4_200), 4_200),
        (.seconds(1.5), 1_500),
        (.milliseconds(86_400_000), 86_400_000),
    ])
    func roundsToTheNearestMillisecond(duration: Duration, milliseconds: Int64) throws {
        #expect(try ElapsedTime(input: duration).milliseconds == milliseconds)
    }

    @Test(arguments: [Duration.nanoseconds(-1), .milliseconds(-5), .seconds(Int64.min)])
    func refusesANegativeLength(duration: Duration) {
        #expect {
            try ElapsedTime(input: duration)
        } throws: { error in
            guard let error = error as? EventValidationError else { return false }
            return error.code == .outOfRange && error.field == "duration" && error.message.contains("is negative")
        }
    }

    @Test(arguments: [Duration.milliseconds(86_400_001), .microseconds(86_400_000_500), .seconds(Int64.max)])
    func refusesMoreThanADay(duration: Duration) {
        #expect {
            try ElapsedTime(input: duration)
        } throws: { error in
            guard let error = error as? EventValidationError else { return false }
            return error.code == .outOfRange && error.field == "duration" && error.message.contains("longer than a day")
        }
    }

    @Test(arguments: [Int64(-5), 86_400_001])
    func refusesWithTheMillisecondInputsError(milliseconds: Int64) throws {
        var expected: EventValidationError?
        do { _ = try ElapsedTime(input: milliseconds) } catch { expected = error }
        let error = try #require(expected)
        #expect(throws: error) { try ElapsedTime(input: Duration.milliseconds(milliseconds)) }
    }
}
