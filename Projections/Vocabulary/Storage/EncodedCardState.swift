import Events
import FSRS

// How card states and undo entries are laid out in a vocabulary snapshot (see
// `VocabularyState+Binary.swift` for the whole encoding): record widths, the widened state,
// and the plain-data sink and source that write and read them.

/// The byte widths of the card and undo records of a snapshot: narrow when every day,
/// interval, edit and move count fits in 32 bits, wide otherwise.
struct RecordWidths {
    let isNarrow: Bool
    /// Bytes per packed card state.
    let state: Int
    /// Bytes per card record.
    let card: Int
    /// Bytes per undo entry: review id and stored state.
    let undo: Int

    init(narrow: Bool) {
        isNarrow = narrow
        state = 8 * 2 + (narrow ? 4 : 8) * 2 + 4 * 2 + 4 * 3 + 1
        card = 16 + 4 + 4 + 8 + 8 + 4 + 1 + (narrow ? 4 : 8) * 2 + 4 + state + 1 + 4 + 8
        undo = 16 + state
    }

    static let narrow = RecordWidths(narrow: true)
    static let wide = RecordWidths(narrow: false)
}

/// A card state's or undo entry's fields at the widths a snapshot holds them: days and interval
/// in 64 bits (written in 32 when the records are narrow). In memory, states are narrower
/// (``PackedCardState``): encoding widens them, decoding narrows them and refuses what does not fit.
struct EncodedCardState: Equatable {
    var dueMs: Int64 = 0
    var lastReviewMs: Int64 = 0
    var lastReviewDay: Int64 = 0
    var intervalDays: Int64 = 0
    var stability: Float = 0
    var difficulty: Float = 0
    var step: Int32 = 0
    var reps: Int32 = 0
    var lapses: Int32 = 0
    var phase: UInt8 = 0

    /// All zero (no state).
    init() {}

    /// The fields of `state` (all zero for no state).
    init(_ state: PackedCardState) {
        guard state.isPresent else { return }
        dueMs = state.dueMs
        lastReviewMs = state.lastReviewMs
        lastReviewDay = state.lastReviewDay
        intervalDays = Int64(state.intervalDays)
        stability = state.stability
        difficulty = state.difficulty
        step = state.step
        reps = state.reps
        lapses = state.lapses
        phase = state.phase
    }

    /// The stored state of an undo entry: the state before the review; for a first review no
    /// state but its local day in `lastReviewDay`; for a cram review the cram mark as phase and
    /// its instant in `lastReviewMs`.
    init(_ entry: UndoEntry) {
        self.init(entry.before)
        if entry.isCram {
            phase = UndoEntry.cramPhase
            lastReviewMs = entry.cramInstantMs
        } else if !entry.before.isPresent {
            lastReviewDay = entry.day
        }
    }

    /// Whether the narrow records hold these fields (day and interval in 32 bits).
    var fitsNarrow: Bool { Int32(exactly: lastReviewDay) != nil && Int32(exactly: intervalDays) != nil }

    /// The in-memory state, or nil when a present state does not fit it (see ``PackedCardState``)
    /// or holds a stability or difficulty that is not a finite number (no fold makes one: it is
    /// damage, and NaN would make the restored state unequal to itself).
    var packed: PackedCardState? {
        guard phase == 0 || (stability.isFinite && difficulty.isFinite) else { return nil }
        return PackedCardState(dueMs: dueMs, lastReviewMs: lastReviewMs, lastReviewDay: lastReviewDay, intervalDays: intervalDays,
                        stability: stability, difficulty: difficulty, step: step, reps: reps, lapses: lapses, phase: phase)
    }

    /// The undo entry of review `review` these fields store (laid out as the initializer from an
    /// entry writes them), or nil when its state does not fit a ``PackedCardState``.
    func undoEntry(review: IDKey) -> UndoEntry? {
        switch phase {
        case UndoEntry.cramPhase: .cram(review, instantMs: lastReviewMs)
        case 0: .scheduled(review, before: .none, day: lastReviewDay)
        default: packed.map { .scheduled(review, before: $0, day: 0) }
        }
    }

    /// Why a present state does not fit a ``PackedCardState`` (for error messages).
    var misfit: String {
        !stability.isFinite || !difficulty.isFinite
            ? "has a stability \(stability) or difficulty \(difficulty) that is not a finite number"
            : Int32(exactly: intervalDays) == nil
            ? "has an interval of \(intervalDays) days, beyond 32 bits"
            : "was last reviewed on local day \(lastReviewDay), too far from the instant \(lastReviewMs) ms"
    }
}

extension PlainDataSink {
    /// An id's two words.
    @inline(__always)
    mutating func put(_ key: IDKey) {
        put(key.high)
        put(key.low)
    }

    /// A card state's fields, days and interval in 32 bits when `narrow`.
    @inline(__always)
    mutating func put(_ state: EncodedCardState, narrow: Bool) {
        put(state.dueMs)
        put(state.lastReviewMs)
        if narrow {
            put(Int32(truncatingIfNeeded: state.lastReviewDay))
            put(Int32(truncatingIfNeeded: state.intervalDays))
        } else {
            put(state.lastReviewDay)
            put(state.intervalDays)
        }
        put(state.stability)
        put(state.difficulty)
        put(state.step)
        put(state.reps)
        put(state.lapses)
        put(state.phase)
    }

    /// A count in 32 bits when `narrow`, else 64.
    @inline(__always)
    mutating func putCount(_ count: Int, narrow: Bool) {
        if narrow { put(Int32(truncatingIfNeeded: count)) } else { put(Int64(count)) }
    }
}

extension PlainDataSource {
    /// An id written as two words.
    @inline(__always)
    mutating func takeKey() -> IDKey {
        let high: UInt64 = take()
        return IDKey(high: high, low: take())
    }

    /// A card state's fields, days and interval in 32 bits when `narrow` (unchecked).
    @inline(__always)
    mutating func takeState(narrow: Bool) -> EncodedCardState {
        var state = EncodedCardState()
        state.dueMs = take()
        state.lastReviewMs = take()
        if narrow {
            state.lastReviewDay = Int64(take(Int32.self))
            state.intervalDays = Int64(take(Int32.self))
        } else {
            state.lastReviewDay = take()
            state.intervalDays = take()
        }
        state.stability = takeFloat()
        state.difficulty = takeFloat()
        state.step = take()
        state.reps = take()
        state.lapses = take()
        state.phase = take()
        return state
    }

    /// A count written by ``PlainDataSink/putCount(_:narrow:)``.
    @inline(__always)
    mutating func takeCount(narrow: Bool) -> Int {
        narrow ? Int(take(Int32.self)) : Int(take(Int64.self))
    }
}
