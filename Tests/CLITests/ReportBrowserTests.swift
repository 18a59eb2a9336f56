import Foundation
import Testing
import TestSupport
@testable import HindsightCLI

/// The demo's report opened in headless Chromium (when one is installed): it loads with no
/// console error and every chart is drawn (an `<svg>` with shapes in the DOM the browser built).
@Suite struct ReportBrowserTests {
    /// The first of chromium, chromium-browser and google-chrome found on PATH.
    static let browser: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                return URL(fileURLWithPath: "\(directory)/\(name)")
            }
        }
        print("ReportBrowserTests skipped: no chromium, chromium-browser or google-chrome on PATH")
        return nil
    }()

    @Test(.enabled(if: browser != nil, "no chromium, chromium-browser or google-chrome on PATH"))
    func theDemoReportLoadsWithEveryChartDrawn() throws {
        let browser = try #require(Self.browser)
        let report = try DemoStore.path() + "/" + DemoCommand.reportName
        let profile = try TemporaryDirectory(prefix: "hindsight-chromium")
        defer { profile.remove() }
        let result = try ChildProcess.run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                    "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0",
                                                    "--dump-dom", "file://" + report])
        #expect(result.status == 0, "\(result.stderr)")
        let consoleErrors = result.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        #expect(consoleErrors.isEmpty, "\(consoleErrors)")
        let svgs = result.stdout.components(separatedBy: "<svg ").dropFirst()
        #expect(svgs.count == 3 * ReportPage.chartsPerProfile)
        for svg in svgs {
            let drawing = svg.components(separatedBy: "</svg>")[0]
            #expect(drawing.contains("<rect ") || drawing.contains("<line "), "an empty chart: \(drawing.prefix(200))")
        }
        #expect(result.stdout.contains("Hindsight report"))
    }
}
