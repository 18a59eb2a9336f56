import Events
import FSRS

/// The vocabulary read model: decks, cards with their FSRS states, and the due index, folded
/// by ``VocabularyProjection``. Queries (``card(_:)``, ``dueQueue(profile:deck:at:limit:)``,
/// ...) are in `VocabularyState+Queries.swift`.
///
/// Cards live in columns by slot (``CardTable``), slots given in creation order; per profile,
/// reviewed cards are in a calendar queue (``DueCalendar``) and new ones in a bit set
/// (``NewCardSet``). Memory grows with the number of cards and decks (each card keeps at most
/// ``UndoRing/depth`` recent reviews), never with the number of reviews.
public struct VocabularyState: ProjectionState, BinaryCodable, Equatable {
    /// The scheduling of profiles that changed none of its settings.
    let defaultScheduling: ProfileScheduling
    /// New cards offered per local day to profiles that set no limit of their own (see
    /// ``dailyNewCardLimit(of:)`` for the limit in force for one profile).
    public let dailyNewCardLimit: Int
    /// Local days per profile (tracks day cut-off changes).
    var calendar: ProfileCalendar
    /// Profiles whose settings events changed their scheduling.
    var profileScheduling: [ProfileID: ProfileScheduling] = [:]
    /// Profiles whose settings events set their own daily new-card limit.
    var profileNewCardLimits: [ProfileID: NewCardLimit] = [:]
    /// Per profile, the first counted reviews on its latest local day with any.
    var introductions: [ProfileID: DailyIntroductions] = [:]
    /// The profiles that own cards, by slot.
    var profiles = ProfileTable()
    /// The decks, by slot.
    var decks = DeckTable()
    /// The cards, by slot.
    var cards = CardTable()
    /// The local day each buried card was last buried on, by card slot (see ``isBuried(_:at:)``);
    /// an entry of a past day is kept (it buries nothing) until the card is buried again.
    var buriedDays: [Int: Int64] = [:]

    // Derived from the above (rebuilt when a snapshot is decoded, never encoded).
    /// Per profile slot, the reviewed cards that are neither suspended nor gone, by due day.
    var dueIndex: [DueCalendar] = []
    /// Per profile slot, the new cards that are neither suspended nor gone.
    var newIndex: [NewCardSet] = []

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

    /// New cards offered per local day to `profile`: its own limit once a setting gave one (see
    /// ``NewCardLimit``), else the configured ``dailyNewCardLimit``.
    /// - Complexity: O(1).
    public func dailyNewCardLimit(of profile: ProfileID) -> Int {
        profileNewCardLimits[profile]?.value ?? dailyNewCardLimit
    }
}

extension VocabularyState {
    /// Equal when the folded facts are, and the derived indexes hold the same cards.
    /// - Complexity: O(n log n) for n cards.
    public static func == (lhs: VocabularyState, rhs: VocabularyState) -> Bool {
        lhs.defaultScheduling == rhs.defaultScheduling && lhs.dailyNewCardLimit == rhs.dailyNewCardLimit
            && lhs.calendar == rhs.calendar && lhs.profileScheduling == rhs.profileScheduling
            && lhs.profileNewCardLimits == rhs.profileNewCardLimits
            && lhs.introductions == rhs.introductions && lhs.profiles == rhs.profiles
            && lhs.decks == rhs.decks && lhs.cards == rhs.cards
            && lhs.buriedDays == rhs.buriedDays
            && lhs.dueIndex.map(\.allSlots) == rhs.dueIndex.map(\.allSlots)
            && lhs.newIndex == rhs.newIndex
            && lhs.decks.members.map { $0.sorted() } == rhs.decks.members.map { $0.sorted() }
    }
}

/// The first counted reviews of a profile's cards on its latest local day with any: the
/// daily new-card limit subtracts ``count`` when the query's day is ``day``.
struct DailyIntroductions: Sendable, Equatable {
    var day: Int64
    var count: Int
}
