import Foundation

/// Finds the executables that `swift build` / `swift test` built beside the test bundle,
/// so end-to-end tests run the real binaries.
public enum BuiltProducts {
    /// The directory holding the build's products (the test bundle's own directory).
    public static var directory: URL {
        // The test runner is the package's test binary inside the products directory
        // (`.build/<triple>/debug/HindsightPackageTests.xctest`, on Darwin a bundle whose
        // executable lies deeper); walk up until the products' directory is found.
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<6 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("hindsight").path) {
                return url
            }
        }
        // Fallback: the conventional .build/debug of the package this file is in.
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug")
    }

    /// The URL of the built executable `name` (e.g. "hindsight").
    public static func executable(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }
}
