import Foundation
import Testing
import TestSupport

/// The CLI's command-line handling, checked on the built binary.
@Suite struct CLIUsageTests {
    let cli = BuiltProducts.executable("hindsight")

    @Test func noArgumentsPrintsUsageAndExitsTwo() throws {
        let result = try ChildProcess.run(cli, [])
        #expect(result.status == 2)
        #expect(result.stdout.contains("usage: hindsight <command>"))
        #expect(result.stdout.contains("demo"))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try ChildProcess.run(cli, ["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'frobnicate'"))
    }

    @Test func unknownOptionIsRejectedNotIgnored() throws {
        let result = try ChildProcess.run(cli, ["demo", "--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option --bogus"))
        #expect(result.stderr.contains("usage: hindsight demo"))
    }

    @Test func optionWithoutValueIsAUsageError() throws {
        let result = try ChildProcess.run(cli, ["demo", "--data-dir"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("option --data-dir needs a value"))
    }

    @Test func helpOfACommandExitsZero() throws {
        let result = try ChildProcess.run(cli, ["demo", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--data-dir DIR"))
    }
}
