/// The typed value of a setting. Doubles must be finite (JSON cannot carry NaN).
/// JSON: `{"bool": true}`, `{"int": 20}`, `{"double": 0.5}` or `{"string": "dark"}` (one key).
/// Log: a tag byte (0 bool, 1 int, 2 double, 3 string) then the value.
public enum SettingValue: Hashable, Sendable, Codable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)

    /// A double setting value.
    /// - Throws: ``EventValidationError`` (`notFinite`) for NaN or infinity.
    public static func finite(_ value: Double) throws(EventValidationError) -> SettingValue {
        guard value.isFinite else {
            throw EventValidationError(.notFinite, field: "value", "setting value \(value) is not a finite number")
        }
        return .double(value)
    }

    private enum CodingKeys: String, CodingKey { case bool, int, double, string }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "a setting value is an object with exactly one of the keys bool, int, double, string"))
        }
        switch key {
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .int: self = .int(try container.decode(Int64.self, forKey: key))
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .double:
            let value = try container.decode(Double.self, forKey: key)
            do { self = try .finite(value) } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .int(let value): try container.encode(value, forKey: .int)
        case .double(let value): try container.encode(value, forKey: .double)
        case .string(let value): try container.encode(value, forKey: .string)
        }
    }
}

extension SettingValue: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let tagOffset = reader.offset
        switch try reader.readByte() {
        case 0: self = .bool(try Bool(from: &reader))
        case 1: self = .int(try reader.readSignedVarint())
        case 2:
            self = try reader.readValidated({ r throws(EventDecodingError) in try r.readDouble() }) {
                raw throws(EventValidationError) in try SettingValue.finite(raw)
            }
        case 3: self = .string(try reader.readString())
        case let tag:
            throw EventDecodingError(.invalidValue, "setting value tag \(tag) is not 0 (bool), 1 (int), 2 (double) or 3 (string)",
                                     offset: tagOffset)
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        switch self {
        case .bool(let value): writer.writeByte(0); value.encode(to: &writer)
        case .int(let value): writer.writeByte(1); writer.writeSignedVarint(value)
        case .double(let value): writer.writeByte(2); writer.writeDouble(value)
        case .string(let value): writer.writeByte(3); writer.writeString(value)
        }
    }
}
