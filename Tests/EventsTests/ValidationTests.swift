import Events
import Foundation
import Testing

/// Values that can be wrong are refused at construction with an error naming the field.
@Suite struct ValidationTests {
    static func failure(_ make: () throws(EventValidationError) -> Void) -> EventValidationError? {
        do { try make(); return nil } catch { return error }
    }

    static let cases: [(String, EventValidationError.Code, String, @Sendable () throws(EventValidationError) -> Void)] = [
        ("rating 0", .outOfRange, "rating", { () throws(EventValidationError) in _ = try Rating(validating: 0) }),
        ("rating 7", .outOfRange, "rating", { () throws(EventValidationError) in _ = try Rating(validating: 7) }),
        ("negative duration", .outOfRange, "duration", { () throws(EventValidationError) in _ = try ElapsedTime(milliseconds: -1) }),
        ("NaN duration", .notFinite, "duration", { () throws(EventValidationError) in _ = try ElapsedTime(seconds: .nan) }),
        ("infinite duration", .notFinite, "duration", { () throws(EventValidationError) in _ = try ElapsedTime(seconds: .infinity) }),
        ("negative seconds", .outOfRange, "duration", { () throws(EventValidationError) in _ = try ElapsedTime(seconds: -0.5) }),
        ("hour 24", .outOfRange, "hour", { () throws(EventValidationError) in _ = try HourOfDay(24) }),
        ("hour -1", .outOfRange, "hour", { () throws(EventValidationError) in _ = try HourOfDay(-1) }),
        ("offset +18h01", .outOfRange, "utcOffset", { () throws(EventValidationError) in _ = try UTCOffset(seconds: 64_860) }),
        ("offset -19h", .outOfRange, "utcOffset", { () throws(EventValidationError) in _ = try UTCOffset(seconds: -68_400) }),
        ("page 0", .outOfRange, "page", { () throws(EventValidationError) in _ = try PageNumber(0) }),
        ("attempt 0", .outOfRange, "attempt", { () throws(EventValidationError) in _ = try AttemptNumber(0) }),
        ("age 0", .outOfRange, "childAge", { () throws(EventValidationError) in _ = try ChildAge(0) }),
        ("age 18", .outOfRange, "childAge", { () throws(EventValidationError) in _ = try ChildAge(18) }),
        ("empty word list", .empty, "words", { () throws(EventValidationError) in _ = try WordList([]) }),
        ("empty word", .empty, "words", { () throws(EventValidationError) in _ = try WordList(["cat", ""]) }),
        ("20 parameters", .wrongCount, "parameters", { () throws(EventValidationError) in _ = try SchedulerParameters(Array(repeating: 1, count: 20)) }),
        ("NaN parameter", .notFinite, "parameters", { () throws(EventValidationError) in _ = try SchedulerParameters(Array(repeating: .nan, count: 21)) }),
        ("retention 1", .outOfRange, "retention", { () throws(EventValidationError) in _ = try DesiredRetention(1) }),
        ("retention 0", .outOfRange, "retention", { () throws(EventValidationError) in _ = try DesiredRetention(0) }),
        ("retention NaN", .notFinite, "retention", { () throws(EventValidationError) in _ = try DesiredRetention(.nan) }),
        ("NaN setting", .notFinite, "value", { () throws(EventValidationError) in _ = try SettingValue.finite(.nan) }),
        ("empty setting key", .empty, "settingKey", { () throws(EventValidationError) in _ = try SettingKey("") }),
        ("setting key with space", .invalidCharacters, "settingKey", { () throws(EventValidationError) in _ = try SettingKey("new cards") }),
        ("empty credential", .empty, "credential", { () throws(EventValidationError) in _ = try CredentialReference("") }),
        ("long language", .outOfRange, "language", { () throws(EventValidationError) in _ = try LanguageTag(String(repeating: "x", count: 36)) }),
        ("empty category", .outOfRange, "stream.category", { () throws(EventValidationError) in _ = try StreamID(category: "", id: fixedUUID(0)) }),
        ("upper-case category", .invalidCharacters, "stream.category", { () throws(EventValidationError) in _ = try StreamID(category: "Card", id: fixedUUID(0)) }),
    ]

    @Test(arguments: 0..<cases.count)
    func badValuesAreRefusedWithTheirField(index: Int) throws {
        let (name, code, field, make) = Self.cases[index]
        let error = try #require(Self.failure(make), "\(name) was accepted")
        #expect(error.code == code, "\(name): \(error)")
        #expect(error.field == field, "\(name): \(error)")
        #expect(error.description.hasPrefix("invalid \(field)"))
    }

    @Test func messagesSayWhatIsAllowed() {
        #expect(Self.failure { () throws(EventValidationError) in _ = try Rating(validating: 7) }?.message
            == "rating 7 is not a grade; use 1 (again), 2 (hard), 3 (good) or 4 (easy)")
        #expect(Self.failure { () throws(EventValidationError) in _ = try HourOfDay(25) }?.message == "hour 25 is outside 0...23; use an hour from 0 to 23")
        #expect(Self.failure { () throws(EventValidationError) in _ = try SchedulerParameters([1, 2]) }?.message == "got 2 weights; FSRS-5 takes 19 and FSRS-6 takes 21")
    }

    @Test func boundaryValuesAreAccepted() throws {
        #expect(try Rating(validating: 1) == .again && Rating(validating: 4) == .easy)
        #expect(try UTCOffset(seconds: 64_800).seconds == 64_800 && UTCOffset(seconds: -64_800).seconds == -64_800)
        #expect(try HourOfDay(0).value == 0 && HourOfDay(23).value == 23)
        #expect(try ElapsedTime(seconds: 1.2345).milliseconds == 1235)
        #expect(try SchedulerParameters(Array(repeating: 0.5, count: 19)).weights.count == 19)
        #expect(try WordList(["é"]).words == ["é"])
    }
}
