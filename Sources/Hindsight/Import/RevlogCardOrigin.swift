import Events
import FSRS

/// The `card_id` a card imported from a revlog had in its file: the front the import gives the
/// card, and the check that reads the id back from a card's creation (for the revlog export,
/// which writes an imported card under the id it came with).
///
/// The check is exact, not a guess from the front's text: an imported card's id is derived
/// from its profile and its `card_id`'s number (``ImportIdentity/card(_:revlogCard:)``), so
/// the front only offers the `card_id`, and the card's own id confirms it. A card made any
/// other way, whatever its front says, has none; an edit of the front changes nothing, since
/// the creation is what is read.
enum RevlogCardOrigin {
    /// What the front of an imported card starts with; its `card_id` as the file spells it
    /// (``RevlogCardTexts/name(of:)``) follows.
    static let frontPrefix = "revlog card "

    /// The front the import gives the card whose `card_id` the file spells `name`.
    static func front(name: String) -> String { frontPrefix + name }

    /// The `card_id` the card of `created`, created by `profile`, was imported from: its number
    /// in revlog rows (``RevlogRow/cardID``), and its text when the file spelled it as text (nil
    /// for an integer id). Nil for a card no revlog import made.
    /// - Complexity: O(front length).
    static func cardID(of created: CardCreated, profile: ProfileID) -> RevlogCardID? {
        guard created.front.hasPrefix(frontPrefix) else { return nil }
        // The import spells the id as the reader read it: an integer in decimal, a text trimmed.
        let origin = RevlogCardTexts.read(cardID: String(created.front.dropFirst(frontPrefix.count)))
        guard ImportIdentity.card(profile, revlogCard: origin.number) == created.card else { return nil }
        return RevlogCardID(number: origin.number, text: origin.text)
    }
}

extension Identifier where Tag == CardTag {
    /// The card a revlog import for `profile` makes of the `card_id` spelled `cardID` (an integer
    /// or a text, as the file spells it: ``RevlogCardTexts/read(cardID:)``): the same id in
    /// every import and version, whether or not such a card was imported.
    public static func revlogCard(_ cardID: String, profile: ProfileID) -> CardID {
        ImportIdentity.card(profile, revlogCard: RevlogCardTexts.read(cardID: cardID).number)
    }
}
