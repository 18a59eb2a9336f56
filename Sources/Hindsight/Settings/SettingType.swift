import Events

/// The values a setting takes: its type (bool, whole number, number, text) and, within it,
/// which values are accepted (a range, a list of choices). ``SettingCatalogue`` checks every
/// set command's value against it.
public struct SettingType: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case bool
        case int(ClosedRange<Int64>, unit: String?)
        case double(ClosedRange<Double>)
        case string(choices: [String]?)
    }

    let kind: Kind

    /// `true` or `false`.
    public static let bool = SettingType(kind: .bool)
    /// Any text.
    public static let string = SettingType(kind: .string(choices: nil))

    /// A whole number in `range`; `unit` (e.g. "new cards per day") names what it counts in
    /// error messages.
    public static func int(_ range: ClosedRange<Int64>, unit: String? = nil) -> SettingType {
        SettingType(kind: .int(range, unit: unit))
    }

    /// A finite number in `range`.
    public static func double(_ range: ClosedRange<Double>) -> SettingType { SettingType(kind: .double(range)) }

    /// One of `choices` (texts, compared exactly).
    public static func oneOf(_ choices: [String]) -> SettingType { SettingType(kind: .string(choices: choices)) }

    /// What the type accepts, as the end of "KEY takes …": `a whole number of new cards per day
    /// from 0 to 10000`, `true or false`, `one of "light", "dark"`.
    public var description: String {
        switch kind {
        case .bool: "true or false"
        case .int(let range, let unit):
            "a whole number\(unit.map { " of \($0)" } ?? "") from \(range.lowerBound) to \(range.upperBound)"
        case .double(let range): "a number from \(range.lowerBound) to \(range.upperBound)"
        case .string(nil): "a text"
        case .string(let choices?): "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }

    /// Whether `value` is of this type and among the values it accepts.
    public func accepts(_ value: SettingValue) -> Bool {
        switch (kind, value) {
        case (.bool, .bool): true
        case (.int(let range, _), .int(let number)): range.contains(number)
        case (.double(let range), .double(let number)): range.contains(number)
        case (.double(let range), .int(let number)): range.contains(Double(number))
        case (.string(nil), .string): true
        case (.string(let choices?), .string(let text)): choices.contains(text)
        default: false
        }
    }

    /// Whether the type can accept any value at all (a range or a list that is not empty, finite bounds).
    var isSatisfiable: Bool {
        switch kind {
        case .bool, .int, .string(nil): true
        case .double(let range): range.lowerBound.isFinite && range.upperBound.isFinite
        case .string(let choices?): !choices.isEmpty
        }
    }
}
