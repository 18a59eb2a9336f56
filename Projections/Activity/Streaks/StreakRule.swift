/// The streak rule: which activities are practice, making their local day active for the
/// profile's streak and for the achievements that count active days (a week of practice...).
///
/// Practice is what the learner does: a review graded, a word spelled (right or wrong), a story
/// read to its end. Not practice: a story generated (a request, often a parent's), a spelling
/// session started or ended (the words spelled in it count), a dictation finished (see the
/// README's rules list for why), cards and decks changing. Every part of the activity read model
/// asks this one property: the one-event fold, the batch runs (which absorb only practice) and
/// the undo that takes a review back out.
extension ActivityEvent {
    /// Whether this activity makes its local day active (see the type's rule above).
    @inline(__always) var makesDayActive: Bool {
        switch self {
        case .review, .spelled, .storyFinished: true
        case .undo, .spellingTestListed, .spellingStarted, .spellingEnded, .storyGenerated, .dictation,
             .cardCreated, .cardMoved, .cardDeleted, .deckCreated, .deckDeleted, .cutoffChanged, .ignored: false
        }
    }
}
