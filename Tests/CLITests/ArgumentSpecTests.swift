import Foundation
import Testing
@testable import HindsightCLI

/// The parser against every command's spec, in-process: each rule of ``Arguments`` checked for
/// every option of every command, so a command added later is covered without a new test.
@Suite struct ArgumentSpecTests {
    static let environment = ArgumentFuzzTests.environment

    /// Every option of every command, with the command.
    static let options: [(command: String, option: String)] = allCommands.flatMap { command in
        command.spec.options.map { (command.path.joined(separator: " "), $0.name) }
    }

    static func spec(_ command: String) -> CommandSpec {
        allCommands.first { $0.path.joined(separator: " ") == command }!.spec
    }

    /// Words that satisfy `spec`'s positionals and required options (a value each).
    static func minimal(_ spec: CommandSpec) -> [String] {
        spec.positionals.map { _ in "P" } + spec.options.filter(\.isRequired).flatMap { ["--\($0.name)", "v"] }
    }

    static func parse(_ words: [String], _ spec: CommandSpec) -> Result<Arguments?, UsageError> {
        Result { () throws(UsageError) in try Arguments.parse(words, spec: spec) }
    }

    static func message(_ result: Result<Arguments?, UsageError>) -> String? {
        if case .failure(let error) = result { return error.message }
        return nil
    }

    /// ``minimal(_:)`` without `option` (when it is a required one).
    static func minimal(_ spec: CommandSpec, without option: String) -> [String] {
        var words = minimal(spec)
        if let index = words.firstIndex(of: "--\(option)") { words.removeSubrange(index...index + 1) }
        return words
    }

    static func isHelp(_ result: Result<Arguments?, UsageError>) -> Bool {
        if case .success(nil) = result { return true }
        return false
    }

    @Test(arguments: options)
    func anOptionGivenTwiceIsNamedUnlessRepeatable(command: String, option: String) throws {
        let spec = Self.spec(command)
        let declared = try #require(spec.option(named: option))
        let twice = declared.isFlag ? ["--\(option)", "--\(option)"] : ["--\(option)", "a", "--\(option)=b"]
        let result = Self.parse(Self.minimal(spec, without: option) + twice, spec)
        if declared.isRepeatable {
            let arguments = try #require(try result.get())
            #expect(arguments.values(option) == ["a", "b"])
        } else {
            let expected = declared.isFlag ? "option --\(option) was given twice; give it once"
                : "option --\(option) was given twice (a, then b); give it once"
            #expect(Self.message(result) == expected)
        }
    }

    @Test(arguments: options)
    func aValueIsTakenAfterASpaceOrAnEqualsSignAnywhere(command: String, option: String) throws {
        let spec = Self.spec(command)
        let declared = try #require(spec.option(named: option))
        guard !declared.isFlag else {
            #expect(Self.message(Self.parse(Self.minimal(spec) + ["--\(option)=x"], spec))
                    == "option --\(option) is a flag and takes no value; write --\(option)")
            return
        }
        let base = Self.minimal(spec, without: option)
        // Between: after the positionals and the first required option, before the rest.
        let middle = min(base.count, spec.positionals.count + 2)
        for words in [["--\(option)", "-"] + base, base + ["--\(option)=-"],
                      Array(base.prefix(middle)) + ["--\(option)", "-"] + base.dropFirst(middle)] {
            let arguments = try #require(try Self.parse(words, spec).get(), "\(words)")
            #expect(arguments.value(option) == "-", "\(words)")
        }
        #expect(Self.message(Self.parse(base + ["--\(option)"], spec))
                == "option --\(option) needs a value: --\(option) \(declared.placeholder!)")
    }

    @Test(arguments: options)
    func aSlipOfOneLetterSuggestsTheOption(command: String, option: String) {
        let spec = Self.spec(command)
        let typo = String(option.dropLast())  // --day, --data-di, --jso
        let message = Self.message(Self.parse(Self.minimal(spec) + ["--\(typo)X"], spec)) ?? ""
        #expect(message.hasPrefix("unknown option --\(typo)X; did you mean --"), "\(message)")
        let suggested = String(message.split(separator: "--").last!.dropLast())
        #expect(ClosestName.editDistance(typo + "X", suggested) <= ClosestName.editDistance(typo + "X", option),
                "suggested --\(suggested) for --\(typo)X though --\(option) is closer")
    }

    @Test(arguments: allCommands.map { $0.path.joined(separator: " ") })
    func helpWinsAnywhereBeforeDoubleDash(command: String) {
        let spec = Self.spec(command)
        for words in [["-h"], ["--help"], ["--bogus", "-h"], Self.minimal(spec) + ["--help"], ["--help", "--", "x"]] {
            #expect(Self.isHelp(Self.parse(words, spec)), "\(words)")
        }
        if spec.positionals.isEmpty {
            #expect(Self.message(Self.parse(Self.minimal(spec) + ["--", "--help"], spec))
                    == "unexpected argument: --help (after --, every word is positional)")
        } else {
            let arguments = try? Self.parse(Array(Self.minimal(spec).dropFirst()) + ["--", "--help"], spec).get()
            #expect(arguments?.positional(spec.positionals[0].name) == "--help")
        }
    }

    @Test(arguments: allCommands.map { $0.path.joined(separator: " ") })
    func usageNamesEveryOptionOnce(command: String) {
        let spec = Self.spec(command)
        let usage = spec.usage
        #expect(usage.hasPrefix("usage: \(spec.invocation)"))
        for option in spec.options {
            let synopsis = option.isRequired ? option.synopsis : "[\(option.synopsis)"
            #expect(usage.contains(synopsis), "\(command): \(option.synopsis)")
            #expect(usage.components(separatedBy: "\n  \(option.synopsis)").count == 2, "\(command): \(option.synopsis) help line")
        }
        #expect(usage.split(separator: "\n").allSatisfy { $0.count <= UsageText.width }, "\(command): a line over the width")
    }

    @Test(arguments: [
        ("days", ["days", "data-dir", "json"], "days"),
        ("dys", ["days", "data-dir", "json"], "days"),
        ("data", ["days", "data-dir", "json"], "data-dir"),
        ("jsno", ["days", "data-dir", "json"], "json"),
        ("outptu", ["output", "format"], "output"),
        ("bogus", ["days", "data-dir", "json"], nil),
        ("d", ["days", "data-dir"], nil),
    ] as [(String, [String], String?)])
    func closestName(typed: String, candidates: [String], expected: String?) {
        #expect(ClosestName.to(typed, among: candidates) == expected)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a\u{1B}[31mred\u{7}\u{0}", "a\\u{1B}[31mred\\u{7}\\u{0}"),
        ("tab\tcr\rline\nnext", "tab\\tcr\\rline\nnext"),
        ("\u{202E}txt.exe\u{85}", "\\u{202E}txt.exe\\u{85}"),
    ])
    func terminalTextEscapesControls(text: String, expected: String) {
        #expect(TerminalText.safe(text) == expected)
    }

    @Test func terminalTextCutsALongMessageInTheMiddle() {
        let text = String(repeating: "a", count: 700) + String(repeating: "b", count: 5000) + String(repeating: "c", count: 200)
        #expect(TerminalText.safe(text) == String(repeating: "a", count: 700) + " … (5000 characters left out) … "
                + String(repeating: "c", count: 200))
    }
}
