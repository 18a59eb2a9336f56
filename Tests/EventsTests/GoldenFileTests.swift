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

    /// Every earlier-version file (an event type's released version 1 before its version 2) is
    /// still the bytes that version wrote, and reads as the current version, upcast.
    @Test(arguments: try LegacyGoldenSamples.all())
    func legacyGoldenFilesDecodeUpcast(_ sample: LegacyGoldenSample) throws {
        let bin = try Self.golden(sample.stem + ".bin", writing: LogCodec.encode(sample.stored))
        #expect(bin == LogCodec.encode(sample.stored), "\(sample.stem): the earlier version's encoding changed")
        #expect(try LogCodec.decode(bin, position: sample.stored.position) == sample.current)
        let json = try Self.golden(sample.stem + ".json", writing: [])
        #expect(try EventJSONCodec().decode(Data(json)) == sample.current)
    }

    @Test func upcastDefaultsAreTheDocumentedOnes() throws {
        let samples = Dictionary(uniqueKeysWithValues: try LegacyGoldenSamples.all().map { ($0.stem, $0.current.event) })
        guard case .reviewGraded(let review) = samples["vocabulary.review-graded.v1"] else { Issue.record("review"); return }
        #expect(review.mode == .scheduled && review.rating == .easy && review.duration.milliseconds == 2750)
        guard case .storyGenerated(let story) = samples["stories.story-generated.v1"],
              case .illustrationGenerated(let image) = samples["stories.illustration-generated.v1"],
              case .parentalControlsChanged(let controls) = samples["stories.parental-controls-changed.v1"] else {
            Issue.record("stories"); return
        }
        #expect(story.model == nil && image.model == nil)
        guard case .externalServiceConfigured(let service) = samples["settings.external-service-configured.v1"] else { Issue.record("service"); return }
        #expect(service.endpoint == nil && service.model == nil && service.enabled)
        #expect(controls.setBy == nil && controls.dailyStoryLimit == 73007 && controls.themes.allowed?.count == 2)
        guard case .settingChanged(let setting) = samples["settings.setting-changed.v1"],
              case .settingUnset(let unset) = samples["settings.setting-unset.v1"],
              case .desiredRetentionChanged(let retention) = samples["settings.desired-retention-changed.v1"],
              case .dayCutoffChanged(let cutoff) = samples["settings.day-cutoff-changed.v1"] else { Issue.record("settings"); return }
        #expect(setting.setBy == nil && setting.value == .int(20) && unset.setBy == nil && unset.key.value == "vocabulary.new-cards-per-day")
        #expect(retention.setBy == nil && retention.retention.value == 0.875 && cutoff.setBy == nil && cutoff.hour.value == 4)
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
