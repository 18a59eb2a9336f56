import Events
import Foundation
import Testing

/// Every released encoding still decodes: the files in `Golden/v1` decode to the values written
/// in ``GoldenSamplesV1`` (and the legacy review below), and encoding those values gives the
/// files' bytes again. Renaming a field or changing its type breaks these tests.
@Suite struct GoldenFileTests {
    @Test func everyEventTypeHasASample() throws {
        let stems = Set(try GoldenSamplesV1.all().map(\.stem))
        for kind in EventKind.allCases {
            #expect(stems.contains("\(kind.typeName).v\(kind.schemaVersion)"), "no golden sample for \(kind.typeName)")
        }
    }

    @Test(arguments: EventKind.allCases.indices)
    func logGoldenFileDecodesToTheSample(index: Int) throws {
        let (stem, expected) = try GoldenSamplesV1.all()[index]
        let bytes = try Self.golden(stem + ".bin", writing: LogCodec.encode(expected))
        let decoded = try LogCodec.decode(bytes, position: expected.position)
        #expect(decoded == expected, "\(stem).bin")
        #expect(LogCodec.encode(expected) == bytes, "\(stem): the log encoding of the sample no longer matches its golden file")
    }

    @Test(arguments: EventKind.allCases.indices)
    func jsonGoldenFileDecodesToTheSample(index: Int) throws {
        let (stem, expected) = try GoldenSamplesV1.all()[index]
        let codec = EventJSONCodec()
        let bytes = try Self.golden(stem + ".json", writing: Array(try codec.encode(expected)))
        #expect(try codec.decode(Data(bytes)) == expected, "\(stem).json")
        #expect(Array(try codec.encode(expected)) == bytes, "\(stem): the JSON of the sample no longer matches its golden file")
    }

    /// A review written by schema version 1 (before review modes): read back as version 2 with
    /// the documented default `mode = .scheduled`.
    static func legacyReview() throws -> (v1: RecordedEvent, current: RecordedEvent) {
        let v1 = ReviewGradedV1(card: CardID(fixedUUID(90)), rating: .easy, duration: try ElapsedTime(milliseconds: 2750))
        let stored = try envelope(41, .unknown(UnknownEvent(typeName: ReviewGradedV1.typeName, schemaVersion: 1, payload: v1.logBody)))
        let current = try envelope(41, .reviewGraded(v1.upcastToCurrent()))
        return (stored, current)
    }

    @Test func legacyReviewGoldenFilesDecodeUpcast() throws {
        let (stored, current) = try Self.legacyReview()
        let bin = try Self.golden("vocabulary.review-graded.v1.bin", writing: LogCodec.encode(stored))
        let decoded = try LogCodec.decode(bin, position: stored.position)
        #expect(decoded == current)
        guard case .reviewGraded(let review) = decoded.event else { Issue.record("not a review"); return }
        #expect(review.mode == .scheduled && review.rating == .easy && review.duration.milliseconds == 2750)

        let json = try Self.golden("vocabulary.review-graded.v1.json", writing: Array(try UpcastTests.v1JSON(of: current)))
        #expect(try EventJSONCodec().decode(Data(json)) == current)
    }

    /// The bytes of golden file `name`; with HINDSIGHT_WRITE_GOLDEN=1 a missing file is written
    /// from `fresh` first. Existing files are never rewritten.
    static func golden(_ name: String, writing fresh: @autoclosure () throws -> [UInt8]) throws -> [UInt8] {
        let url = GoldenFiles.directoryV1.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: url.path) {
            guard GoldenFiles.writeMissing else {
                throw GoldenFileMissing(name: name)
            }
            try FileManager.default.createDirectory(at: GoldenFiles.directoryV1, withIntermediateDirectories: true)
            try Data(try fresh()).write(to: url)
        }
        return Array(try Data(contentsOf: url))
    }
}

/// A golden file that should exist does not.
struct GoldenFileMissing: Error, CustomStringConvertible {
    let name: String
    var description: String {
        "golden file \(name) is missing; run the tests once with HINDSIGHT_WRITE_GOLDEN=1 to create it (see Events/FORMAT.md)"
    }
}
