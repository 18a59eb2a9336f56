/// One option a command takes, declared once in its ``CommandSpec``: the parser, the usage
/// text and the "did you mean" suggestions all read it from there.
struct OptionSpec: Sendable {
    /// The name without dashes: `data-dir` for `--data-dir`.
    let name: String
    /// What follows the name on the command line, e.g. `DIR`; nil for a flag (`--json`), which
    /// takes no value.
    let placeholder: String?
    /// One sentence for the usage text (wrapped there).
    let help: String
    /// Whether the command line must give it (the parser says it is missing).
    var isRequired = false
    /// Whether it may be given more than once (`--type A --type B`); otherwise a second one is
    /// a usage error.
    var isRepeatable = false

    /// An option that takes a value: `--name PLACEHOLDER` or `--name=PLACEHOLDER`.
    static func value(_ name: String, _ placeholder: String, _ help: String,
                      required: Bool = false, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, placeholder: placeholder, help: help, isRequired: required, isRepeatable: repeatable)
    }

    /// A flag: `--name`, no value.
    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, placeholder: nil, help: help)
    }

    /// Whether it is a flag.
    var isFlag: Bool { placeholder == nil }

    /// `--name PLACEHOLDER` (or `--name` for a flag), as usage shows it.
    var synopsis: String { "--\(name)" + (placeholder.map { " " + $0 } ?? "") }
}

/// A word a command takes by position, e.g. `FILE`.
struct PositionalSpec: Sendable {
    /// The name usage shows, e.g. `FILE`.
    let name: String
    /// What it is, for usage and for the "missing …" message.
    let help: String
}

/// The options several commands share, spelled the same everywhere.
extension OptionSpec {
    /// `--data-dir DIR`: the store's directory.
    static let dataDirectory = value("data-dir", "DIR", "the store's directory (default: $HINDSIGHT_DATA_DIR or ./.hindsight)")
    /// `--json`: machine-readable output.
    static func json(_ what: String = "print one JSON object") -> OptionSpec { flag("json", what) }
    /// `--now TIME` with its UTC offset (`stats`, `due`, `rebuild`).
    static let nowWithOffset = value("now", "TIME", "pretend it is TIME, ISO 8601 with its UTC offset, e.g. "
                                     + "2026-03-01T18:00:00+01:00 (default: the system clock and time zone)")
    /// `--profile ID`: one profile.
    static let profile = value("profile", "ID", "only this profile (a UUID)")
    /// `--as-of WHEN`: a log position or an instant.
    static func asOf(_ what: String) -> OptionSpec { value("as-of", "POSITION|ISO8601", what) }
    /// `--by recorded|occurred`: which time of each event an `--as-of` instant is compared with.
    static let asOfBy = value("by", "recorded|occurred", "with an --as-of instant: the events the store had recorded by "
                              + "then (recorded, the default), or every event that happened by then (occurred: for an "
                              + "imported or demo history, recorded after it happened)")
}
