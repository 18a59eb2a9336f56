import Events

/// Which decks exist and which are deleted, as the vocabulary read model decides: a deck exists
/// from its first `DeckCreated`; a `DeckDeleted` after that deletes it for good (a later creation
/// or deletion of the same id changes nothing). Deck events count whoever recorded them, as in
/// the vocabulary read model (the store lets only the deck's owner record them).
///
/// The folds that do not keep decks themselves (the activity read model, the audit, the revlog
/// export) follow this to end the history of a deleted deck's cards, as the vocabulary read
/// model and the store do (README, "What the read models promise").
package struct DeckLifecycle: Sendable, Equatable {
    /// The decks created, deleted or not.
    package private(set) var created: Set<IDKey> = []
    /// The decks deleted (each one created first).
    package private(set) var deleted: Set<IDKey> = []

    /// No deck yet.
    package init() {}

    /// Decks `created`, of which `deleted` are deleted.
    /// - Throws: a description when a deleted deck was not created.
    init(created: Set<IDKey>, deleted: Set<IDKey>) throws(LedgerInconsistency) {
        guard deleted.isSubset(of: created) else {
            throw LedgerInconsistency("a deck is deleted but was never created")
        }
        self.created = created
        self.deleted = deleted
    }

    /// Decks `created`, of which `deleted` are deleted; nil when a deleted deck was not created
    /// (damaged bytes).
    package static func restored(created: Set<IDKey>, deleted: Set<IDKey>) -> DeckLifecycle? {
        try? DeckLifecycle(created: created, deleted: deleted)
    }

    /// Records a `DeckCreated` of `deck`.
    package mutating func create(_ deck: DeckID) { created.insert(IDKey(deck)) }

    /// Records a `DeckDeleted` of `deck`.
    /// - Returns: true when this deleted it (created, not deleted before).
    package mutating func delete(_ deck: DeckID) -> Bool {
        let key = IDKey(deck)
        return created.contains(key) && deleted.insert(key).inserted
    }

    /// Whether `deck` is deleted (cheap while no deck is).
    @inline(__always) package func isDeleted(_ deck: IDKey) -> Bool {
        !deleted.isEmpty && deleted.contains(deck)
    }
}
