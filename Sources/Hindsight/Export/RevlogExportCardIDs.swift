import Events
import FSRS

/// The `card_id` each card has in a revlog export. A card imported from a revlog keeps the
/// `card_id` it had in its file (``RevlogCardOrigin``: an Anki card id, a note key), so an
/// export of imported history joins the source app's own tables, and imported again for the
/// same profile it finds its cards (the import derives a card's id from its `card_id`). Any
/// other card is written as its ``Identifier/revlogID``.
///
/// Two cards of the export that came with the same `card_id` (one file imported for two
/// profiles, both exported) would be one card in the file, so both are written as their
/// `revlogID` instead; an export of one of the profiles keeps the file's ids.
struct RevlogExportCardIDs {
    /// The `card_id` each imported card came with, by card (the first creation of each).
    private var origins: [CardID: RevlogCardID] = [:]
    /// How many cards came with each `card_id` number.
    private var claims: [Int64: Int] = [:]
    /// The text `card_id`s of the export, by number (for ``RevlogCSV/line(_:cardTexts:)``);
    /// complete after ``settle()``.
    private(set) var texts = RevlogCardTexts()

    /// Nothing observed yet.
    init() {}

    /// Notes the `card_id` of the card `event` creates, when a revlog import created it and
    /// `filter` lets the card's profile and stream through. Call with every event of the
    /// export's log in order, then ``settle()``.
    mutating func observe(_ event: RecordedEvent, filter: ExportFilter) {
        guard case .cardCreated(let created) = event.event, origins[created.card] == nil, filter.includesProfileAndStream(of: event),
              let origin = RevlogCardOrigin.cardID(of: created, profile: event.profile) else { return }
        origins[created.card] = origin
        claims[origin.number, default: 0] += 1
    }

    /// Drops the `card_id`s that more than one card came with, and keeps the texts of the
    /// others. Call once, after the last ``observe(_:filter:)``.
    mutating func settle() {
        origins = origins.filter { claims[$0.value.number] == 1 }
        claims = [:]
        let spelled = origins.values.compactMap(\.text)
        do {
            texts = try RevlogCardTexts(spelled)
        } catch {
            // Each text's number is its hash (`RevlogCardOrigin` checked it), and no two cards
            // kept share a number, so no two texts collide.
            preconditionFailure("distinct revlog card numbers collided: \(error)")
        }
    }

    /// The number of `card`'s `card_id` in the file's rows (written as its text when
    /// ``texts`` has one).
    func number(of card: CardID) -> Int64 { origins[card]?.number ?? card.revlogID }
}
