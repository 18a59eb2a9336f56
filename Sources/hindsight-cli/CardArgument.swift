import Foundation
import Hindsight

/// The `ID` of `card` and `audit card`: a card's id (a UUID), or the `card_id` a revlog import
/// read the card from (an Anki card id, a text key: anything that is not a UUID), looked up among
/// the store's profiles.
enum CardArgument {
    /// A card's id.
    case card(CardID)
    /// A revlog's `card_id`, as the user typed it.
    case revlogCardID(String)

    /// The help line of the `ID` positional.
    static let help = "the card's id (a UUID), or the card_id of a card imported from a revlog (an integer or text)"

    /// The argument `text`.
    /// - Throws: ``UsageError`` when it is empty.
    init(_ text: String) throws(UsageError) {
        if let uuid = UUID(uuidString: text) {
            self = .card(CardID(uuid))
            return
        }
        guard !text.allSatisfy({ $0 == " " || $0 == "\t" }) else {
            throw UsageError("card ID is empty; give a card's id (a UUID) or an imported card's card_id")
        }
        self = .revlogCardID(text)
    }

    /// The card named, for a command that reads no read models otherwise: the id itself, or the
    /// card found as ``resolve(in:)`` finds it, the store in `dataDirectory` loaded for that only.
    /// - Throws: ``QueryError`` as ``resolve(in:)``; what loading the read models throws.
    func resolve(dataDirectory: String) async throws -> CardID {
        if case .card(let card) = self { return card }
        return try resolve(in: await CurrentReadModels.load(dataDirectory: dataDirectory, reading: .content))
    }

    /// The card named: the id itself, or the card a revlog import for one of `models`' profiles
    /// made of the `card_id` (``Identifier/revlogCard(_:profile:)``).
    /// - Throws: ``QueryError`` when no import made such a card, or imports for more than one
    ///   profile did (each card's id is named, to give instead).
    func resolve(in models: CurrentReadModels) throws(QueryError) -> CardID {
        switch self {
        case .card(let card):
            return card
        case .revlogCardID(let text):
            let found = models.directory.profiles(includingDeleted: true).map { CardID.revlogCard(text, profile: $0.id) }
                .filter { models.cardContent($0) != nil }
            switch found.count {
            case 0:
                throw QueryError("no card in the store was imported with card_id '\(text)'; "
                                 + "`hindsight due` lists cards with their ids")
            case 1:
                return found[0]
            default:
                throw QueryError("cards of \(found.count) profiles were imported with card_id '\(text)'; "
                                 + "give one of their ids instead: " + found.map(\.description).joined(separator: ", "))
            }
        }
    }
}
