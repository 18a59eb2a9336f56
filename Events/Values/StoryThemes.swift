/// Which themes a child's story may have, said explicitly: any theme, or only the themes listed
/// (at least one, none empty). There is no "empty list": to allow no story at all a parent sets
/// a daily limit of 0.
/// JSON: `{"any": true}` or `{"only": ["space", "animals"]}` (one key).
/// Log: a tag byte (0 any, 1 only) then, for `only`, the themes as `[string]`.
public struct StoryThemes: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The themes allowed, in the order given; nil when any theme is.
    public let allowed: [String]?

    private init(allowed: [String]?) { self.allowed = allowed }

    /// Every theme is allowed.
    public static let any = StoryThemes(allowed: nil)

    /// Only `themes` are allowed (compared exactly).
    /// - Throws: ``EventValidationError`` `empty` when `themes` is empty or holds an empty theme
    ///   (use ``any`` to allow every theme, a daily limit of 0 to allow no story).
    public static func only(_ themes: [String]) throws(EventValidationError) -> StoryThemes {
        guard !themes.isEmpty else {
            throw EventValidationError(.empty, field: "themes",
                                       "an allowed-themes list needs at least one theme; allow any theme instead, or set a daily limit of 0 to allow no story")
        }
        if let index = themes.firstIndex(where: \.isEmpty) {
            throw EventValidationError(.empty, field: "themes", "theme \(index + 1) of \(themes.count) is empty")
        }
        return StoryThemes(allowed: themes)
    }

    /// Whether a story on `theme` is allowed.
    public func allows(_ theme: String) -> Bool { allowed?.contains(theme) ?? true }

    /// "any theme" or the themes, comma-separated.
    public var description: String { allowed.map { $0.joined(separator: ", ") } ?? "any theme" }

    private enum CodingKeys: String, CodingKey { case any, only }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "story themes are an object with exactly one of the keys any (true) or only (a list of themes)"))
        }
        switch key {
        case .any:
            guard try container.decode(Bool.self, forKey: key) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "any must be true; list the themes under only")
            }
            self = .any
        case .only:
            let themes = try container.decode([String].self, forKey: key)
            do { self = try .only(themes) } catch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let allowed { try container.encode(allowed, forKey: .only) } else { try container.encode(true, forKey: .any) }
    }
}

extension StoryThemes: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let tagOffset = reader.offset
        switch try reader.readByte() {
        case 0: self = .any
        case 1:
            self = try reader.readValidated({ r throws(EventDecodingError) in try [String](from: &r) }) {
                raw throws(EventValidationError) in try StoryThemes.only(raw)
            }
        case let tag:
            throw EventDecodingError(.invalidValue, "story themes tag \(tag) is not 0 (any) or 1 (only)", offset: tagOffset)
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        if let allowed { writer.writeByte(1); allowed.encode(to: &writer) } else { writer.writeByte(0) }
    }
}
