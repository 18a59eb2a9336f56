import Foundation
import Testing

/// The README's example of an app's read model is this target's `WordsLearnedPerWeek.swift`,
/// byte for byte: the example compiles and its tests run, so the README cannot drift from code
/// that works.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeShowsTheExampleThatCompiles() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: here.deletingLastPathComponent().appendingPathComponent("WordsLearnedPerWeek.swift"),
                                encoding: .utf8)
        let marker = "<!-- example: Tests/AppReadModelTests/WordsLearnedPerWeek.swift -->\n```swift\n"
        let start = try #require(readme.range(of: marker), "README.md has no block marked \(marker)")
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == source,
                "the README's example differs from WordsLearnedPerWeek.swift: copy the file into the README")
    }
}
