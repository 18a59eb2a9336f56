/// The streak rule: which activities are practice, making their local day active for the
/// profile's streak and for the achievements that count active days (a week of practice...).
///
/// Practice is what the learner does: a review graded, a word spelled (right or wrong), a story
/// read to its end, a dictation finished (writing down what one hears is the same work as
/// spelling, and the best apps of the kind keep a streak for any exercise). Not practice: a
/// story generated (a request, often a parent's, not the learner's effort), a spelling session
/// started or ended (the words spelled in it count), cards and decks changing (a card reset or
/// given a due date by hand among them: no answer is given). Every part of the activity read model
/// asks this one property: the one-event fold, the batch runs (which absorb only practice) and
/// the undo that takes a review back out.
extension ActivityEvent {
    /// Whether this activity makes its local day active (see the type's rule above).
    @inline(__always) var makesDayActive: Bool {
        switch self {
        case .review, .spelled, .storyFinished, .dictation: true
        case .undo, .spellingTestListed, .spellingStarted, .spellingEnded, .storyGenerated,
             .cardCreated, .cardMoved, .cardDeleted, .cardChanged, .deckCreated, .deckDeleted, .cutoffChanged, .ignored: false
        }
    }
}
