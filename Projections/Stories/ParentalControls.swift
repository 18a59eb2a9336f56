import Events

/// The story limits a parent set for a profile (`ParentalControlsChanged`; the latest wins).
public struct ParentalControls: Sendable, Equatable {
    /// How many stories may be requested per local day.
    public let dailyStoryLimit: Int
    /// The themes a story may have; empty allows none.
    public let allowedThemes: [String]
    /// When they were set.
    public let changed: EventTime

    /// Controls allowing `dailyStoryLimit` stories a day on `allowedThemes`, set at `changed`.
    public init(dailyStoryLimit: Int, allowedThemes: [String], changed: EventTime) {
        self.dailyStoryLimit = dailyStoryLimit
        self.allowedThemes = allowedThemes
        self.changed = changed
    }

    /// Whether `theme` is allowed (exact match).
    public func allows(theme: String) -> Bool { allowedThemes.contains(theme) }
}

extension ParentalControls: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        dailyStoryLimit = try reader.readInt()
        allowedThemes = try [String](decoding: &reader)
        changed = try EventTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        dailyStoryLimit.encode(to: &writer)
        allowedThemes.encode(to: &writer)
        changed.encode(to: &writer)
    }
}
