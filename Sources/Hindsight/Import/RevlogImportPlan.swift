import Foundation
import Events
import FSRS
import Projections

/// Turns a revlog's rows into the events of one import, on the store's current state. Pure,
/// but for the temporary file the rows may be sorted through (``RevlogRecordSorter``).
///
/// Every row is kept as history (``RevlogCardWalk``: what each row becomes). For each card: the
/// card, created at its first row's time in the import's deck, then its rows' events: answers
/// of every kind as reviews with their durations (scheduled, or cram where the row does not
/// change the FSRS state), resets and due dates set. Before them, as needed: the profile (when
/// new), its day cut-off (when given and different), the deck (when new). Cards and reviews are put in time order across the file
/// (ties: the cards created at that time first, then by card in order of first row, then file
/// order), so read models fold them as they happened.
/// Every id derives from the file's facts (``ImportIdentity``), so a repeated import finds them.
/// The events are made as the import asks for them (``RevlogEventSource``), from the rows in
/// time order: memory holds a few bytes a card, never the batch.
struct RevlogImportPlan {
    let options: RevlogImportOptions
    let path: String?
    let profiles: ProfileDirectory
    let vocabulary: VocabularyState
    let ledger: CommandLedger

    /// The events for the rows of `scan`, in log order.
    /// - Throws: ``ImportError`` `invalidOption`, `invalidTarget` (a deleted profile, deck or
    ///   card), or `badRevlogLine` (for a `review_time` outside ``Timestamp/allowedRange``),
    ///   naming the line where one is to blame; `store` when the rows cannot be sorted. The
    ///   source throws `badRevlogLine` for a rating or duration out of range as it comes to it;
    ///   a review dated before its card's latest review in the store is refused
    ///   (`reviewOutOfOrder`) unless the log holds it already (``ImportedEvent/requiresPresence``).
    func events(_ scan: inout RevlogScan) throws(ImportError) -> RevlogEventSource {
        let offset = try utcOffset()
        let deckName = options.deckName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !deckName.isEmpty else { throw ImportError(.invalidOption, "the deck name is empty; give the deck a name", path: path) }
        if let hour = options.dayCutoffHour, !(0...23).contains(hour) {
            throw ImportError(.invalidOption, "the day cut-off hour \(hour) is not 0 … 23", path: path)
        }
        if let row = scan.outOfRange {
            throw ImportError(.badRevlogLine, "review_time \(row.reviewTimeMs) is outside \(Timestamp.allowedRangeText); "
                              + "fix or remove the row", path: path, line: row.line)
        }
        var prefix = ImportBatch(path: path)
        let maker = RevlogEventMaker(profile: options.profile, deckName: deckName, offset: offset, path: path)
        guard let earliest = scan.earliestRows.map(\.timeMs).min() else {
            return RevlogEventSource(prefix: [], rows: try scan.sortedRows(), scan: scan, maker: maker, creations: [], cards: [], latest: [],
                                     walks: [])
        }
        let start = EventTime(instant: Timestamp(milliseconds: earliest), utcOffset: offset)
        let firstLine = scan.earliestRows.map(\.line).min() ?? 0
        try addProfileAndDeck(deckName, at: start, line: firstLine, into: &prefix)
        var latest: [Int64?] = []
        latest.reserveCapacity(scan.cardIDs.count)
        var walks: [RevlogCardWalk] = []
        walks.reserveCapacity(scan.cardIDs.count)
        var creations: [RevlogEventSource.Creation] = []
        var cards: [CardID] = []
        cards.reserveCapacity(scan.cardIDs.count)
        for (number, cardID) in scan.cardIDs.enumerated() {
            let card = ImportIdentity.card(options.profile, revlogCard: cardID)
            cards.append(card)
            let first = scan.earliestRows[number]
            let latestMs = try existingCard(card, firstLine: first.line)
            latest.append(latestMs)
            let standing = vocabulary.standing(of: card)
            walks.append(RevlogCardWalk(hasMemoryState: Self.startsWithMemoryState(standing, latestMs: latestMs, firstRowMs: first.timeMs)))
            if standing == nil { creations.append(.init(timeMs: first.timeMs, card: UInt32(number), line: first.line)) }
        }
        creations.sort { ($0.timeMs, $0.card) < ($1.timeMs, $1.card) }
        return RevlogEventSource(prefix: prefix.events, rows: try scan.sortedRows(), scan: scan, maker: maker,
                                 creations: creations, cards: cards, latest: latest, walks: walks)
    }

    /// Whether a card's walk starts with the memory state the store holds for it (`standing`, nil
    /// for a card the import creates): only when every row of the file for it comes after its
    /// latest review in the store (`latestMs`; the file's earliest row at `firstRowMs`), so that
    /// the store's state is the one before the rows. Otherwise the walk starts from nothing, as
    /// for the file's own cards, which keeps a repeated import of the same file making the same
    /// events (or fewer: a forget that reset the card's state the first time is nothing then).
    static func startsWithMemoryState(_ standing: CardStanding?, latestMs: Int64?, firstRowMs: Int64) -> Bool {
        guard let standing, !standing.isNew, let latestMs else { return false }
        return firstRowMs > latestMs
    }

    private func utcOffset() throws(ImportError) -> UTCOffset {
        let (seconds, overflow) = options.utcOffsetMinutes.multipliedReportingOverflow(by: 60)
        guard !overflow, let offset = try? UTCOffset(seconds: seconds) else {
            throw ImportError(.invalidOption, "the UTC offset \(options.utcOffsetMinutes) minutes is out of range; give -1080 … 1080", path: path)
        }
        return offset
    }

    /// The profile (if new), its day cut-off (if it changes) and the deck (if new).
    private func addProfileAndDeck(_ deckName: String, at time: EventTime, line: Int, into batch: inout ImportBatch) throws(ImportError) {
        let profile = options.profile
        let stream = StreamID.profile(profile)
        let currentCutoff = profiles.scheduler(profile: profile).dayCutoffHour
        if let record = profiles.profile(profile) {
            guard !record.isDeleted else {
                throw ImportError(.invalidTarget, "profile \(profile) was deleted; import into an existing profile", path: path)
            }
        } else {
            let name = PersonalDataReference(key: ImportIdentity.uuid(profile, .profileCreated, [1]))
            let id = ImportIdentity.uuid(profile, .profileCreated, [0])
            batch.append(PendingEvent(id: EventID(id), stream: stream, profile: profile, occurred: time,
                                      event: .profileCreated(ProfileCreated(profile: profile, name: name, isChild: false))),
                         line: line, personalData: [(name, .text(options.newProfileName))])
        }
        if let hour = options.dayCutoffHour, hour != currentCutoff {
            let id = ImportIdentity.uuid(profile, .dayCutoff, [Int64(hour), Int64(ledger.version(of: stream))])
            guard let value = try? HourOfDay(hour) else {
                throw ImportError(.invalidOption, "the day cut-off hour \(hour) is not 0 … 23", path: path)
            }
            batch.append(PendingEvent(id: EventID(id), stream: stream, profile: profile, occurred: time,
                                      event: .dayCutoffChanged(DayCutoffChanged(hour: value))), line: line)
        }
        let deck = ImportIdentity.deck(profile, name: deckName)
        if let isDeleted = vocabulary.isDeckDeleted(deck, of: profile) {
            guard !isDeleted else {
                throw ImportError(.invalidTarget, "deck '\(deckName)' was deleted; import into another deck (--deck)", path: path)
            }
        } else {
            let id = ImportIdentity.uuid(profile, .deckCreated, [ImportIdentity.number(deckName)])
            batch.append(PendingEvent(id: EventID(id), stream: .deck(deck), profile: profile, occurred: time,
                                      event: .deckCreated(DeckCreated(deck: deck, name: deckName))), line: line)
        }
    }

    /// The instant of the latest review of `card` already in the store (nil for a new card).
    /// - Throws: `invalidTarget` when the card was deleted.
    private func existingCard(_ card: CardID, firstLine: Int) throws(ImportError) -> Int64? {
        guard let summary = vocabulary.card(card) else { return nil }
        guard !summary.isGone else {
            throw ImportError(.invalidTarget, "card \(card) was deleted in the store; its reviews cannot be imported", path: path, line: firstLine)
        }
        return vocabulary.lastReviewInstantMs(of: card) ?? summary.created.instant.milliseconds
    }
}
