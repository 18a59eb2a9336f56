import Events

/// What counts as practice for streaks and achievements, decided in one place.
///
/// Practice is: a review graded (scheduled or cram), a word spelled (right or wrong), and a
/// story read to its end (`StoryRead.finished`; a story put down half-way is not practice).
/// Generating a story, dictating, creating cards and every other event are not practice.
/// A review that is later undone stops being practice (see ``ReviewLedger``).
enum Practice {
    /// Whether `event` is, by itself, a day's practice.
    @inline(__always) static func isPractice(_ event: DomainEvent) -> Bool {
        switch event {
        case .reviewGraded, .wordSpelled: true
        case .storyRead(let read): read.finished
        default: false
        }
    }
}
