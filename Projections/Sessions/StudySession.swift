import Events

/// One vocabulary study session as the study-session read model shows it: when it began, how it
/// finished and what was studied in it (see ``StudySessionsProjection`` for which reviews count).
public struct StudySession: Sendable, Equatable {
    /// How a session stands.
    public enum Outcome: UInt8, Sendable, Equatable {
        /// Started and not yet ended: its figures grow with each review.
        case open = 0
        /// Ended by `StudySessionEnded`: its figures are final.
        case ended = 1
        /// Left open when its profile started another (the session lifecycle, ``OpenSessions``):
        /// its figures are the reviews made while it was open, and it has no end or duration (the
        /// app never said when the person stopped).
        case abandoned = 2
    }

    /// The session.
    public let id: StudySessionID
    /// Whose session it is.
    public let profile: ProfileID
    /// The deck studied, nil for all decks.
    public let deck: DeckID?
    /// When it started.
    public let started: EventTime
    /// The profile's local day of the start (its day cut-off applies).
    public let day: Int64
    /// How it stands.
    public internal(set) var outcome: Outcome = .open
    /// When it ended (nil while open and for an abandoned session).
    public internal(set) var ended: EventTime?
    /// What was studied in it.
    public internal(set) var figures = StudySessionFigures()

    init(id: StudySessionID, profile: ProfileID, deck: DeckID?, started: EventTime, day: Int64) {
        self.id = id
        self.profile = profile
        self.deck = deck
        self.started = started
        self.day = day
    }

    /// From start to end in milliseconds; nil while open and for an abandoned session.
    public var durationMs: Int64? { ended.map { max(0, $0.instant.milliseconds - started.instant.milliseconds) } }

    /// Whether `self` is listed before `other`: later start first, ties by id.
    func isListedBefore(_ other: StudySession) -> Bool {
        started.instant != other.started.instant ? started.instant > other.started.instant : id < other.id
    }
}

/// What was studied in a session: the reviews graded in it (scheduled or cram, undone ones
/// taken out), by rating, the different cards they were of and the time they took.
public struct StudySessionFigures: Sendable, Equatable {
    /// Reviews rated Again, Hard, Good, Easy.
    public internal(set) var again = 0, hard = 0, good = 0, easy = 0
    /// Different cards reviewed.
    public internal(set) var cards = 0
    /// The reviews' own durations added up, in milliseconds.
    public internal(set) var reviewTimeMs: Int64 = 0

    /// No review.
    public init() {}

    /// The figures of `reviews`.
    /// - Complexity: O(n) expected for n reviews.
    init(_ reviews: some Collection<SessionReview>) {
        var cards = Set<CardID>(minimumCapacity: reviews.count)
        for review in reviews {
            switch review.rating {
            case .again: again += 1
            case .hard: hard += 1
            case .good: good += 1
            case .easy: easy += 1
            }
            reviewTimeMs += review.durationMs
            cards.insert(review.card)
        }
        self.cards = cards.count
    }

    /// Reviews in all.
    public var reviews: Int { again + hard + good + easy }
}

/// A review graded in an open session, kept until the session closes so that an undo can take
/// it back out.
struct SessionReview: Sendable, Equatable {
    let card: CardID
    let rating: Rating
    let durationMs: Int64
}

extension StudySession: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = StudySessionID(try reader.readUUID())
        profile = ProfileID(try reader.readUUID())
        deck = try DeckID?(from: &reader)
        started = try EventTime(from: &reader)
        day = try Int64(from: &reader)
        let code = try reader.readByte()
        guard let outcome = Outcome(rawValue: code) else {
            throw reader.error(.invalidValue, "study session outcome \(code) is not one of 0-2")
        }
        self.outcome = outcome
        ended = try EventTime?(from: &reader)
        figures = try StudySessionFigures(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        profile.encode(to: &writer)
        deck.encode(to: &writer)
        started.encode(to: &writer)
        day.encode(to: &writer)
        writer.writeByte(outcome.rawValue)
        ended.encode(to: &writer)
        figures.encode(to: &writer)
    }
}

extension StudySessionFigures: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        again = try reader.readInt()
        hard = try reader.readInt()
        good = try reader.readInt()
        easy = try reader.readInt()
        cards = try reader.readInt()
        reviewTimeMs = try Int64(from: &reader)
    }

    package func encode(to writer: inout BinaryWriter) {
        again.encode(to: &writer)
        hard.encode(to: &writer)
        good.encode(to: &writer)
        easy.encode(to: &writer)
        cards.encode(to: &writer)
        reviewTimeMs.encode(to: &writer)
    }
}

extension SessionReview: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        card = CardID(try reader.readUUID())
        rating = try Rating(from: &reader)
        durationMs = try Int64(from: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        card.encode(to: &writer)
        rating.encode(to: &writer)
        durationMs.encode(to: &writer)
    }
}
