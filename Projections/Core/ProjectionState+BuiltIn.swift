import Events

// The built-in read models' states write their snapshots with their own tuned `BinaryCodable`
// code (in each state's `+Binary` file); these hand a ``SnapshotWriter`` or ``SnapshotReader``'s
// binary coder to it. The bytes are those the states wrote before `ProjectionState` was public.

extension VocabularyState {
    /// The state's snapshot bytes.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for damaged bytes.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension ActivityState {
    /// The state's snapshot bytes.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for damaged bytes.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension SpellingProgress {
    /// The state's snapshot bytes.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for damaged bytes.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension StoryLibrary {
    /// The state's snapshot bytes.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for damaged bytes.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension ProfileDirectory {
    /// The state's snapshot bytes.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for damaged bytes.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}

extension CardContentState {
    /// The state's snapshot bytes.
    public func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for damaged bytes.
    public init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}
