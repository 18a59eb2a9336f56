import Foundation

/// A JSON value as a tree, for flattening event payloads into CSV cells.
indirect enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// The text of a CSV cell: strings as they are, numbers and booleans as JSON writes them,
    /// null as empty, arrays and objects as compact JSON (keys sorted).
    var cellText: String {
        switch self {
        case .string(let text): text
        case .null: ""
        default: compactJSON
        }
    }

    /// Compact JSON with sorted keys.
    var compactJSON: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .number(let value): return "\(value)"
        case .string(let text): return Self.quoted(text)
        case .array(let values): return "[" + values.map(\.compactJSON).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }
                .map { Self.quoted($0.key) + ":" + $0.value.compactJSON }.joined(separator: ",") + "}"
        }
    }

    /// The tree with the value at `path` replaced by `replacement` (unchanged when the path does not exist).
    func replacing(_ path: ArraySlice<PersonalDataField.Path.Component>, with replacement: JSONValue) -> JSONValue {
        guard let first = path.first else { return replacement }
        switch (self, first) {
        case (.object(var members), .key(let key)):
            guard let member = members[key] else { return self }
            members[key] = member.replacing(path.dropFirst(), with: replacement)
            return .object(members)
        case (.array(var values), .index(let index)) where values.indices.contains(index):
            values[index] = values[index].replacing(path.dropFirst(), with: replacement)
            return .array(values)
        default:
            return self
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
