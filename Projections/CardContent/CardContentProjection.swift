import Events

/// The card-content read model's fold: a card's two sides from its creation and each edit, and
/// the translations and example sentences attached to it (see ``CardContentState``).
///
/// The rules: a creation starts a card only when its id is new (``CardHistoryRule``, as the
/// vocabulary model decides); an edit or an attachment applies to a created card, deleted or
/// not (content stays with the card, and the log keeps every version); events about a card
/// never created are ignored.
package struct CardContentProjection: Projection {
    package static let name = "card-content"
    /// 1: the sides, translations and example sentences, moved out of the vocabulary model's
    /// snapshot (its version 7) into a read model of their own.
    package static let version: UInt32 = 1

    /// The fold.
    package init() {}

    /// Creations, edits and attachments.
    package var kinds: EventKindSet {
        EventKindSet(.cardCreated, .cardEdited, .translationAttached, .exampleSentenceAttached)
    }

    package func makeInitialState() -> CardContentState { CardContentState() }

    /// Folds `event`; never throws.
    package func apply(_ event: RecordedEvent, to state: inout CardContentState) {
        switch event.event {
        case .cardCreated(let created):
            guard CardHistoryRule.createsCard(idKnown: state.slot(of: created.card) != nil) else { return }
            state.add(created.card, front: created.front, back: created.back)
        case .cardEdited(let edited):
            guard let slot = state.slot(of: edited.card) else { return }
            state.fronts[slot] = edited.front
            state.backs[slot] = edited.back
        case .translationAttached(let attached):
            guard let slot = state.slot(of: attached.card) else { return }
            state.translations.attach(attached.translation, label: attached.language, to: slot)
        case .exampleSentenceAttached(let attached):
            guard let slot = state.slot(of: attached.card) else { return }
            state.sentences.attach(attached.sentence, label: attached.generator, to: slot)
        default:
            break
        }
    }
}
