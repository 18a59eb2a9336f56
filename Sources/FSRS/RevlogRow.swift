/// One row of a revlog CSV (`card_id,review_time,review_rating,review_state,review_duration`),
/// the format fsrs-optimizer and fsrs-rs read (FORMULAS.md 9).
public struct RevlogRow: Sendable, Hashable {
    /// The revlog's `review_state` codes: Anki's revlog `type` plus one (0 for a new card's
    /// first answer), so 5 is Anki's manual entry (a reset to new) and 6 its rescheduling entry
    /// (a due date set, Anki 23.10 and later).
    public enum State: Int, Sendable, Hashable {
        case new = 0, learning = 1, review = 2, relearning = 3, filtered = 4, manual = 5, rescheduled = 6

        /// New or learning: the rows whose last run starts a card's FSRS history.
        public var isLearning: Bool { self == .new || self == .learning }

        /// Whether an answer in this state starts a card's FSRS history after the card's previous
        /// answer in its current history was in `previous` (nil: none since the card was new or
        /// reset): a learning answer that does not continue a learning run. fsrs-rs reads a revlog
        /// so: a card's history starts at its last learning run, and a learning run after reviews
        /// with no reset between starts a new history as a reset would. The one home of that rule:
        /// ``RevlogHistory`` and the store's revlog import (through `CardHistoryRule`) decide with it.
        @inline(__always) public func startsHistory(after previous: State?) -> Bool {
            isLearning && !(previous?.isLearning ?? false)
        }
    }

    /// The card the row is about: the file's integer `card_id`, or for a `card_id` written as
    /// text the number of that text (``RevlogCardTexts/number(of:)``; its reader keeps the text).
    public var cardID: Int64
    /// When the answer was given, in ms since the Unix epoch, UTC.
    public var reviewTimeMs: Int64
    /// The rating: 0 (manual entry, not an answer) or 1 … 4.
    public var rating: Int
    /// The card's state when answered (`review_state`).
    public var state: State
    /// How long the answer took, in ms.
    public var durationMs: Int64
    /// The 1-based line of the CSV the row was read from (0 for rows built in memory).
    public var line: Int

    /// A row.
    public init(cardID: Int64, reviewTimeMs: Int64, rating: Int, state: State, durationMs: Int64, line: Int = 0) {
        self.cardID = cardID
        self.reviewTimeMs = reviewTimeMs
        self.rating = rating
        self.state = state
        self.durationMs = durationMs
        self.line = line
    }

    /// True for a real answer that a card's FSRS history can hold: rating 1 … 4, not a
    /// manual entry (state 5) and not an answer in a filtered deck (state 4), which the CSV
    /// cannot tell from a rescheduling one.
    public var isAnswer: Bool { (1...4).contains(rating) && state != .manual && state != .filtered && state != .rescheduled }
}

/// Why a revlog CSV could not be read: the line, what was wrong, and what to do.
public struct RevlogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: a stable name programs match on. A struct with static
    /// members, not an enum, so a later version can add a code without breaking a caller's
    /// `switch` (which therefore needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's stable spelling, the same in every version.
        public let rawValue: String
        /// The code spelled `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let missingHeader = Code(rawValue: "revlog.missing-header")
        public static let badHeader = Code(rawValue: "revlog.bad-header")
        public static let fieldCount = Code(rawValue: "revlog.field-count")
        public static let notAnInteger = Code(rawValue: "revlog.not-an-integer")
        public static let ratingOutOfRange = Code(rawValue: "revlog.rating-out-of-range")
        public static let stateOutOfRange = Code(rawValue: "revlog.state-out-of-range")
        public static let negativeDuration = Code(rawValue: "revlog.negative-duration")
        public static let badQuote = Code(rawValue: "revlog.bad-quote")
        public static let missingCardID = Code(rawValue: "revlog.missing-card-id")
        public static let cardIDCollision = Code(rawValue: "revlog.card-id-collision")
    }

    /// What kind of problem it is.
    public var code: Code
    /// The 1-based line number in the file.
    public var line: Int
    /// What was wrong on that line.
    public var message: String

    /// What to do about it: start the file with the header, fix the header line, or fix or
    /// remove the row.
    public var remedy: String {
        switch code {
        case .missingHeader: "start the file with the header line"
        case .badHeader: "fix the header line"
        default: "fix or remove the row"
        }
    }

    public var description: String {
        "revlog line \(line): \(message) [\(code.rawValue)]; \(remedy)"
    }
}
