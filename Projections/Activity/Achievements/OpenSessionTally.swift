import Events

/// The tally of a spelling session still open (see ``SpellingTally``) and the profile that
/// started it, which has no other session open: see ``OpenSessions``.
package struct OpenSessionTally: Sendable, Equatable {
    /// The profile that started the session (the start event's).
    package let profile: ProfileID
    /// The session's words left to spell right.
    package var tally: SpellingTally

    /// The tally `tally` of a session `profile` started.
    init(profile: ProfileID, tally: SpellingTally) {
        self.profile = profile
        self.tally = tally
    }
}

extension OpenSessionTally: BinaryCodable {
    /// Reads what ``encode(to:)`` writes.
    /// - Throws: ``EventDecodingError`` for malformed bytes or a malformed tally (see
    ///   ``SpellingTally/init(from:)``).
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        profile = ProfileID(try reader.readUUID())
        tally = try SpellingTally(from: &reader)
    }

    /// Writes the profile, then the tally.
    package func encode(to writer: inout BinaryWriter) {
        profile.encode(to: &writer)
        tally.encode(to: &writer)
    }
}
