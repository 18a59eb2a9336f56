import Events
import Foundation
import Projections

/// The activity read model: daily stats, streaks and achievements folded together over decoded
/// events (decoding and reading the log are measured elsewhere), target ≥ 8M events/s; and the
/// decoding of its snapshot bytes.
let activityWorkloads: [Workload] = [
    activityFoldWorkload("activity.baseline", "empty fold (the loop's own cost, to subtract)" + activityLogSummary) { EmptyFold() },
    activityFoldWorkload("activity.all", "activity fold: daily stats, streaks and achievements (default rules) in one" + activityLogSummary) {
        try! ActivityProjection(defaultCutoffHour: 4)
    },
    activityFoldWorkload("activity.all.single", "activity.all folded event by event (the live path), not in batches" + activityLogSummary,
                         batched: false) { try! ActivityProjection(defaultCutoffHour: 4) },
    activityFoldWorkload("activity.reviews", "activity.all over the benchmark log's cards, reviews and undos only (no spelling, "
                         + "stories or dictation): what a review-only app pays",
                         log: { ActivityBenchmarkLog.make(events: $0, seed: 7).filter(\.isCardEvent) }) {
        try! ActivityProjection(defaultCutoffHour: 4)
    },
    activityFoldWorkload("activity.mix", "activity.all over the replay's mixed log (EventMix: one profile, about 90k cards "
                         + "per 1M events, 65% reviews): the fold's share of replay.all, without reading or decoding",
                         defaultEvents: 1_000_000, log: { try! EventMix.events(count: $0) }) {
        try! ActivityProjection(defaultCutoffHour: 4)
    },
    activitySnapshotWorkload,
]

/// Encodes the activity state folded from the benchmark log and times decoding it back (what a
/// snapshot restore does after the file is read); prints the snapshot's size.
private let activitySnapshotWorkload = Workload(
    name: "activity.snapshot", summary: "decode the activity state's snapshot bytes (10k cards; events = log length)",
    defaultEvents: 2_000_000, quickEvents: 20_000
) { context in
    let events = ActivityBenchmarkLog.make(events: context.events, seed: 7)
    let projection = try! ActivityProjection(defaultCutoffHour: 4)
    var state = projection.makeInitialState()
    for event in events { projection.apply(event, to: &state) }
    var writer = BinaryWriter()
    state.encode(to: &writer)
    let bytes = writer.bytes
    let start = Stopwatch.now()
    let decoded = try bytes.withUnsafeBytes { raw in
        var reader = BinaryReader(raw)
        return try ActivityState(from: &reader)
    }
    let seconds = Stopwatch.seconds(since: start)
    guard decoded == state else { throw ActivitySnapshotBenchmarkError(message: "the decoded state differs") }
    FileHandle.standardError.write(Data("activity.snapshot: \(bytes.count) bytes\n".utf8))
    return Sample(events: events.count, seconds: seconds)
}

private struct ActivitySnapshotBenchmarkError: Error { let message: String }

/// What the default log of the activity folds holds.
private let activityLogSummary = ": 10k cards, 75% reviews (some undone), spelling, stories, dictation"

/// A fold over `log(events)` (by default the activity benchmark log: 10k cards, two profiles),
/// in batches of 4,096 events (as the projection runner hands them over) or, when not
/// `batched`, event by event.
private func activityFoldWorkload<P: Projection>(
    _ name: String, _ what: String, batched: Bool = true, defaultEvents: Int = 2_000_000,
    log: @escaping @Sendable (Int) -> [RecordedEvent] = { ActivityBenchmarkLog.make(events: $0, seed: 7) },
    _ make: @escaping @Sendable () -> P
) -> Workload {
    Workload(name: name, summary: what,
             defaultEvents: defaultEvents, quickEvents: 20_000) { context in
        let events = log(context.events)
        let batches = stride(from: 0, to: events.count, by: 4096).map { Array(events[$0..<min($0 + 4096, events.count)]) }
        let projection = make()
        var state = projection.makeInitialState()
        let start = Stopwatch.now()
        if batched {
            for batch in batches { _ = projection.apply(batch, after: 0, to: &state) }
        } else {
            for event in events { try projection.apply(event, to: &state) }
        }
        let seconds = Stopwatch.seconds(since: start)
        blackHole(state)
        return Sample(events: events.count, seconds: seconds)
    }
}

/// A fold that only notes the last position: what iterating the events costs by itself.
private struct EmptyFold: Projection {
    struct State: ProjectionState {
        var last: UInt64 = 0
        init() {}
        init(from reader: inout SnapshotReader) throws(EventDecodingError) { last = try reader.read() }
        func encode(to writer: inout SnapshotWriter) { writer.write(last) }
    }
    static let name = "empty"
    static let version: UInt32 = 1
    var fingerprint: UInt64 { 0 }
    func makeInitialState() -> State { State() }
    func apply(_ event: RecordedEvent, to state: inout State) { state.last = event.position }
}

/// A seeded synthetic activity log for the folds: two profiles, 10,000 cards, about 300 events
/// a day over many days.
enum ActivityBenchmarkLog {
    static func make(events count: Int, seed: UInt64) -> [RecordedEvent] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func uuid(_ high: UInt64, _ low: UInt64) -> UUID {
            var bytes = [UInt8](repeating: 0, count: 16)
            for i in 0..<8 {
                bytes[i] = UInt8(truncatingIfNeeded: high >> (8 * UInt64(i)))
                bytes[8 + i] = UInt8(truncatingIfNeeded: low >> (8 * UInt64(i)))
            }
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
        let cards = 10_000
        let profiles = [ProfileID(uuid(1, 1)), ProfileID(uuid(1, 2))]
        let offset = try! UTCOffset(seconds: 3600)
        var events: [RecordedEvent] = []
        events.reserveCapacity(count + cards)
        var time: Int64 = 1_767_225_600_000
        var lastReview: [Int: EventID] = [:]
        func append(_ event: DomainEvent, stream: StreamID, profile: ProfileID) {
            let position = UInt64(events.count + 1)
            events.append(RecordedEvent(position: position, id: EventID(uuid(2, position)), stream: stream, streamVersion: 1,
                                        profile: profile, occurred: EventTime(instant: Timestamp(milliseconds: time), utcOffset: offset),
                                        recordedAt: Timestamp(milliseconds: time), event: event))
        }
        for card in 0..<min(cards, count) {
            let id = CardID(uuid(3, UInt64(card)))
            append(.cardCreated(CardCreated(card: id, deck: DeckID(uuid(4, 0)), front: "f", back: "b")),
                   stream: .card(id), profile: profiles[card & 1])
        }
        let ratings: [Rating] = [.again, .hard, .good, .good, .good, .easy]
        let session = SpellingSessionID(uuid(5, 0))
        let story = StoryID(uuid(6, 0))
        while events.count < count {
            time += Int64(next() % 600_000)
            let roll = next() % 100
            let who = Int(next() & 1)
            if roll < 75 {
                let card = Int(next() % UInt64(cards))
                let id = CardID(uuid(3, UInt64(card)))
                let review = ReviewGraded(card: id, rating: ratings[Int(next() % 6)], mode: roll < 8 ? .cram : .scheduled,
                                          duration: try! ElapsedTime(milliseconds: Int64(next() % 30_000)))
                append(.reviewGraded(review), stream: .card(id), profile: profiles[card & 1])
                lastReview[card] = events.last!.id
            } else if roll < 77, let (card, review) = lastReview.first {
                lastReview[card] = nil
                let id = CardID(uuid(3, UInt64(card)))
                append(.reviewUndone(ReviewUndone(card: id, review: review)), stream: .card(id), profile: profiles[card & 1])
            } else if roll < 92 {
                append(.wordSpelled(WordSpelled(session: session, word: "cat", typed: "cat", correct: next() % 4 != 0,
                                                attempt: try! AttemptNumber(1), hintsUsed: 0,
                                                duration: try! ElapsedTime(milliseconds: 4000))),
                       stream: .spellingSession(session), profile: profiles[who])
            } else if roll < 96 {
                append(.storyRead(StoryRead(story: story, lastPageRead: try! PageNumber(3), finished: true)),
                       stream: .story(story), profile: profiles[who])
            } else {
                append(.dictationFinished(DictationFinished(wordCount: 30, duration: try! ElapsedTime(milliseconds: 60_000),
                                                            language: try! LanguageTag("en"))),
                       stream: .profile(profiles[who]), profile: profiles[who])
            }
        }
        return events
    }
}

extension RecordedEvent {
    /// Whether the event is a card created, a review graded or a review undone (the review-only log).
    fileprivate var isCardEvent: Bool {
        switch event {
        case .cardCreated, .reviewGraded, .reviewUndone: true
        default: false
        }
    }
}
