import Events

/// One event of an import and what of its envelope it must keep: a JSON Lines import keeps the
/// file's stream version and recording time; a revlog import leaves both to the store.
struct ImportedEvent: Sendable {
    /// The event, with its (file-given or derived) id, stream, profile and time.
    var pending: PendingEvent
    /// The stream version the file gives; nil: the next version of its stream.
    var streamVersion: UInt64?
    /// The recording time the file gives; nil: the store's clock.
    var recordedAt: Timestamp?
    /// The 1-based line of the file the event comes from (for errors).
    var line: Int
    /// The personal data the event refers to, written to the side store only if the event is added.
    var personalData: [(reference: PersonalDataReference, value: PersonalDataValue)] = []
    /// Set when the event may enter the log only if the log holds it already (then it is left
    /// out as present): a revlog review dated before its card's latest review in the store,
    /// which a repeated import of the same file gives and a newer file may not.
    var requiresPresence: ReviewBeforeLatest?
}

/// A revlog review dated before the latest review of its card in the store. A plain value (no
/// text: each imported event carries one or none, and copies it as it moves along).
struct ReviewBeforeLatest: Sendable {
    /// The revlog's card: its integer `card_id`, or the number of its text id (``isText``).
    var cardID: Int64
    /// Whether the card's `card_id` is text (the refusal then names the line's card, not a number
    /// the file does not show).
    var isText: Bool
    /// The review's time, ms since the epoch.
    var timeMs: Int64
    /// The card's latest review in the store, ms since the epoch.
    var latestMs: Int64

    /// The refusal of the review at `line` of the file `path`.
    func refusal(path: String?, line: Int) -> ImportError {
        ImportError(.reviewOutOfOrder,
                    "the review of \(isText ? "this line's card" : "card \(cardID)") at \(timeMs) ms is dated before its latest review in the store (\(latestMs) ms); import only newer reviews",
                    path: path, line: line)
    }
}

/// The events of one import, in log order: validated as a whole, then appended as one batch.
struct ImportBatch: Sendable {
    /// The events, in the order they are to take in the log.
    var events: [ImportedEvent] = []
    /// The file, for errors.
    var path: String?

    /// Adds an event (revlog imports: version and recording time from the store).
    mutating func append(_ pending: PendingEvent, line: Int, personalData: [(reference: PersonalDataReference, value: PersonalDataValue)] = []) {
        events.append(ImportedEvent(pending: pending, streamVersion: nil, recordedAt: nil, line: line, personalData: personalData))
    }
}
