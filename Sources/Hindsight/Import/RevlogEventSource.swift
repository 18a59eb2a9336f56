import Foundation
import Events
import FSRS

/// The events of a revlog import (``RevlogImportPlan``), made one row at a time as the import
/// asks for them, from the rows in time order (``RevlogRecordMerge``): first the profile and deck
/// events, then at each time the cards first seen then (in order of their first row in the file),
/// then each row's events (``RevlogCardWalk``). Holds each card's walk and latest review in the
/// store, and the events of one row.
struct RevlogEventSource: ImportEventSource {
    /// A card the import creates, at its earliest row.
    struct Creation {
        var timeMs: Int64
        var card: UInt32
        var line: Int
    }

    let path: String?
    var bytesRead: UInt64 { 0 }
    /// The answers made into reviews so far (all of them, once the source is drained).
    private(set) var reviews = 0
    /// The number of cards in the file.
    var cards: Int { scan.cardIDs.count }

    /// The events made and not yet handed out, the next one last (handed out by moving it out).
    private var queue: [ImportedEvent]
    private var rows: RevlogRecordMerge
    private let scan: RevlogScan
    private let maker: RevlogEventMaker
    private let creations: [Creation]
    private var nextCreation = 0
    private var walks: [RevlogCardWalk]
    /// The card each revlog card becomes, by its number in ``RevlogScan/cardIDs``.
    private let cardsByNumber: [CardID]
    /// Each card's latest review in the store (nil: a new card).
    private let latest: [Int64?]
    /// The card and time of the last row, and how many events of each kind it and the rows of
    /// the same card and time before it made (an id's occurrence number).
    private var group: (timeMs: Int64, card: UInt32)?
    private var occurrences = SIMD4<Int64>()

    /// The events of `prefix`, then of `rows`; `cards`, `latest` and `walks` are, for each card
    /// of `scan` by its number, the card it becomes, its latest review in the store and its walk
    /// before the file's rows (knowing whether the store holds a memory state for it).
    init(prefix: [ImportedEvent], rows: RevlogRecordMerge, scan: RevlogScan, maker: RevlogEventMaker,
         creations: [Creation], cards: [CardID], latest: [Int64?], walks: [RevlogCardWalk]) {
        queue = prefix.reversed()
        self.rows = rows
        self.scan = scan
        self.maker = maker
        self.creations = creations
        self.latest = latest
        cardsByNumber = cards
        self.walks = walks
        path = maker.path
    }

    mutating func next() throws(ImportError) -> ImportedEvent? {
        while queue.isEmpty {
            guard let record = try rows.next() else { return nil }
            try enqueue(record)
            queue.reverse()
        }
        return queue.removeLast()
    }

    /// Queues the cards created at `record`'s time (when it is the first row of that time), then
    /// the events of its row, in order (``next()`` reverses them once queued).
    private mutating func enqueue(_ record: RevlogRecord) throws(ImportError) {
        while nextCreation < creations.count, creations[nextCreation].timeMs <= record.timeMs {
            let creation = creations[nextCreation]
            let number = Int(creation.card)
            queue.append(maker.creation(cardsByNumber[number], cardID: scan.cardIDs[number], at: creation.timeMs, line: creation.line))
            nextCreation += 1
        }
        if group.map({ $0.timeMs != record.timeMs || $0.card != record.card }) ?? true {
            group = (record.timeMs, record.card)
            occurrences = SIMD4()
        }
        let row = scan.row(record)
        let number = Int(record.card)
        for step in walks[number].steps(for: row) {
            let kind = RevlogEventMaker.identityKind(of: step)
            let occurrence = occurrences[kind.slot]
            occurrences[kind.slot] += 1
            var event = try maker.event(step, row, card: cardsByNumber[number], occurrence: occurrence)
            if case .graded = step { reviews += 1 }
            if let last = latest[number], row.reviewTimeMs < last {
                event.requiresPresence = ReviewBeforeLatest(cardID: row.cardID, timeMs: row.reviewTimeMs, latestMs: last)
            }
            queue.append(consume event)
        }
    }
}

/// Makes the events of a revlog import's rows: their ids (``ImportIdentity``), streams and times.
struct RevlogEventMaker {
    let profile: ProfileID
    let deckName: String
    let offset: UTCOffset
    let path: String?

    /// The creation of `card` (the revlog's card `cardID`) in the import's deck at `timeMs`.
    func creation(_ card: CardID, cardID: Int64, at timeMs: Int64, line: Int) -> ImportedEvent {
        let created = CardCreated(card: card, deck: ImportIdentity.deck(profile, name: deckName), front: "revlog card \(cardID)",
                                  back: "imported from \(deckName)")
        let id = ImportIdentity.uuid(profile, .cardCreated, [cardID])
        return ImportedEvent(pending: pending(id, .card(card), at: timeMs, .cardCreated(created)), streamVersion: nil, recordedAt: nil,
                             line: line)
    }

    /// The event of `step` for `row` of `card` (``ImportIdentity/card(_:revlogCard:)`` of the
    /// row's card), the `occurrence`-th of its kind at the row's card and time.
    /// - Throws: `badRevlogLine` when an answer's rating or duration is out of range.
    func event(_ step: RevlogCardWalk.Step, _ row: RevlogRow, card: CardID, occurrence: Int64) throws(ImportError) -> ImportedEvent {
        let id = ImportIdentity.uuid(profile, Self.identityKind(of: step), row.cardID, row.reviewTimeMs, occurrence)
        let event: DomainEvent
        switch step {
        case .graded(let mode): event = .reviewGraded(try graded(card, row, mode))
        case .reset: event = .cardReset(CardReset(card: card))
        case .dueSet: event = .cardDueSet(CardDueSet(card: card, due: nil))
        }
        return ImportedEvent(pending: pending(id, .card(card), at: row.reviewTimeMs, event), streamVersion: nil, recordedAt: nil,
                             line: row.line)
    }

    /// The salt of a step's id: reviews keep the ids earlier versions derived.
    static func identityKind(of step: RevlogCardWalk.Step) -> ImportIdentity.Kind {
        switch step {
        case .graded: .review
        case .reset(implied: false): .cardReset
        case .reset(implied: true): .impliedReset
        case .dueSet: .cardDueSet
        }
    }

    private func graded(_ card: CardID, _ row: RevlogRow, _ mode: ReviewMode) throws(ImportError) -> ReviewGraded {
        do {
            return ReviewGraded(card: card, rating: try Rating(validating: row.rating), mode: mode,
                                duration: try ElapsedTime(input: row.durationMs))
        } catch {
            throw ImportError(.badRevlogLine, "\(error.message); fix or remove the row", path: path, line: row.line)
        }
    }

    private func pending(_ id: UUID, _ stream: StreamID, at timeMs: Int64, _ event: DomainEvent) -> PendingEvent {
        PendingEvent(id: EventID(id), stream: stream, profile: profile,
                     occurred: EventTime(instant: Timestamp(milliseconds: timeMs), utcOffset: offset), event: event)
    }
}

extension ImportIdentity.Kind {
    /// The place of a row's kinds of event among a group's occurrence counts.
    fileprivate var slot: Int {
        switch self {
        case .cardReset: 1
        case .impliedReset: 2
        case .cardDueSet: 3
        default: 0
        }
    }
}

extension RevlogEventSource {
    /// True: every id is derived (``ImportIdentity``) from the profile, the kind of event and
    /// values no other event of the same kind in one import has (the revlog card; with a row's
    /// time and its occurrence number among the rows of the same card and time; the deck's name;
    /// the profile stream's version), so two of its ids are equal only if 122 bits of hash
    /// collide.
    var idsAreDistinct: Bool { true }
}
