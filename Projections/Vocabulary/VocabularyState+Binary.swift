import Events
import FSRS

// The snapshot encoding of the vocabulary state: configuration, calendar, per-profile
// scheduling, decks, cards and daily introductions; dictionaries in key order, so the same
// state always gives the same bytes. The indexes are derived and rebuilt on decoding.
extension VocabularyState {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        defaultScheduling = try ProfileScheduling(from: &reader)
        dailyNewCardLimit = try reader.readInt()
        calendar = try ProfileCalendar(from: &reader)
        profileScheduling = try [ProfileID: ProfileScheduling](decoding: &reader)
        decks = try [DeckID: DeckRecord](decoding: &reader)
        deletedDeckCount = decks.values.reduce(0) { $0 + ($1.isDeleted ? 1 : 0) }
        try decodeCards(from: &reader)
        introductions = try [ProfileID: DailyIntroductions](decoding: &reader)
    }

    /// Reads the cards (as `[CardID: CardRecord]` is encoded) and derives the indexes from each
    /// record as it is read, before it goes into the dictionary (reading it back out of the
    /// dictionary would copy it); the index keys are then sorted once and built in one pass.
    /// - Throws: ``EventDecodingError`` for malformed bytes or a card id that appears twice.
    /// - Complexity: O(n log n) for n cards.
    private mutating func decodeCards(from reader: inout BinaryReader) throws(EventDecodingError) {
        let count = try reader.readCount()
        cards = Dictionary(minimumCapacity: count)
        deckCards = [:]
        var indexKeys = IndexKeys()
        for _ in 0..<count {
            let id = CardID(try reader.readUUID())
            let card = try CardRecord(from: &reader)
            deckCards[card.deck, default: []].insert(id)
            indexKeys.add(indexEntry(of: card), profile: card.profile)
            guard cards.updateValue(card, forKey: id) == nil else {
                throw reader.error(.invalidValue, "a dictionary key appears twice")
            }
        }
        (dueIndex, newIndex) = indexKeys.build()
    }

    package func encode(to writer: inout BinaryWriter) {
        defaultScheduling.encode(to: &writer)
        dailyNewCardLimit.encode(to: &writer)
        calendar.encode(to: &writer)
        profileScheduling.encode(to: &writer)
        decks.encode(to: &writer)
        cards.encode(to: &writer)
        introductions.encode(to: &writer)
    }
}

extension ProfileScheduling: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let weights = try [Float](decoding: &reader)
        let retention = try reader.readFloat()
        let maximumInterval = try reader.readInt()
        let cutoff = try reader.readInt()
        let learning = try [Int](decoding: &reader)
        let relearning = try [Int](decoding: &reader)
        let fuzz = try reader.readBool()
        do {
            let parameters = try FSRSParameters(weights)
            self.init(try SchedulerConfiguration(
                parameters: parameters, desiredRetention: retention, maximumInterval: maximumInterval,
                dayCutoffHour: cutoff, learningSteps: learning, relearningSteps: relearning, fuzz: fuzz))
        } catch {
            throw reader.error(.invalidValue, "snapshot holds an invalid scheduler configuration: \(error)")
        }
    }

    func encode(to writer: inout BinaryWriter) {
        configuration.parameters.weights.encode(to: &writer)
        configuration.desiredRetention.encode(to: &writer)
        configuration.maximumInterval.encode(to: &writer)
        configuration.dayCutoffHour.encode(to: &writer)
        configuration.learningSteps.encode(to: &writer)
        configuration.relearningSteps.encode(to: &writer)
        configuration.fuzz.encode(to: &writer)
    }
}

extension DeckRecord: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        id = DeckID(try reader.readUUID())
        name = try String(from: &reader)
        profile = ProfileID(try reader.readUUID())
        createdPosition = try UInt64(from: &reader)
        isDeleted = try reader.readBool()
    }

    func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        name.encode(to: &writer)
        profile.encode(to: &writer)
        createdPosition.encode(to: &writer)
        isDeleted.encode(to: &writer)
    }
}

extension DailyIntroductions: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        day = try reader.readInt64()
        count = try reader.readInt()
    }

    func encode(to writer: inout BinaryWriter) {
        day.encode(to: &writer)
        count.encode(to: &writer)
    }
}

extension CardRecord: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self.init(id: CardID(try reader.readUUID()), deck: DeckID(try reader.readUUID()), profile: ProfileID(try reader.readUUID()),
                  front: try String(from: &reader), createdPosition: try UInt64(from: &reader),
                  created: try EventTime(from: &reader))
        isSuspended = try reader.readBool()
        isDeleted = try reader.readBool()
        edits = try reader.readInt()
        moves = try reader.readInt()
        schedule = try reader.readBool() ? try CardStateCoding.decode(from: &reader) : nil
        cramReviews = try reader.readInt()
        let reviews = try [RecentReview](decoding: &reader)
        guard reviews.count <= Self.undoDepth else {
            throw reader.error(.invalidValue, "a card remembers \(reviews.count) reviews, more than \(Self.undoDepth)")
        }
        recentReviews = ReviewStack(reviews)
    }

    func encode(to writer: inout BinaryWriter) {
        id.encode(to: &writer)
        deck.encode(to: &writer)
        profile.encode(to: &writer)
        front.encode(to: &writer)
        createdPosition.encode(to: &writer)
        created.encode(to: &writer)
        isSuspended.encode(to: &writer)
        isDeleted.encode(to: &writer)
        edits.encode(to: &writer)
        moves.encode(to: &writer)
        CardStateCoding.encode(schedule, to: &writer)
        cramReviews.encode(to: &writer)
        recentReviews.reviews.encode(to: &writer)
    }
}

extension RecentReview: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        review = EventID(try reader.readUUID())
        switch try reader.readByte() {
        case 0: effect = .cram
        case 1:
            let before: CardState? = try reader.readBool() ? try CardStateCoding.decode(from: &reader) : nil
            effect = .scheduled(before: before, day: try reader.readInt64())
        case let other:
            throw reader.error(.invalidValue, "review effect byte must be 0 (cram) or 1 (scheduled), not \(other)")
        }
    }

    func encode(to writer: inout BinaryWriter) {
        review.encode(to: &writer)
        switch effect {
        case .cram:
            writer.writeByte(0)
        case .scheduled(let before, let day):
            writer.writeByte(1)
            CardStateCoding.encode(before, to: &writer)
            day.encode(to: &writer)
        }
    }
}

/// The encoding of an FSRS `CardState` (a type of another module, so written with functions
/// rather than a conformance).
enum CardStateCoding {
    /// A state to overwrite field by field: `CardState` has public fields but no public
    /// initializer, so one is made by the scheduler and every field is then replaced.
    private static let template: CardState = {
        let configuration = try! SchedulerConfiguration.memoryModel()
        return Scheduler(configuration: configuration)
            .apply(ReviewRecord(rating: .good, timeMs: 0), to: nil, cardID: 0).state
    }()

    static func encode(_ state: CardState?, to writer: inout BinaryWriter) {
        guard let state else { return writer.writeByte(0) }
        writer.writeByte(1)
        state.memory.stability.encode(to: &writer)
        state.memory.difficulty.encode(to: &writer)
        state.phase.rawValue.encode(to: &writer)
        state.step.encode(to: &writer)
        state.reps.encode(to: &writer)
        state.lapses.encode(to: &writer)
        state.lastReviewMs.encode(to: &writer)
        state.lastReviewDay.encode(to: &writer)
        state.intervalDays.encode(to: &writer)
        state.dueMs.encode(to: &writer)
    }

    /// Reads a state written by ``encode(_:to:)`` after its presence byte.
    static func decode(from reader: inout BinaryReader) throws(EventDecodingError) -> CardState {
        let memory = MemoryState(stability: try reader.readFloat(), difficulty: try reader.readFloat())
        let phaseCode = try reader.readInt()
        guard let phase = CardPhase(rawValue: phaseCode) else {
            throw reader.error(.invalidValue, "card phase \(phaseCode) is not 1 (learning), 2 (review) or 3 (relearning)")
        }
        var state = template
        state.memory = memory
        state.phase = phase
        state.step = try reader.readInt()
        state.reps = try reader.readInt()
        state.lapses = try reader.readInt()
        state.lastReviewMs = try reader.readInt64()
        state.lastReviewDay = try reader.readInt64()
        state.intervalDays = try reader.readInt()
        state.dueMs = try reader.readInt64()
        return state
    }
}
