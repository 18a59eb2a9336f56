import Events

/// The story library read model, folded by ``StoryLibraryProjection``: each profile's stories,
/// the stories requested per local day (for the parental daily limit) and the parental controls
/// in force.
///
/// The daily limit counts stories **requested** on the profile's local day, whatever became of
/// them: a request is what the limit is checked against (before generation, which costs money
/// even when it fails), so failed and deleted stories still count for the day they were asked for.
public struct StoryLibrary: ProjectionState, BinaryCodable, Equatable {
    /// Stories in the library (deleted ones leave it).
    var stories: [StoryID: LibraryStory] = [:]
    /// Stories requested per profile per local day number.
    var requestsPerDay: [ProfileID: [Int64: Int]] = [:]
    /// Parental controls per profile.
    var controls: [ProfileID: ParentalControls] = [:]
    /// Local days of each profile.
    public internal(set) var calendar: ProfileCalendar

    init(calendar: ProfileCalendar) { self.calendar = calendar }

    /// The stories of `profile`, newest request first (ties by id).
    /// - Complexity: O(n log n) in all stories.
    public func library(profile: ProfileID) -> [LibraryStory] {
        stories.values.filter { $0.profile == profile }.sorted { $0.isListedBefore($1) }
    }

    /// The favourite stories of `profile`, in library order.
    public func favourites(profile: ProfileID) -> [LibraryStory] {
        library(profile: profile).filter(\.isFavourite)
    }

    /// The story `id`, nil if never requested or deleted.
    public func story(_ id: StoryID) -> LibraryStory? { stories[id] }

    /// How many stories `profile` requested on the local day of `time` (its UTC offset and the
    /// profile's current day cut-off).
    /// - Complexity: O(1) on average.
    public func storiesToday(profile: ProfileID, at time: EventTime) -> Int {
        requestsPerDay[profile]?[calendar.day(of: time, profile: profile)] ?? 0
    }

    /// The parental controls in force for `profile`, nil if none (never set, or cleared): no limit.
    public func parentalControls(profile: ProfileID) -> ParentalControls? { controls[profile] }
}

extension StoryLibrary {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        stories = try [StoryID: LibraryStory](decoding: &reader)
        requestsPerDay = try [ProfileID: [Int64: Int]](decoding: &reader)
        controls = try [ProfileID: ParentalControls](decoding: &reader)
        calendar = try ProfileCalendar(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        stories.encode(to: &writer)
        requestsPerDay.encode(to: &writer)
        controls.encode(to: &writer)
        calendar.encode(to: &writer)
    }
}
