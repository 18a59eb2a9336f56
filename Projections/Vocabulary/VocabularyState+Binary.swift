import Events
import FSRS

// The snapshot encoding of the vocabulary state: configuration, calendar, per-profile
// scheduling, decks, cards and daily introductions; dictionaries in key order, so the same
// state always gives the same bytes. The indexes are derived and rebuilt on decoding.
extension VocabularyState {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        defaultScheduling = try ProfileScheduling(from: &reader)
        dailyNewCardLimit = try Int(from: &reader)
        calendar = try ProfileCalendar(from: &reader)
        profileScheduling = try [ProfileID: ProfileScheduling](decoding: &reader)
        decks = try [DeckID: DeckRecord](decoding: &reader)
        cards = try [CardID: CardRecord](decoding: &reader)
        introductions = try [ProfileID: DailyIntroductions](decoding: &reader)
        rebuildIndexes()
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
        let retention = try Float(from: &reader)
        let maximumInterval = try Int(from: &reader)
        let cutoff = try Int(from: &reader)
        let learning = try [Int](decoding: &reader)
        let relearning = try [Int](decoding: &reader)
        let fuzz = try Bool(from: &reader)
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
        id = try DeckID(from: &reader)
        name = try String(from: &reader)
        profile = try ProfileID(from: &reader)
        createdPosition = try UInt64(from: &reader)
        isDeleted = try Bool(from: &reader)
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
        day = try Int64(from: &reader)
        count = try Int(from: &reader)
    }

    func encode(to writer: inout BinaryWriter) {
        day.encode(to: &writer)
        count.encode(to: &writer)
    }
}

extension CardRecord: BinaryCodable {
    init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self.init(id: try CardID(from: &reader), deck: try DeckID(from: &reader), profile: try ProfileID(from: &reader),
                  front: try String(from: &reader), createdPosition: try UInt64(from: &reader),
                  created: try EventTime(from: &reader))
        isSuspended = try Bool(from: &reader)
        isDeleted = try Bool(from: &reader)
        edits = try Int(from: &reader)
        moves = try Int(from: &reader)
        schedule = try Bool(from: &reader) ? try CardStateCoding.decode(from: &reader) : nil
        cramReviews = try Int(from: &reader)
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
        review = try EventID(from: &reader)
        switch try reader.readByte() {
        case 0: effect = .cram
        case 1:
            let before: CardState? = try Bool(from: &reader) ? try CardStateCoding.decode(from: &reader) : nil
            effect = .scheduled(before: before, day: try Int64(from: &reader))
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
        let memory = MemoryState(stability: try Float(from: &reader), difficulty: try Float(from: &reader))
        let phaseCode = try Int(from: &reader)
        guard let phase = CardPhase(rawValue: phaseCode) else {
            throw reader.error(.invalidValue, "card phase \(phaseCode) is not 1 (learning), 2 (review) or 3 (relearning)")
        }
        var state = template
        state.memory = memory
        state.phase = phase
        state.step = try Int(from: &reader)
        state.reps = try Int(from: &reader)
        state.lapses = try Int(from: &reader)
        state.lastReviewMs = try Int64(from: &reader)
        state.lastReviewDay = try Int64(from: &reader)
        state.intervalDays = try Int(from: &reader)
        state.dueMs = try Int64(from: &reader)
        return state
    }
}
