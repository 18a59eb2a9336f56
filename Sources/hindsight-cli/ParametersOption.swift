import Foundation
import FSRS

/// `--parameters fsrs6|fsrs5|FILE`, as `rebuild` and `fsrs states` take it: the one home of
/// what the option accepts and how a parameters file is read.
struct ParametersOption: Sendable {
    /// The option's spec; `help` says what it is for in the command.
    static func spec(required: Bool, defaultText: String = "") -> OptionSpec {
        .value("parameters", "fsrs6|fsrs5|FILE", "fsrs6, fsrs5, or a JSON file holding an array of 21 (FSRS-6), "
               + "19 (FSRS-5) or 17 (FSRS-4.5) numbers\(defaultText)", required: required)
    }

    /// `fsrs6`, `fsrs5`, or the file's absolute path.
    let choice: String
    /// The text given on the command line, for messages.
    let given: String

    /// The choice `text` names, a relative file taken against the current directory.
    init(_ text: String, environment: CLIEnvironment) {
        given = text
        choice = text == "fsrs6" || text == "fsrs5" ? text : environment.absolute(text)
    }

    /// The parameters chosen.
    /// - Throws: ``UsageError`` when the choice is neither `fsrs6`, `fsrs5` nor an existing
    ///   file (say `fsrs7`): the command line is wrong, exit code 2. ``ParametersFileError`` when
    ///   the file cannot be read, is not a JSON array of numbers, or holds invalid parameters.
    func load() throws -> FSRSParameters {
        switch choice {
        case "fsrs6": return .fsrs6Default
        case "fsrs5": return .fsrs5Default
        default:
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: choice, isDirectory: &isDirectory) else {
                throw UsageError("option --parameters expects fsrs6, fsrs5 or a JSON file of parameters, got '\(given)' "
                                 + "(there is no file \(choice))")
            }
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: choice) else {
                throw ParametersFileError("cannot read the parameters file \(choice): it is a directory or is not readable; "
                                          + "--parameters takes fsrs6, fsrs5 or a JSON file")
            }
            guard let numbers = try? JSONDecoder().decode([Double].self, from: data) else {
                throw ParametersFileError("parameters file \(choice) is not a JSON array of numbers; "
                                          + "write e.g. [0.212, 1.2931, …] with 21, 19 or 17 values")
            }
            do {
                return try FSRSParameters(numbers)
            } catch {
                throw ParametersFileError("parameters file \(choice): \(error.description)")
            }
        }
    }
}

/// A parameters file that cannot be used, with a message that says what to do.
struct ParametersFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
