import Events
import Foundation
import Testing

/// Instants are integer milliseconds with exact conversions at the edges.
@Suite struct TimeTests {
    @Test(arguments: [
        (0.0, Int64(0)), (1.2345, 1234), (-0.0005, -1), (-1.5, -1500), (1_700_000_000.999, 1_700_000_000_999),
    ] as [(Double, Int64)])
    func datesRoundDownToTheMillisecond(seconds: Double, milliseconds: Int64) {
        #expect(Timestamp(Date(timeIntervalSince1970: seconds)).milliseconds == milliseconds)
    }

    @Test func farDatesClampAndMillisecondsConvertBack() {
        #expect(Timestamp(Date.distantFuture).milliseconds == 64_092_211_200_000)  // 4001-01-01
        #expect(Timestamp(Date(timeIntervalSince1970: 1e300)).milliseconds == .max)
        #expect(Timestamp(Date(timeIntervalSince1970: -1e300)).milliseconds == .min)
        #expect(Timestamp(milliseconds: 1_700_000_000_123).date == Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(Timestamp(milliseconds: 5) < Timestamp(milliseconds: 6))
    }

    @Test(arguments: [(0, "UTC+00:00"), (19_800, "UTC+05:30"), (-34_200, "UTC-09:30"), (64_800, "UTC+18:00"), (3_601, "UTC+01:00:01")])
    func offsetsDescribeThemselves(seconds: Int, text: String) throws {
        #expect(try UTCOffset(seconds: seconds).description == text)
    }

    @Test func aBadStreamCategoryInJSONIsAnInvalidValue() throws {
        let json = #"{"category":"Card!","id":"00000000-0000-4000-8000-000000000001"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StreamID.self, from: Data(json.utf8)) }
    }
}
