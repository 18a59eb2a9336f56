import Events

/// One story in a profile's library, as folded from its events.
public struct LibraryStory: Sendable, Equatable {
    /// Where a story is in its life: requested, then generated or failed.
    public enum Status: Sendable, Equatable {
        /// Asked for, not written yet.
        case requested
        /// Written.
        case generated
        /// Writing failed, for the generator's `reason`.
        case failed(reason: String)
    }

    /// A page's illustration.
    public enum Illustration: Sendable, Equatable {
        /// Not drawn yet (or never asked for).
        case pending
        /// Drawn by `model` (nil: not recorded); the image is kept at `image` (an asset name or URL).
        case generated(image: String, model: String?)
        /// Drawing failed, for the generator's `reason`.
        case failed(reason: String)
    }

    /// The story.
    public let id: StoryID
    /// The profile that asked for it.
    public let profile: ProfileID
    /// The theme asked for.
    public let theme: String
    /// What the story should help with; nil for a plain story.
    public let growthTopic: String?
    /// The child's age when it was asked for.
    public let childAge: ChildAge
    /// Where it is in its life.
    public internal(set) var status: Status = .requested
    /// Its title (a personal-data reference), once generated.
    public internal(set) var title: PersonalDataReference?
    /// Its pages, in order, once generated.
    public internal(set) var pages: [StoryPage] = []
    /// The model that wrote it (the latest generation), nil if not generated or not recorded.
    public internal(set) var model: String?
    /// Illustrations known per page number (absent: pending).
    var illustrations: [Int: Illustration] = [:]
    /// Whether it is a favourite.
    public internal(set) var isFavourite = false
    /// The furthest page read (0 if never read).
    public internal(set) var pagesRead = 0
    /// Whether it was ever read to the end.
    public internal(set) var finished = false
    /// When it was asked for.
    public let requested: EventTime
    /// When it was written (the latest generation).
    public internal(set) var generated: EventTime?
    /// When it was last read.
    public internal(set) var lastRead: EventTime?

    init(id: StoryID, profile: ProfileID, request: StoryRequested, at time: EventTime) {
        self.id = id
        self.profile = profile
        theme = request.theme
        growthTopic = request.growthTopic
        childAge = request.childAge
        requested = time
    }

    /// The illustration of page `page`.
    public func illustration(page: Int) -> Illustration { illustrations[page] ?? .pending }

    /// The illustration of every page of the story, in page order.
    public var pageIllustrations: [(page: Int, illustration: Illustration)] {
        pages.map { ($0.number.value, illustration(page: $0.number.value)) }
    }

    /// Whether `self` comes before `other` in a library: newest request first, ties by id.
    func isListedBefore(_ other: LibraryStory) -> Bool {
        requested.instant != other.requested.instant ? requested.instant > other.requested.instant : id < other.id
    }
}

extension LibraryStory.Status: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        switch try reader.readByte() {
        case 0: self = .requested
        case 1: self = .generated
        case 2: self = .failed(reason: try String(from: &reader))
        case let tag: throw reader.error(.invalidValue, "story status tag \(tag) is not 0, 1 or 2")
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        switch self {
        case .requested: writer.writeByte(0)
        case .generated: writer.writeByte(1)
        case .failed(let reason): writer.writeByte(2); reason.encode(to: &writer)
        }
    }
}

extension LibraryStory.Illustration: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        switch try reader.readByte() {
        case 0: self = .pending
        case 1: self = .generated(image: try String(from: &reader), model: try String?(from: &reader))
        case 2: self = .failed(reason: try String(from: &reader))
        case let tag: throw reader.error(.invalidValue, "illustration tag \(tag) is not 0, 1 or 2")
        }
    }

    package func encode(to writer: inout BinaryWriter) {
        switch self {
        case .pending: writer.writeByte(0)
        case .generated(let image, let model): writer.writeByte(1); image.encode(to: &writer); model.encode(to: &writer)
        case .failed(let reason): writer.writeByte(2); reason.encode(to: &writer)
        }
    }
}

extension LibraryStory: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = StoryID(try reader.readUUID())
        profile = ProfileID(try reader.readUUID())
        theme = try String(from: &reader)
        growthTopic = try String?(from: &reader)
        childAge = try ChildAge(from: &reader)
        status = try Status(from: &reader)
        title = try PersonalDataReference?(from: &reader)
        pages = try [StoryPage](decoding: &reader)
        model = try String?(from: &reader)
        illustrations = try [Int: Illustration](decoding: &reader)
        isFavourite = try reader.readBool()
        pagesRead = try reader.readInt()
        finished = try reader.readBool()
        requested = try EventTime(from: &reader)
        generated = try EventTime?(from: &reader)
        lastRead = try EventTime?(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        profile.encode(to: &writer)
        theme.encode(to: &writer)
        growthTopic.encode(to: &writer)
        childAge.encode(to: &writer)
        status.encode(to: &writer)
        title.encode(to: &writer)
        pages.encode(to: &writer)
        model.encode(to: &writer)
        illustrations.encode(to: &writer)
        isFavourite.encode(to: &writer)
        pagesRead.encode(to: &writer)
        finished.encode(to: &writer)
        requested.encode(to: &writer)
        generated.encode(to: &writer)
        lastRead.encode(to: &writer)
    }
}

extension LibraryStory.Status {
    /// Whether a generation result (written or failed) may be recorded: while requested, and
    /// after a failure, which is how a failed story is retried. A written story is final.
    public var awaitsGeneration: Bool {
        if case .generated = self { false } else { true }
    }
}
