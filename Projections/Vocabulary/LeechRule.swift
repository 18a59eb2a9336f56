import FSRS

/// When a card is a leech: a card the learner keeps forgetting, which costs far more reviews
/// than the others and is better rewritten, reset or set aside than drilled again.
///
/// Rules, and why:
/// - A card is a leech from its ``threshold``-th lapse on (a lapse: an *again* on a card in the
///   review phase, as FSRS counts them in `CardState.lapses`). 8 is Anki's default: the best
///   known flashcard app, whose users' decks set the expectation; fewer flags cards that are
///   merely hard, more leaves the learner drilling a bad card for months.
/// - Being a leech is read, not acted on: the read model lists leeches
///   (``VocabularyState/leeches(of:)``) and the app offers what to do (edit the card, reset it,
///   suspend it). Anki suspends by default; here a suspension is a `vocabulary.card-suspended`
///   the learner or the app sends, so the log says who set the card aside, and no review
///   silently takes a card out of the queue.
/// - A new card (no counted review) and a card whose history was reset to new have no lapses,
///   so they are no leeches; undoing the review that made the lapse takes the leech back too
///   (the card's state is restored).
package enum LeechRule {
    /// Lapses from which a card is a leech.
    package static let threshold = 8

    /// True when a card with `schedule` (nil while new) is a leech.
    @inline(__always)
    package static func isLeech(_ schedule: CardState?) -> Bool {
        guard let schedule else { return false }
        return isLeech(lapses: schedule.lapses)
    }

    /// True when `lapses` lapses make a leech.
    @inline(__always)
    package static func isLeech(lapses: Int) -> Bool { lapses >= threshold }
}
