/// How deep undo goes: a card's latest ``reviews`` reviews can be undone, one after another.
///
/// One number for every part that remembers reviews for undo, so that they agree on what an
/// undo takes back: the store refuses to undo deeper, and the vocabulary read model (its undo
/// ring) and the activity read model (its review ledger: daily stats, streaks, achievements)
/// each remember that many reviews per card. Were one to remember fewer, an undo the store
/// accepts would take the review back from one read model and leave it counted in another.
package enum UndoDepth {
    /// How many of a card's latest reviews can be undone in a row.
    package static let reviews = 8
}
