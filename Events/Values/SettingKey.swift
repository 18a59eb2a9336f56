/// The name of a setting, such as `vocabulary.new-cards-per-day`.
/// Encoded as a plain string in both encodings.
public struct SettingKey: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The text itself.
    public let value: String

    /// The settingKey `value`.
    /// - Throws: ``EventValidationError`` unless `value` is 1 to 128 bytes of printable ASCII
    ///   without spaces.
    public init(_ value: String) throws(EventValidationError) {
        self.value = try TextToken.checked(value, field: "settingKey", maxLength: Self.maximumLength)
    }

    /// The longest value, in UTF-8 bytes.
    static let maximumLength = 128

    public var description: String { value }

    public init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decodeValidated(String.self) { v throws(EventValidationError) in try SettingKey(v) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

// The keys the read models act on, named once here: apps record them, folds read them.
extension SettingKey {
    /// `vocabulary.new-cards-per-day`: how many new cards the profile is offered per local day,
    /// as an `.int` value. Which values the vocabulary read model takes, and what it does with
    /// others, is `NewCardLimit`'s (Projections) to say; the store refuses a command with any other.
    public static let newCardsPerDay = try! SettingKey("vocabulary.new-cards-per-day")
    /// `vocabulary.reviews-per-day`: at most how many reviews of cards in the review phase the
    /// profile is offered per local day (Anki's "maximum reviews/day"), as an `.int` value; no
    /// value: no limit. Which values the vocabulary read model takes is `DailyReviewLimit`'s
    /// (Projections) to say.
    public static let reviewsPerDay = try! SettingKey("vocabulary.reviews-per-day")
}

extension SettingKey: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        if let token = reader.readPlainToken(maxLength: Self.maximumLength) {
            value = token
            return
        }
        self = try reader.readValidated({ r throws(EventDecodingError) in try r.readString() }) {
            raw throws(EventValidationError) in try SettingKey(raw)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { writer.writeString(value) }
}

