import Foundation

/// What an event is about: a category (`card`, `deck`, `story`, `profile`, ...) and the UUID of
/// the thing. Stream versions count events per stream, for optimistic concurrency.
public struct StreamID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The kind of thing: 1 to 32 characters of `a-z`, `0-9` and `-`.
    public var category: String { kind.name }
    /// Which thing of that kind.
    public let id: UUID
    /// The category: a tag for the well-known ones, which every event of the store's own log
    /// has, so that decoding one builds no string and dropping one releases none.
    let kind: Category

    /// A stream category: one of the well-known ones (those of ``deck(_:)``, ``card(_:)``, ...)
    /// or another valid one. A well-known spelling is always its tag, never `other`, so that
    /// equal categories are equal values.
    enum Category: Hashable, Sendable {
        case deck, card, studySession, spellingTest, spellingSession, story, profile
        case other(String)

        /// The category spelled `name`, which must be valid (see ``StreamID/checked(category:)``).
        init(name: String) {
            var name = name
            self = name.withUTF8 { StreamID.knownCategory(UnsafeRawBufferPointer($0)) } ?? .other(name)
        }

        /// How it is spelled.
        var name: String {
            switch self {
            case .deck: "deck"
            case .card: "card"
            case .studySession: "study-session"
            case .spellingTest: "spelling-test"
            case .spellingSession: "spelling-session"
            case .story: "story"
            case .profile: "profile"
            case .other(let name): name
            }
        }
    }

    /// The stream of thing `id` of kind `category`.
    /// - Throws: ``EventValidationError`` when `category` is empty, longer than 32 characters or
    ///   holds anything but `a-z`, `0-9` and `-`.
    public init(category: String, id: UUID) throws(EventValidationError) {
        kind = Category(name: try Self.checked(category: category))
        self.id = id
    }

    /// The most UTF-8 bytes a stream category has (a valid one: see ``checked(category:)``).
    package static let maxCategoryLength = 32

    /// `category` if it is a valid stream category.
    static func checked(category: String) throws(EventValidationError) -> String {
        guard !category.isEmpty, category.utf8.count <= maxCategoryLength else {
            throw EventValidationError(.outOfRange, field: "stream.category",
                                       "category must be 1 to \(maxCategoryLength) characters long, got \(category.utf8.count)")
        }
        guard category.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else {
            throw EventValidationError(.invalidCharacters, field: "stream.category",
                                       "category \"\(category)\" may hold only a-z, 0-9 and '-'")
        }
        return category
    }

    /// The stream of thing `id` of category `kind` (valid by construction).
    init(kind: Category, id: UUID) {
        self.kind = kind
        self.id = id
    }

    /// The stream of a deck.
    public static func deck(_ id: DeckID) -> StreamID { StreamID(kind: .deck, id: id.uuid) }
    /// The stream of a card (its reviews included).
    public static func card(_ id: CardID) -> StreamID { StreamID(kind: .card, id: id.uuid) }
    /// The card whose stream this is (``card(_:)``); nil for a stream of any other category.
    @inline(__always) package var cardID: CardID? {
        if case .card = kind { return CardID(id) }
        return nil
    }
    /// The stream of a vocabulary study session.
    public static func studySession(_ id: StudySessionID) -> StreamID { StreamID(kind: .studySession, id: id.uuid) }
    /// The stream of a spelling test.
    public static func spellingTest(_ id: SpellingTestID) -> StreamID { StreamID(kind: .spellingTest, id: id.uuid) }
    /// The stream of a spelling practice session.
    public static func spellingSession(_ id: SpellingSessionID) -> StreamID { StreamID(kind: .spellingSession, id: id.uuid) }
    /// The stream of a story.
    public static func story(_ id: StoryID) -> StreamID { StreamID(kind: .story, id: id.uuid) }
    /// The stream of a profile: its lifecycle, settings and dictations.
    public static func profile(_ id: ProfileID) -> StreamID { StreamID(kind: .profile, id: id.uuid) }

    /// The stream of the app-wide settings (category `app-settings`, the nil UUID): one stream for
    /// the whole store, whichever profile records a change.
    public static let appSettings = StreamID(kind: .other("app-settings"), id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))

    public var description: String { "\(category)/\(id.uuidString)" }

    private enum CodingKeys: String, CodingKey { case category, id }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(category: try container.decode(String.self, forKey: .category),
                          id: try container.decode(UUID.self, forKey: .id))
        } catch let error as EventValidationError {
            throw DecodingError.dataCorruptedError(forKey: .category, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(category, forKey: .category)
        try container.encode(id, forKey: .id)
    }
}

extension StreamID: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        self.init(kind: try Self.category(from: &reader), id: try reader.readUUID())
    }

    /// The category at the start of a stream id in `reader`: the tag of a well-known one, else
    /// the bytes checked and copied. The log decoder reads the UUID after it itself
    /// (`StreamID(kind:id:)`): a `StreamID` returned from a call comes back in registers, and
    /// storing its UUID (a tuple of 16 bytes) from them took 16 byte-sized stores per event.
    /// - Throws: ``EventDecodingError`` `.invalidValue` when the category breaks the rules.
    @inline(__always) static func category(from reader: inout BinaryReader) throws(EventDecodingError) -> Category {
        let start = reader.offset
        let bytes = try reader.readLengthPrefixed()
        if let known = Self.knownCategory(bytes) { return known }
        // One pass: 1 to 32 bytes of a-z, 0-9, '-' (ASCII, so decoding needs no validation).
        var valid = !bytes.isEmpty && bytes.count <= StreamID.maxCategoryLength
        for byte in bytes where !((byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D) {
            valid = false
        }
        guard valid else {
            let shown = BinaryReader.validatedString(bytes) ?? "(not UTF-8)"
            throw EventDecodingError(.invalidValue, "stream category \"\(shown)\" must be 1 to \(StreamID.maxCategoryLength) characters of a-z, 0-9 and '-'",
                                     offset: start)
        }
        return .other(String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
    }

    /// The well-known category (those of ``deck(_:)``, ``card(_:)``, ...) spelled by `bytes`,
    /// else nil, so replay does not build or check the same text millions of times: a switch on
    /// the length, then one or two word compares.
    @inline(__always) static func knownCategory(_ bytes: UnsafeRawBufferPointer) -> Category? {
        @inline(__always) func word32(_ offset: Int) -> UInt32 {
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }
        @inline(__always) func word64(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        switch bytes.count {
        case 4:
            switch word32(0) {
            case 0x6472_6163: return .card
            case 0x6B63_6564: return .deck
            default: return nil
            }
        case 5:
            return word32(0) == 0x726F_7473 && bytes[4] == 0x79 ? .story : nil
        case 7:
            return word32(0) == 0x666F_7270 && word32(3) == 0x656C_6966 ? .profile : nil
        case 13:
            switch (word64(0), word64(5)) {
            case (0x6573_2D79_6475_7473, 0x6E6F_6973_7365_732D): return .studySession
            case (0x676E_696C_6C65_7073, 0x7473_6574_2D67_6E69): return .spellingTest
            default: return nil
            }
        case 16:
            return word64(0) == 0x676E_696C_6C65_7073 && word64(8) == 0x6E6F_6973_7365_732D ? .spellingSession : nil
        default:
            return nil
        }
    }

    @inline(__always) package func encode(to writer: inout BinaryWriter) { write(to: &writer) }
    /// Writes the stream id's bytes to `sink` (its layout's one home).
    @inline(__always) package func write<Sink: BinarySink>(to sink: inout Sink) {
        sink.writeString(category)
        sink.writeUUID(id)
    }
}

// Hashing: stream ids key the ledger's versions and the import's numbering, one lookup or more
// an event. The synthesized conformance fed the UUID's 16 bytes to a `Hasher` one by one; these
// compare and hash its two words, as ``Identifier`` does.
extension StreamID {
    /// The UUID as two big-endian words.
    @inline(__always) private var words: (high: UInt64, low: UInt64) { id.bigEndianWords }

    /// The pairs of `table` in the order snapshots list streams in: by category name, then by
    /// the UUID's bytes (as `UUID`'s `<` orders them). The order is found by sorting plain words
    /// (each category's rank among the names present, then the UUID's two words), not the
    /// streams themselves, whose every move retains their category: several times faster for a
    /// table of 50k streams.
    /// - Complexity: O(n log n).
    package static func snapshotOrder<Value>(_ table: [StreamID: Value]) -> [(key: StreamID, value: Value)] {
        snapshotOrder(Array(table))
    }

    /// `pairs` (distinct streams) in snapshot order, as ``snapshotOrder(_:)-(Dictionary)`` orders a table's.
    /// - Complexity: O(n log n).
    package static func snapshotOrder<Value>(_ pairs: [(key: StreamID, value: Value)]) -> [(key: StreamID, value: Value)] {
        snapshotOrderIndices(pairs).map { pairs[$0] }
    }

    /// The indices of `pairs` (distinct streams) in snapshot order, as
    /// ``snapshotOrder(_:)-(Dictionary)`` orders a table's: for an encoder that walks a large
    /// table's pairs in place rather than through a sorted copy of them (8 bytes a pair, not a
    /// pair).
    /// - Complexity: O(n log n).
    package static func snapshotOrderIndices<Value>(_ pairs: [(key: StreamID, value: Value)]) -> [Int] {
        var kinds = Set<Category>()
        for pair in pairs { kinds.insert(pair.key.kind) }
        var ranks: [Category: Int] = [:]
        for (rank, kind) in kinds.sorted(by: { $0.name < $1.name }).enumerated() { ranks[kind] = rank }
        var keys = pairs.indices.map { index in
            let words = pairs[index].key.words
            return (rank: ranks[pairs[index].key.kind]!, high: words.high, low: words.low, index: index)
        }
        keys.sort { ($0.rank, $0.high, $0.low) < ($1.rank, $1.high, $1.low) }
        return keys.map(\.index)
    }

    /// Equal when the categories are and the UUIDs' bytes are (two word compares).
    public static func == (lhs: StreamID, rhs: StreamID) -> Bool {
        let (a, b) = (lhs.words, rhs.words)
        return a.high == b.high && a.low == b.low && lhs.kind == rhs.kind
    }

    /// Feeds the category and the UUID's two words to `hasher`.
    public func hash(into hasher: inout Hasher) {
        let (high, low) = words
        hasher.combine(kind)
        hasher.combine(high)
        hasher.combine(low)
    }

    /// The hash dictionaries and sets use: for a well-known category, its tag mixed into the
    /// UUID's words (``IdentifierHash``) with no `Hasher`; another category goes through one.
    public func _rawHashValue(seed: Int) -> Int {
        let (high, low) = words
        guard let tag = kind.tag else {
            var hasher = Hasher()
            hash(into: &hasher)
            return hasher.finalize() ^ IdentifierHash.mix(high, low, seed: seed)
        }
        return IdentifierHash.mix(high, low ^ tag, seed: seed)
    }
}

extension StreamID.Category {
    /// A distinct nonzero word for each well-known category (spread over the high bits, so that
    /// xoring it into a UUID's low word cannot cancel the category of another); nil for `other`.
    var tag: UInt64? {
        let number: UInt64
        switch self {
        case .deck: number = 1
        case .card: number = 2
        case .studySession: number = 3
        case .spellingTest: number = 4
        case .spellingSession: number = 5
        case .story: number = 6
        case .profile: number = 7
        case .other: return nil
        }
        return number &* 0x9E37_79B9_7F4A_7C15
    }
}
