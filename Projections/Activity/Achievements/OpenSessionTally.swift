import Events

/// The tally of a spelling session still open (see ``SpellingTally``), the test it is on and the
/// profile that started it, which has no other session open: see ``OpenSessions``.
package struct OpenSessionTally: Sendable, Equatable {
    /// The profile that started the session (the start event's).
    package let profile: ProfileID
    /// The test the session is on (the start event's).
    package let test: SpellingTestID
    /// The session's words left to spell right.
    package var tally: SpellingTally

    /// The tally `tally` of a session `profile` started on `test`.
    init(profile: ProfileID, test: SpellingTestID, tally: SpellingTally) {
        self.profile = profile
        self.test = test
        self.tally = tally
    }
}

extension OpenSessionTally: BinaryCodable {
    /// Reads what ``encode(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes or a malformed tally (see
    ///   ``SpellingTally/init(from:)``).
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = ProfileID(try reader.readUUID())
        test = SpellingTestID(try reader.readUUID())
        tally = try SpellingTally(from: &reader)
    }

    /// Writes the profile, the test, then the tally.
    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        test.encode(to: &writer)
        tally.encode(to: &writer)
    }
}
