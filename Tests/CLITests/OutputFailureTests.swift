import Foundation
import Testing
import TestSupport

/// Defect 6: a standard output that is closed, full or a pipe nobody reads is an error the CLI
/// reports (exit 1, a message on stderr), never a crash (SIGILL) or a kill (SIGPIPE); an export to
/// a full device fails, and nothing is written where it should not be.
@Suite struct OutputFailureTests {
    let cli = BuiltProducts.executable("hindsight")

    static let commands: [[String]] = [
        ["stats", "--now", "2026-02-27T20:00:00+01:00"],
        ["due", "--now", "2026-02-27T20:00:00+01:00"],
        ["tail", "--limit", "3"],
        ["tail"],
        ["verify"],
        ["export", "--format", "jsonl", "--output", "out.jsonl"],
        ["--help"],
    ]

    /// `>&-`: refused before anything runs, so no file the command opens can take descriptor 1.
    @Test(arguments: commands)
    func aClosedStandardOutputIsAnError(arguments: [String]) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let before = try DirectoryTree.snapshot(dir.url)
        let store = arguments == ["--help"] ? [] : ["--data-dir", dir.appending("store").path]
        let result = try CLIProcess.run(arguments + store, redirection: ">&-", in: dir.url)
        #expect(!result.signalled, "killed by signal \(result.status)")
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot write to standard output: Bad file descriptor; standard output is closed"),
                "\(result.stderr)")
        #expect(try DirectoryTree.snapshot(dir.url) == before)
    }

    @Test(arguments: [
        ["stats", "--now", "2026-02-27T20:00:00+01:00"],
        ["due", "--now", "2026-02-27T20:00:00+01:00"],
        ["tail", "--limit", "3"],
        ["verify"],
    ])
    func aFullStandardOutputIsAnError(arguments: [String]) throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else {
            print("skipped: /dev/full does not exist on this system")
            return
        }
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try CLIProcess.run(arguments + ["--data-dir", dir.appending("store").path], redirection: "> /dev/full")
        #expect(!result.signalled, "killed by signal \(result.status)")
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot write to standard output: No space left on device; the disk is full"),
                "\(result.stderr)")
    }

    @Test(arguments: [
        ["stats", "--now", "2026-02-27T20:00:00+01:00"],
        ["tail", "--limit", "3"],
    ])
    func aPipeWithoutReaderIsAnErrorNotAKill(arguments: [String]) throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try CLIProcess.runIntoBrokenPipe(arguments + ["--data-dir", dir.appending("store").path])
        #expect(!result.signalled, "killed by signal \(result.status)")
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot write to standard output: Broken pipe"), "\(result.stderr)")
    }

    /// `export --output /dev/full` reported success (and, as root, renamed its partial file over
    /// the device): every write and the close are checked, and a device is written in place.
    @Test(arguments: ["jsonl", "revlog"])
    func anExportToAFullDeviceFails(format: String) throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else {
            print("skipped: /dev/full does not exist on this system")
            return
        }
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["export", "--format", format, "--output", "/dev/full"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("writing the export failed: No space left on device"), "\(result.stderr)")
        #expect(!result.stdout.contains("exported"))
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial, "/dev/full was replaced")
        #expect(!FileManager.default.fileExists(atPath: "/dev/full.partial"))
    }

    /// A device that takes the bytes (`/dev/null`) is written in place, and the export succeeds.
    @Test func anExportToADeviceIsWrittenInPlace() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["export", "--format", "jsonl", "--output", "/dev/null"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "exported 9 events of 9 to /dev/null\n")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    /// An output path that is a symbolic link is written through (the link stays a link, the file
    /// it leads to gets the export, replacing what it held), never replaced by a rename.
    @Test func anExportThroughASymbolicLinkKeepsTheLink() throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let target = dir.appending("target.jsonl").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data(repeating: 0x41, count: 100_000)))
        try FileManager.default.createSymbolicLink(atPath: dir.appending("link.jsonl").path, withDestinationPath: target)
        let result = try SmallStore.run(cli, ["export", "--format", "jsonl", "--output", "link.jsonl"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appending("link.jsonl").path) == target)
        let lines = try String(contentsOfFile: target, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 10 && lines.last == "" && lines.dropLast().allSatisfy { $0.hasPrefix("{") })
        #expect(!FileManager.default.fileExists(atPath: dir.appending("link.jsonl.partial").path))
    }

    /// `--output /dev/stdout` writes the export to standard output, like `--output -`: only the
    /// events, the summary line on standard error (a reader of the JSON Lines gets nothing else).
    @Test func anExportToStandardOutput() throws {
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout")) != nil else {
            print("skipped: /dev/stdout is not a symbolic link on this system")
            return
        }
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let result = try SmallStore.run(cli, ["export", "--format", "jsonl", "--output", "/dev/stdout"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"eventId\":") })
        #expect(result.stderr == "exported 9 events of 9 to standard output\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: "/dev/stdout")) != nil, "/dev/stdout was replaced")
    }

    /// A closed standard input does not matter to commands that do not read it.
    @Test func aClosedStandardInputIsFine() throws {
        let dir = try SmallStore.make(cli)
        defer { dir.remove() }
        let result = try CLIProcess.run(["tail", "--limit", "2", "--data-dir", dir.appending("store").path], redirection: "<&-")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 2)
    }
}
