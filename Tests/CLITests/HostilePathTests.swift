import Foundation
import Testing
import TestSupport

/// Issue item 6, hostile paths: every reading command on a data directory that is missing, a
/// file, not a store, oddly named, with a segment replaced by a link or a directory, without its
/// snapshots or personal data, with standard input or output closed. Each gets a clear message
/// and the README's exit code (0 done, 1 failed, 3 damaged), and a refused command leaves the
/// directory tree exactly as it was.
@Suite struct HostilePathTests {
    let cli = BuiltProducts.executable("hindsight")

    enum Case: String, CaseIterable, CustomStringConvertible {
        case missingDirectory = "data directory does not exist"
        case directoryIsAFile = "data directory is a file"
        case notAStore = "directory without a log"
        case oddName = "spaces and non-ASCII in the name"
        case segmentIsASymlink = "segment is a dangling symbolic link"
        case segmentIsADirectory = "segment is a directory"
        case noSnapshots = "snapshots directory missing"
        case noPersonalData = "personal directory missing"
        case stdinClosed = "standard input closed"
        case stdoutClosed = "standard output closed"
        case stderrClosed = "standard error closed"
        var description: String { rawValue }
    }

    /// The reading commands, with `CARD` standing for a card of the store.
    static let commands: [[String]] = [
        ["stats", "--now", "2026-02-27T20:00:00+01:00"],
        ["due", "--now", "2026-02-27T20:00:00+01:00"],
        ["tail", "--limit", "9"],
        ["export", "--format", "jsonl", "--output", "OUT"],
        ["verify"],
        ["audit", "card", "CARD"],
        ["rebuild", "--parameters", "fsrs5"],
    ]

    /// What a case must give: the exit code and a piece of the message on stderr (nil: exit 0).
    static func expected(_ hostile: Case, _ command: String, store: String) -> (status: Int32, message: String?) {
        switch hostile {
        case .missingDirectory: return (1, "error: there is no store in \(store): the directory does not exist; pass --data-dir")
        case .directoryIsAFile: return (1, "error: there is no store in \(store): it is a file, not a directory; pass --data-dir")
        case .notAStore: return (1, "error: there is no store in \(store) (no 'log' directory); pass --data-dir")
        case .segmentIsASymlink:
            // The link's target is missing: the segment cannot be opened (verify cannot read the log either).
            return (1, "00000000000000000001.log): No such file or directory")
        case .segmentIsADirectory:
            // verify reports the segment as damaged; the others cannot read the log.
            return command == "verify" ? (3, nil) : (1, "00000000000000000001.log): Is a directory")
        case .stdoutClosed: return (1, "error: cannot write to standard output: Bad file descriptor; standard output is closed")
        case .oddName, .noSnapshots, .noPersonalData, .stdinClosed, .stderrClosed: return (0, nil)
        }
    }

    @Test(arguments: Case.allCases, commands)
    func aReadingCommandOnAHostilePath(hostile: Case, arguments: [String]) throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        var store = dir.appending("store").path
        let manager = FileManager.default
        let segment = store + "/log/00000000000000000001.log"
        switch hostile {
        case .missingDirectory: try manager.removeItem(atPath: store)
        case .directoryIsAFile:
            try manager.removeItem(atPath: store)
            #expect(manager.createFile(atPath: store, contents: Data("not a store\n".utf8)))
        case .notAStore:
            try manager.removeItem(atPath: store + "/log")
        case .oddName:
            let odd = dir.appending("my store ünïcødé 学习").path
            try manager.moveItem(atPath: store, toPath: odd)
            store = odd
        case .segmentIsASymlink:
            try manager.removeItem(atPath: segment)
            try manager.createSymbolicLink(atPath: segment, withDestinationPath: dir.appending("gone.log").path)
        case .segmentIsADirectory:
            try manager.removeItem(atPath: segment)
            try manager.createDirectory(atPath: segment, withIntermediateDirectories: false)
        case .noSnapshots: try manager.removeItem(atPath: store + "/snapshots")
        case .noPersonalData: try manager.removeItem(atPath: store + "/personal")
        case .stdinClosed, .stdoutClosed, .stderrClosed: break
        }
        let words = arguments.map { word in
            switch word {
            case "OUT": dir.appending("out.jsonl").path
            case "CARD": SmallStore.card
            default: word
            }
        } + ["--data-dir", store]
        let before = try DirectoryTree.snapshot(dir.url)
        let result: CLIOutput
        switch hostile {
        case .stdinClosed: result = try CLIProcess.run(words, redirection: "<&-", in: dir.url)
        case .stdoutClosed: result = try CLIProcess.run(words, redirection: ">&-", in: dir.url)
        case .stderrClosed: result = try CLIProcess.run(words, redirection: "2>&-", in: dir.url)
        default: result = CLIOutput(try ChildProcess.run(cli, words, currentDirectory: dir.url))
        }
        let (status, message) = Self.expected(hostile, arguments[0], store: store)
        #expect(!result.signalled, "killed by signal \(result.status)")
        #expect(result.status == status, "\(result.stdout)\n\(result.stderr)")
        if let message {
            #expect(result.stderr.contains(message), "\(result.stderr)")
        } else if status == 3 {
            #expect(result.stdout.contains("DAMAGED: segment 00000000000000000001.log, offset 0"), "\(result.stdout)")
            #expect(result.stdout.contains("is a directory where the store expects a plain file"), "\(result.stdout)")
        } else if status == 0 {
            #expect(!result.stdout.isEmpty)
        }
        var after = try DirectoryTree.snapshot(dir.url)
        if status == 0 && arguments[0] == "export" {
            #expect(after.entries.removeValue(forKey: "out.jsonl") != nil, "the export was not written")
        }
        #expect(after == before, "the command changed the directory tree")
    }

    /// The commands that create or write a store, on a data directory (or its `log`) that is a
    /// file, with standard output closed (refused before a store is created), and on a directory
    /// with spaces and non-ASCII characters in its name (which works).
    @Test(arguments: [
        (["import", "IN", "--profile", SmallStore.profile], "file", "error: cannot keep a store in STORE: it is a file, not a directory"),
        (["demo", "--now", "2026-03-01T18:00:00Z"], "file", "error: cannot keep a store in STORE: it is a file, not a directory"),
        (["import", "IN", "--profile", SmallStore.profile], "log file", "error: cannot keep a store in STORE: its 'log' is a file"),
        (["import", "IN", "--profile", SmallStore.profile], "odd name", ""),
        (["import", "IN", "--profile", SmallStore.profile], "stdout closed",
         "error: cannot write to standard output: Bad file descriptor; standard output is closed"),
        (["demo", "--now", "2026-03-01T18:00:00Z"], "stdout closed",
         "error: cannot write to standard output: Bad file descriptor; standard output is closed"),
    ])
    func aWritingCommandOnAHostilePath(arguments: [String], hostile: String, message: String) throws {
        let dir = try TemporaryDirectory(prefix: "hindsight-hostile")
        defer { dir.remove() }
        try Data(SmallStore.revlog.utf8).write(to: dir.appending("in.csv"))
        var store = dir.appending("store").path
        switch hostile {
        case "file": #expect(FileManager.default.createFile(atPath: store, contents: Data("x".utf8)))
        case "log file":
            try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
            #expect(FileManager.default.createFile(atPath: store + "/log", contents: Data("x".utf8)))
        case "odd name": store = dir.appending("my store ünïcødé 学习").path
        default: break
        }
        let before = try DirectoryTree.snapshot(dir.url)
        let words = arguments.map { $0 == "IN" ? dir.appending("in.csv").path : $0 } + ["--data-dir", store]
        let result = hostile == "stdout closed" ? try CLIProcess.run(words, redirection: ">&-", in: dir.url)
            : CLIOutput(try ChildProcess.run(cli, words, currentDirectory: dir.url))
        if message.isEmpty {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("imported 9 events at positions 1...9"), "\(result.stdout)")
            let tail = try ChildProcess.run(cli, ["tail", "--limit", "9", "--data-dir", store])
            #expect(tail.stdout.split(separator: "\n").count == 9, "\(tail.stderr)")
        } else {
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix(message.replacingOccurrences(of: "STORE", with: store)), "\(result.stderr)")
            #expect(try DirectoryTree.snapshot(dir.url) == before)
        }
    }

    /// An export into a directory that does not exist: a clear error, and nothing is created.
    @Test func anExportIntoAMissingDirectory() throws {
        let dir = try SmallStore.copy(cli)
        defer { dir.remove() }
        let before = try DirectoryTree.snapshot(dir.url)
        let output = dir.appending("no/such/dir/out.jsonl").path
        let result = try SmallStore.run(cli, ["export", "--format", "jsonl", "--output", output], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot create the export file: No such file or directory; check that its directory exists"),
                "\(result.stderr)")
        #expect(try DirectoryTree.snapshot(dir.url) == before)
    }
}
