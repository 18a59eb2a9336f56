import Events

/// The study-session read model, folded by ``StudySessionsProjection``: every vocabulary study
/// session of every profile with what was studied in it, and the reviews of the sessions still
/// open.
///
/// Memory grows with the number of sessions (a few a day per person) and, while a session is
/// open, with its reviews; a closed session keeps only its figures.
public struct StudySessionLog: ProjectionState, BinaryCodable, Equatable {
    /// Every session started, by id (the open ones' figures are in ``open``).
    var sessions: [StudySessionID: StudySession] = [:]
    /// The open sessions (at most one per profile: the session lifecycle, ``OpenSessions``) and
    /// their reviews by event id (for undos).
    var open = OpenSessions<StudySessionID, ProfileID, [EventID: SessionReview]>()
    /// Local days of each profile.
    public internal(set) var calendar: ProfileCalendar

    init(calendar: ProfileCalendar) { self.calendar = calendar }

    /// The session `id` with its figures so far, nil if never started.
    /// - Complexity: O(r) for an open session of r reviews, else O(1) on average.
    public func session(_ id: StudySessionID) -> StudySession? {
        guard var session = sessions[id] else { return nil }
        if session.outcome == .open, let reviews = open[id] { session.figures = StudySessionFigures(reviews.values) }
        return session
    }

    /// The sessions of `profile` started on its local day `fromDay` or later (every one when
    /// nil), latest start first (ties by id), each with its figures so far.
    /// - Complexity: O(n log n) in all sessions, plus the open session's reviews.
    public func sessions(profile: ProfileID, fromDay: Int64? = nil) -> [StudySession] {
        sessions.values
            .filter { session in session.profile == profile && fromDay.map { session.day >= $0 } ?? true }
            .sorted { $0.isListedBefore($1) }
            .compactMap { session($0.id) }
    }

    /// The session `profile` has open, nil when none.
    public func openSession(profile: ProfileID) -> StudySession? { open.session(of: profile).flatMap(session) }
}

extension StudySessionLog {
    /// Reads what ``encode(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes, an open session that is not a
    ///   session marked open, or two open sessions of one profile.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        sessions = try [StudySessionID: StudySession](decoding: &reader)
        let reviews = try [StudySessionID: [EventID: SessionReview]](decoding: &reader)
        calendar = try ProfileCalendar(from: &reader)
        // In key order, so the session named by the error does not depend on hashing.
        for id in reviews.keys.sorted() {
            guard let session = sessions[id], session.outcome == .open else {
                throw reader.error(.invalidValue, "study session \(id) has open reviews but is not an open session")
            }
            if let other = open.restore(id, owner: session.profile, value: reviews[id]!) {
                throw reader.error(.invalidValue, "study sessions \(other) and \(id) are both open for profile \(session.profile); "
                                   + "a profile has one open at a time")
            }
        }
        guard open.count == sessions.values.count(where: { $0.outcome == .open }) else {
            throw reader.error(.invalidValue, "a study session marked open has no open reviews")
        }
    }

    /// Writes the sessions, the open sessions' reviews (each in key order) and the calendar.
    package func encode(to writer: inout BinaryWriter) {
        sessions.encode(to: &writer)
        open.entries.mapValues(\.value).encode(to: &writer)
        calendar.encode(to: &writer)
    }
}
