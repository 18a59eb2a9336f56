import Foundation
import Testing
import TestSupport
@testable import EventLog
import SystemSeam

/// The seam's directory listing reads each entry's name in place (a long log of small segments
/// once crashed the process: the listing copied every entry's whole declared name field, which
/// can run past the end of the OS's directory buffer).
@Suite struct DirectoryListingTests {
    @Test func aDirectoryOfManyEntriesOfEveryNameLengthListsExactly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var expected: Set<String> = []
        for n in 0..<4000 {
            let name = String(n) + "-" + String(repeating: "x", count: n % 200)
            #expect(FileManager.default.createFile(atPath: directory.path + "/" + name, contents: nil))
            expected.insert(name)
        }
        for _ in 0..<5 {
            #expect(Set(try FileSystem.posix.list(directory.path)) == expected)
        }
    }
}
