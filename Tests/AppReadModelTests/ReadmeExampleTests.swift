import Foundation
import Testing

/// The README's examples are this target's files, byte for byte (an app's read model,
/// `WordsLearnedPerWeek.swift`; a view model following the store's changes, `DueBadge.swift`):
/// they compile and their tests run, so the README cannot drift from code that works.
@Suite struct ReadmeExampleTests {
    @Test(arguments: ["WordsLearnedPerWeek.swift", "DueBadge.swift"])
    func theReadmeShowsTheExampleThatCompiles(file: String) throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here.deletingLastPathComponent().appendingPathComponent(file),
                                encoding: .utf8)
        let marker = "<!-- example: Tests/AppReadModelTests/\(file) -->\n```swift\n"
        let start = try #require(readme.range(of: marker), "README.md has no block marked \(marker)")
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == source,
                "the README's example differs from \(file): copy the file into the README")
    }
}
