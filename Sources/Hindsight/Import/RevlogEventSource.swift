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

    /// Events made and not yet handed out, from ``carriedStart`` on: the prefix, then the rest
    /// of a row whose events did not fit in the chunk being filled.
    private var carried: [ImportedEvent]
    private var carriedStart = 0
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
        carried = prefix
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
        while carriedStart == carried.count {
            carried.removeAll(keepingCapacity: true)
            carriedStart = 0
            guard let record = try rows.next() else { return nil }
            var events: [ImportedEvent] = []
            swap(&events, &carried)
            try append(record, to: &events)
            carried = events
        }
        defer { carriedStart += 1 }
        return carried[carriedStart]
    }

    /// Appends the events in order straight to `events`, a row at a time; a row's events that
    /// go past `limit` are carried to the next call.
    mutating func read(into events: inout [ImportedEvent], upTo limit: Int) throws(ImportError) -> Bool {
        while true {
            if carriedStart < carried.count {
                let taken = min(carried.count - carriedStart, limit - events.count)
                events.append(contentsOf: carried[carriedStart..<(carriedStart + taken)])
                carriedStart += taken
                if carriedStart == carried.count {
                    carried.removeAll(keepingCapacity: true)
                    carriedStart = 0
                }
            }
            guard events.count < limit else { return true }
            guard let record = try rows.next() else { return false }
            let start = events.count
            do throws(ImportError) { try append(record, to: &events) } catch {
                // As when the events were handed out one at a time: none of the failing row's.
                events.removeSubrange(start...)
                throw error
            }
            if events.count > limit {
                carried.append(contentsOf: events[limit...])
                events.removeSubrange(limit...)
            }
        }
    }

    /// Appends the cards created at `record`'s time (when it is the first row of that time),
    /// then the events of its row, in order.
    private mutating func append(_ record: RevlogRecord, to events: inout [ImportedEvent]) throws(ImportError) {
        while nextCreation < creations.count, creations[nextCreation].timeMs <= record.timeMs {
            let creation = creations[nextCreation]
            let number = Int(creation.card)
            events.append(maker.creation(cardsByNumber[number], cardID: scan.cardIDs[number], name: scan.cardName(number),
                                         at: creation.timeMs, line: creation.line))
            nextCreation += 1
        }
        if group.map({ $0.timeMs != record.timeMs || $0.card != record.card }) ?? true {
            group = (record.timeMs, record.card)
            occurrences = SIMD4()
        }
        let row = scan.row(record)
        let number = Int(record.card)
        var requiresPresence: ReviewBeforeLatest?
        if let last = latest[number], row.reviewTimeMs < last {
            requiresPresence = ReviewBeforeLatest(cardID: row.cardID, isText: scan.cardTexts[row.cardID] != nil,
                                                  timeMs: row.reviewTimeMs, latestMs: last)
        }
        for step in walks[number].steps(for: row) {
            let slot = RevlogEventMaker.slot(of: step)
            let occurrence = occurrences[slot]
            occurrences[slot] += 1
            events.append(try maker.event(step, row, card: cardsByNumber[number], occurrence: occurrence, requiresPresence: requiresPresence))
            if case .graded = step { reviews += 1 }
        }
    }
}

/// Makes the events of a revlog import's rows: their ids (``ImportIdentity``), streams and times.
struct RevlogEventMaker {
    let profile: ProfileID
    let deckName: String
    let offset: UTCOffset
    let path: String?
    /// The ids of a row's kinds of event, by ``slot(of:)``.
    private let stems: [ImportIdentity.Stem]
    /// The import's deck, and the back of every card it creates.
    private let deck: DeckID, back: String

    /// The maker of `profile`'s events in the deck `deckName`, at `offset` from UTC; errors name the file `path`.
    init(profile: ProfileID, deckName: String, offset: UTCOffset, path: String?) {
        self.profile = profile
        self.deckName = deckName
        self.offset = offset
        self.path = path
        stems = Self.slotKinds.map { ImportIdentity.Stem(profile, $0) }
        deck = ImportIdentity.deck(profile, name: deckName)
        back = "imported from \(deckName)"
    }

    /// The creation of `card` (the revlog's card `cardID`, spelled `name` in the file) in the
    /// import's deck at `timeMs`.
    func creation(_ card: CardID, cardID: Int64, name: String, at timeMs: Int64, line: Int) -> ImportedEvent {
        let created = CardCreated(card: card, deck: deck, front: RevlogCardOrigin.front(name: name), back: back)
        let id = ImportIdentity.uuid(profile, .cardCreated, [cardID])
        return ImportedEvent(pending: pending(id, .card(card), at: timeMs, .cardCreated(created)), streamVersion: nil, recordedAt: nil,
                             line: line)
    }

    /// The event of `step` for `row` of `card` (``ImportIdentity/card(_:revlogCard:)`` of the
    /// row's card), the `occurrence`-th of its kind at the row's card and time, entering the log
    /// only if present when `requiresPresence` is given.
    /// - Throws: `badRevlogLine` when an answer's rating or duration is out of range.
    func event(_ step: RevlogCardWalk.Step, _ row: RevlogRow, card: CardID, occurrence: Int64,
               requiresPresence: ReviewBeforeLatest?) throws(ImportError) -> ImportedEvent {
        let id = stems[Self.slot(of: step)].uuid(row.cardID, row.reviewTimeMs, occurrence)
        let event: DomainEvent
        switch step {
        case .graded(let mode): event = .reviewGraded(try graded(card, row, mode))
        case .reset: event = .cardReset(CardReset(card: card))
        case .dueSet: event = .cardDueSet(CardDueSet(card: card, due: nil))
        }
        return ImportedEvent(pending: pending(id, .card(card), at: row.reviewTimeMs, event), streamVersion: nil, recordedAt: nil,
                             line: row.line, requiresPresence: requiresPresence)
    }

    /// The salt of each slot's ids: reviews keep the ids earlier versions derived.
    private static let slotKinds: [ImportIdentity.Kind] = [.review, .cardReset, .impliedReset, .cardDueSet]

    /// The place of a step's kind of event among a row's kinds (``slotKinds``): its id's salt,
    /// and its count among a group's occurrences.
    static func slot(of step: RevlogCardWalk.Step) -> Int {
        switch step {
        case .graded: 0
        case .reset(implied: false): 1
        case .reset(implied: true): 2
        case .dueSet: 3
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

extension RevlogEventSource {
    /// True: every id is derived (``ImportIdentity``) from the profile, the kind of event and
    /// values no other event of the same kind in one import has (the revlog card; with a row's
    /// time and its occurrence number among the rows of the same card and time; the deck's name;
    /// the profile stream's version), so two of its ids are equal only if 122 bits of hash
    /// collide.
    var idsAreDistinct: Bool { true }
}
