import Events

/// The story limits in force for a child's profile (the latest `ParentalControlsChanged`, until a
/// `ParentalControlsCleared`).
public struct ParentalControls: Sendable, Equatable {
    /// How many stories may be requested per local day (0: none).
    public let dailyStoryLimit: Int
    /// The themes a story may have.
    public let themes: StoryThemes
    /// The parent who set them; nil for the defaults given at the child's creation (or limits
    /// recorded before the parent was named).
    public let setBy: ProfileID?
    /// When they were set.
    public let changed: EventTime

    /// Controls allowing `dailyStoryLimit` stories a day on `themes`, set by `setBy` at `changed`.
    public init(dailyStoryLimit: Int, themes: StoryThemes, setBy: ProfileID?, changed: EventTime) {
        self.dailyStoryLimit = dailyStoryLimit
        self.themes = themes
        self.setBy = setBy
        self.changed = changed
    }

    /// Whether `theme` is allowed (exact match, or any theme).
    public func allows(theme: String) -> Bool { themes.allows(theme) }
}

extension ParentalControls: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        dailyStoryLimit = try reader.readInt()
        themes = try StoryThemes(from: &reader)
        setBy = try ProfileID?(from: &reader)
        changed = try EventTime(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        dailyStoryLimit.encode(to: &writer)
        themes.encode(to: &writer)
        setBy.encode(to: &writer)
        changed.encode(to: &writer)
    }
}
