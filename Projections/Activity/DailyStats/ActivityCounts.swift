import Events

/// What a profile did over one local day (or, summed, over a range of days): one number per
/// ``ActivityCounter``.
///
/// The counters are described once, in ``ActivityCounter/all`` (name, place in the snapshot,
/// column in a report); what each event adds to them is decided once, in ``DailyStatsRule``.
/// Everything else (the sum, the snapshot encoding, the CLI's `stats` table and JSON) walks the
/// description, so adding a counter is a line here and a line in the rule.
///
/// - Reviews are counted by rating, scheduled and cram alike; ``cramReviews`` says how many of
///   them were cram. ``retention`` looks at scheduled reviews only: cram practice is extra
///   rehearsal outside the schedule, so its grades say nothing about recall at the due date.
/// - ``studyTimeMs``: review durations (scheduled and cram) + time spent on each word spelled
///   + dictation durations. Story reading is not timed (the events carry no duration).
/// - An undone review is taken back out of every counter it went into.
public struct ActivityCounts: Sendable, Equatable, Hashable, BinaryCodable {
    /// The counters, by ``ActivityCounter/slot`` (slots past the last counter stay 0): a fixed
    /// block of memory inside the value, so counting allocates nothing and a sum is one loop
    /// the compiler vectorizes.
    private var values: Slots = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The storage of the counters: room for ``slotCount``.
    private typealias Slots = (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64,
                               Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)
    /// How many counters fit (``ActivityCounter/all`` may grow to it).
    package static let slotCount = MemoryLayout<Slots>.size / MemoryLayout<Int64>.stride

    /// No activity.
    public init() {}

    /// The value of `counter`.
    @inline(__always) public subscript(counter: ActivityCounter) -> Int64 {
        get { withUnsafeBytes(of: values) { $0.load(fromByteOffset: counter.slot &* 8, as: Int64.self) } }
        set { withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: newValue, toByteOffset: counter.slot &* 8, as: Int64.self) } }
    }

    /// Calls `body` with every slot of `lhs` and of `rhs`, in place.
    @inline(__always)
    private static func combine(_ lhs: inout ActivityCounts, _ rhs: ActivityCounts, _ body: (inout Int64, Int64) -> Void) {
        withUnsafeMutablePointer(to: &lhs.values) { left in
            withUnsafePointer(to: rhs.values) { right in
                let l = UnsafeMutableRawPointer(left).assumingMemoryBound(to: Int64.self)
                let r = UnsafeRawPointer(right).assumingMemoryBound(to: Int64.self)
                for slot in 0..<slotCount { body(&l[slot], r[slot]) }
            }
        }
    }

    /// Equal when every counter is.
    public static func == (lhs: ActivityCounts, rhs: ActivityCounts) -> Bool {
        ActivityCounter.all.allSatisfy { lhs[$0] == rhs[$0] }
    }

    /// Hashes every counter.
    public func hash(into hasher: inout Hasher) {
        for counter in ActivityCounter.all { hasher.combine(self[counter]) }
    }

    /// Reviews graded again.
    public var again: Int { get { Int(self[.again]) } set { self[.again] = Int64(newValue) } }
    /// Reviews graded hard.
    public var hard: Int { get { Int(self[.hard]) } set { self[.hard] = Int64(newValue) } }
    /// Reviews graded good.
    public var good: Int { get { Int(self[.good]) } set { self[.good] = Int64(newValue) } }
    /// Reviews graded easy.
    public var easy: Int { get { Int(self[.easy]) } set { self[.easy] = Int64(newValue) } }
    /// Of the reviews, how many were cram.
    public var cramReviews: Int { get { Int(self[.cramReviews]) } set { self[.cramReviews] = Int64(newValue) } }
    /// Scheduled reviews (the denominator of ``retention``).
    public var scheduledReviews: Int { get { Int(self[.scheduledReviews]) } set { self[.scheduledReviews] = Int64(newValue) } }
    /// Scheduled reviews passed (rating ≥ 2, hard or better).
    public var scheduledPassed: Int { get { Int(self[.scheduledPassed]) } set { self[.scheduledPassed] = Int64(newValue) } }
    /// Cards reviewed on a schedule for the first time.
    public var newCards: Int { get { Int(self[.newCards]) } set { self[.newCards] = Int64(newValue) } }
    /// Milliseconds spent on reviews.
    public var reviewTimeMs: Int64 { get { self[.reviewTimeMs] } set { self[.reviewTimeMs] = newValue } }
    /// Milliseconds spent spelling words.
    public var spellingTimeMs: Int64 { get { self[.spellingTimeMs] } set { self[.spellingTimeMs] = newValue } }
    /// Milliseconds spent dictating.
    public var dictationTimeMs: Int64 { get { self[.dictationTimeMs] } set { self[.dictationTimeMs] = newValue } }
    /// Words spelled right (attempts).
    public var wordsSpelledRight: Int { get { Int(self[.wordsSpelledRight]) } set { self[.wordsSpelledRight] = Int64(newValue) } }
    /// Words spelled wrong (attempts).
    public var wordsSpelledWrong: Int { get { Int(self[.wordsSpelledWrong]) } set { self[.wordsSpelledWrong] = Int64(newValue) } }
    /// Spelling practice sessions started.
    public var spellingSessions: Int { get { Int(self[.spellingSessions]) } set { self[.spellingSessions] = Int64(newValue) } }
    /// Stories generated.
    public var storiesGenerated: Int { get { Int(self[.storiesGenerated]) } set { self[.storiesGenerated] = Int64(newValue) } }
    /// Stories read to the end.
    public var storiesRead: Int { get { Int(self[.storiesRead]) } set { self[.storiesRead] = Int64(newValue) } }
    /// Words dictated.
    public var wordsDictated: Int { get { Int(self[.wordsDictated]) } set { self[.wordsDictated] = Int64(newValue) } }
    /// Dictations finished.
    public var dictations: Int { get { Int(self[.dictations]) } set { self[.dictations] = Int64(newValue) } }
    /// Hints shown while spelling words.
    public var spellingHints: Int { get { Int(self[.spellingHints]) } set { self[.spellingHints] = Int64(newValue) } }

    /// Reviews graded 1 (again), 2 (hard), 3 (good), 4 (easy): index `rating - 1`.
    public var reviewsByRating: [Int] { [again, hard, good, easy] }
    /// All reviews, every rating and mode.
    public var reviews: Int { again + hard + good + easy }
    /// Time studied: reviews + spelling + dictation, in milliseconds.
    public var studyTimeMs: Int64 { reviewTimeMs + spellingTimeMs + dictationTimeMs }
    /// The share of scheduled reviews passed (rating ≥ 2), nil without scheduled reviews.
    public var retention: Double? {
        scheduledReviews == 0 ? nil : Double(scheduledPassed) / Double(scheduledReviews)
    }
    /// Whether nothing at all was counted.
    public var isEmpty: Bool { self == ActivityCounts() }

    /// The column-by-column sum of two counts.
    public static func + (lhs: ActivityCounts, rhs: ActivityCounts) -> ActivityCounts {
        var sum = lhs
        sum += rhs
        return sum
    }

    /// Adds `rhs` column by column.
    @inline(__always) public static func += (lhs: inout ActivityCounts, rhs: ActivityCounts) {
        combine(&lhs, rhs) { $0 &+= $1 }
    }

    /// Raises each counter to `rhs`'s where that is larger.
    @inline(__always) package mutating func raise(to rhs: ActivityCounts) {
        Self.combine(&self, rhs) { $0 = max($0, $1) }
    }

    /// Reads every counter of ``ActivityCounter/all``, in that order.
    /// - Throws: ``EventDecodingError`` for malformed bytes.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        for counter in ActivityCounter.all { self[counter] = try reader.readSignedVarint() }
    }

    /// Writes every counter of ``ActivityCounter/all``, in that order, as signed varints.
    package func encode(to writer: inout BinaryWriter) {
        for counter in ActivityCounter.all { writer.writeSignedVarint(self[counter]) }
    }
}

/// One number ``ActivityCounts`` keeps per local day: its name (the key in JSON output), its
/// place in the counts and the snapshot, and the heading of its own column in a report table.
public struct ActivityCounter: Sendable, Hashable, CustomStringConvertible {
    /// A stable camelCase name, e.g. `wordsSpelledRight`: the key JSON output uses.
    public let name: String
    /// The heading of the counter's own column in a report table; nil when a report shows it
    /// in a summary column or not at all (the `stats` command's table).
    public let heading: String?
    /// Where the counter lives in ``ActivityCounts`` (its index in ``all``).
    package let slot: Int

    private init(_ slot: Int, _ name: String, heading: String? = nil) {
        self.slot = slot
        self.name = name
        self.heading = heading
    }

    /// The name.
    public var description: String { name }

    public static let again = ActivityCounter(0, "again")
    public static let hard = ActivityCounter(1, "hard")
    public static let good = ActivityCounter(2, "good")
    public static let easy = ActivityCounter(3, "easy")
    public static let cramReviews = ActivityCounter(4, "cramReviews")
    public static let scheduledReviews = ActivityCounter(5, "scheduledReviews")
    public static let scheduledPassed = ActivityCounter(6, "scheduledPassed")
    public static let newCards = ActivityCounter(7, "newCards")
    public static let reviewTimeMs = ActivityCounter(8, "reviewTimeMs")
    public static let spellingTimeMs = ActivityCounter(9, "spellingTimeMs")
    public static let dictationTimeMs = ActivityCounter(10, "dictationTimeMs")
    public static let wordsSpelledRight = ActivityCounter(11, "wordsSpelledRight")
    public static let wordsSpelledWrong = ActivityCounter(12, "wordsSpelledWrong")
    public static let spellingSessions = ActivityCounter(13, "spellingSessions")
    public static let storiesGenerated = ActivityCounter(14, "storiesGenerated")
    public static let storiesRead = ActivityCounter(15, "storiesRead")
    public static let wordsDictated = ActivityCounter(16, "wordsDictated")
    public static let dictations = ActivityCounter(17, "dictations")
    public static let spellingHints = ActivityCounter(18, "spellingHints", heading: "hints")

    /// Every counter, in slot order: the order of a snapshot's bytes (append only; at most
    /// ``ActivityCounts/slotCount``).
    public static let all: [ActivityCounter] = [
        .again, .hard, .good, .easy, .cramReviews, .scheduledReviews, .scheduledPassed, .newCards,
        .reviewTimeMs, .spellingTimeMs, .dictationTimeMs, .wordsSpelledRight, .wordsSpelledWrong,
        .spellingSessions, .storiesGenerated, .storiesRead, .wordsDictated, .dictations, .spellingHints,
    ]
}
