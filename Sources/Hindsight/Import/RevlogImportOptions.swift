import Events

/// How a revlog CSV becomes events: whose history it is, the deck its cards go into, the UTC
/// offset of its times (a revlog carries none) and, optionally, the day cut-off hour to record
/// for the profile before its reviews.
public struct RevlogImportOptions: Sendable, Equatable {
    /// The profile the reviews are recorded for; created (named ``newProfileName``) if the store
    /// does not have it yet.
    public var profile: ProfileID
    /// The deck the imported cards go into (one per import; created if missing).
    public var deckName: String
    /// The person's UTC offset at each review, in minutes (-1080 … 1080).
    public var utcOffsetMinutes: Int
    /// The local hour a new day starts (0 … 23), recorded for the profile when it differs from
    /// the profile's current cut-off; nil keeps the profile's.
    public var dayCutoffHour: Int?
    /// The name of the profile when the import creates it (personal data: side store).
    public var newProfileName: String

    /// Options for importing into `profile`'s deck `deckName`.
    public init(profile: ProfileID, deckName: String, utcOffsetMinutes: Int = 0, dayCutoffHour: Int? = nil,
                newProfileName: String = "Imported") {
        self.profile = profile
        self.deckName = deckName
        self.utcOffsetMinutes = utcOffsetMinutes
        self.dayCutoffHour = dayCutoffHour
        self.newProfileName = newProfileName
    }
}
