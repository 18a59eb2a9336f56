import Foundation
import Testing
@testable import HindsightCLI

/// The report's HTML and SVG writers in-process: exact escaping, locale-free numbers, and a
/// page whose hostile names stay text.
@Suite struct ReportRenderingTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
        ("Tom & \"Jerry\"", "Tom &amp; &quot;Jerry&quot;"),
        ("&amp;", "&amp;amp;"),
        ("Zoë 日本 🦊", "Zoë 日本 🦊"),
        ("", ""),
    ])
    func escapes(text: String, expected: String) {
        #expect(HTMLText.escape(text) == expected)
        #expect(ReportTableText.unescape(expected) == text)
    }

    @Test(arguments: [(0.0, "0.0"), (12.25, "12.3"), (-3.04, "-3.0"), (-0.36, "-0.4"), (1234.5, "1234.5"), (7, "7.0")])
    func numbers(value: Double, expected: String) {
        #expect(HTMLText.number(value) == expected)
    }

    @Test func percentages() {
        #expect(HTMLText.percent(0.875) == "87.5%")
        #expect(HTMLText.percent(nil) == "-")
    }

    @Test func svgEscapesTitlesAndLabels() {
        var writer = SVGWriter(width: 20, height: 10)
        writer.rect(x: 1, y: 2, width: 3, height: 4, fill: "#000", title: "a<b")
        writer.text("x&y", x: 5, y: 6)
        #expect(writer.svg(label: "\"q\"") == "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"&quot;q&quot;\" "
                + "viewBox=\"0 0 20.0 10.0\" width=\"20.0\" height=\"10.0\">"
                + "<rect x=\"1.0\" y=\"2.0\" width=\"3.0\" height=\"4.0\" fill=\"#000\"><title>a&lt;b</title></rect>"
                + "<text x=\"5.0\" y=\"6.0\" text-anchor=\"start\">x&amp;y</text></svg>")
    }

    @Test func tableCellsAreEscapedAndReadBack() throws {
        let table = ReportTable(id: "p-deck", caption: "<b>", columns: ["name", "n"], rows: [["</table><script>", "1"], ["a & b", "2"]])
        let html = table.html
        #expect(!html.contains("<script>"))
        #expect(try ReportTableText.rows(html, "p-deck") == [["</table><script>", "1"], ["a & b", "2"]])
    }

    /// Monday is 0: 1970-01-01 was a Thursday, 2026-03-02 a Monday, and days before 1970 too.
    @Test(arguments: [(Int64(0), 3), (20_514, 0), (20_513, 6), (-1, 2), (-7, 3)])
    func weekdays(day: Int64, expected: Int) {
        #expect(HeatmapSVG.weekday(day) == expected)
    }

    @Test func heatmapShadesByTheBusiestDay() {
        let svg = HeatmapSVG(days: [(20_514, 0), (20_515, 1), (20_516, 4)]).svg(label: "h")
        #expect(svg.components(separatedBy: "<rect ").count - 1 == 3)
        #expect(svg.contains("fill=\"#ebedf0\"><title>2026-03-02: 0 reviews</title>"))
        #expect(svg.contains("fill=\"#c6e48b\"><title>2026-03-03: 1 review</title>"))
        #expect(svg.contains("fill=\"#196127\"><title>2026-03-04: 4 reviews</title>"))
    }
}
