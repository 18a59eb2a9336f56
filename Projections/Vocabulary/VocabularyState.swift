import Events
import FSRS

/// The vocabulary read model: decks, cards with their FSRS states, and the due index, folded
/// by ``VocabularyProjection``. Queries (``card(_:)``, ``dueQueue(profile:deck:at:limit:)``,
/// ...) are in `VocabularyState+Queries.swift`.
///
/// Memory grows with the number of cards and decks (each card keeps at most
/// ``CardRecord/undoDepth`` recent reviews), never with the number of reviews.
public struct VocabularyState: ProjectionState, Equatable {
    /// The scheduling of profiles that changed none of its settings.
    let defaultScheduling: ProfileScheduling
    /// New cards offered per profile per local day.
    public let dailyNewCardLimit: Int
    /// Local days per profile (tracks day cut-off changes).
    var calendar: ProfileCalendar
    /// Profiles whose settings events changed their scheduling.
    var profileScheduling: [ProfileID: ProfileScheduling] = [:]
    var decks: [DeckID: DeckRecord] = [:]
    var cards: [CardID: CardRecord] = [:]
    /// Per profile, the first counted reviews on its latest local day with any.
    var introductions: [ProfileID: DailyIntroductions] = [:]

    // Derived from the above (rebuilt when a snapshot is decoded, never encoded).
    /// The cards of each deck, deleted ones included.
    var deckCards: [DeckID: Set<CardID>] = [:]
    /// Per profile, the reviewed cards that are neither suspended nor gone, by (due, id).
    var dueIndex: [ProfileID: OrderedKeySet<DueKey>] = [:]
    /// Per profile, the new cards that are neither suspended nor gone, in creation order.
    var newIndex: [ProfileID: OrderedKeySet<NewCardKey>] = [:]
    /// How many decks are deleted: while none is, a card's deck need not be looked up.
    var deletedDeckCount = 0

    /// An empty model whose profiles schedule with `configuration` until they change it.
    init(configuration: SchedulerConfiguration, dailyNewCardLimit: Int) {
        defaultScheduling = ProfileScheduling(configuration)
        self.dailyNewCardLimit = dailyNewCardLimit
        calendar = ProfileCalendar(defaultCutoffHour: configuration.dayCutoffHour)
    }

    /// The scheduling in force for `profile`.
    @inline(__always)
    func scheduling(of profile: ProfileID) -> ProfileScheduling {
        profileScheduling[profile] ?? defaultScheduling
    }
}

extension VocabularyState {
    /// Equal when the folded facts are, and the derived indexes hold the same keys (an index
    /// emptied by the fold and one never made are the same).
    /// - Complexity: O(n) for n cards.
    public static func == (lhs: VocabularyState, rhs: VocabularyState) -> Bool {
        lhs.defaultScheduling == rhs.defaultScheduling && lhs.dailyNewCardLimit == rhs.dailyNewCardLimit
            && lhs.calendar == rhs.calendar && lhs.profileScheduling == rhs.profileScheduling
            && lhs.decks == rhs.decks && lhs.cards == rhs.cards && lhs.introductions == rhs.introductions
            && lhs.deckCards.filter { !$0.value.isEmpty } == rhs.deckCards.filter { !$0.value.isEmpty }
            && lhs.dueIndex.filter { !$0.value.isEmpty } == rhs.dueIndex.filter { !$0.value.isEmpty }
            && lhs.newIndex.filter { !$0.value.isEmpty } == rhs.newIndex.filter { !$0.value.isEmpty }
    }
}
