import Events
import Projections

/// The state an import's events are admitted on (``DecisionContext/admit(_:)``, the rule the
/// store's commands keep): the read models and the command ledger as the import starts, with
/// each admitted event of the import folded in, so a line is judged on the lines before it.
///
/// The fold is the read models' own (`Projection.apply`), on copies: the store's projectors see
/// nothing until the import is committed, and then take the copies over (``admitted``) rather
/// than fold every event of the import a second time.
struct ImportAdmission {
    private var context: DecisionContext
    private let vocabulary: VocabularyProjection
    private let profiles: ProfilesProjection
    private let stories: StoryLibraryProjection
    private let spelling: SpellingProjection
    /// The read models the admission folds (the others fold on copies of their own: ``ImportFolds``).
    static let foldedReadModels: Set<String> = [VocabularyProjection.name, ProfilesProjection.name,
                                                StoryLibraryProjection.name, SpellingProjection.name]
    /// How many positions the log may hold for each one imported and the ledger still take the
    /// admission's copy (its index merged) rather than fold the import (see ``giveUpModels(staged:)``).
    static let mergeBreakEven = 200

    /// Admission on `context`, folded as `models` fold.
    init(_ context: DecisionContext, models: ReadModels) {
        self.context = context
        vocabulary = models.vocabulary.projection
        profiles = models.profiles.projection
        stories = models.stories.projection
        spelling = models.spelling.projection
    }

    /// The four read models and the command ledger with every event admitted so far folded in,
    /// the ledger's index of event positions given `staged` (the positions of the events
    /// admitted, which the admission's folds leave out: ``CommandLedger/applyDecisionFacts(_:)``).
    /// The ledger is left out (nil: it folds the import from the log) when the import is small
    /// beside the log: merging the indexes copies every position the log holds, about 5
    /// instructions each, where folding costs about 1,000 an event imported.
    ///
    /// Mutating, so that the admission's own ledger is given up in place before the merge (its
    /// index then has one owner and grows where it is); the admission is used up: call it once,
    /// last.
    mutating func giveUpModels(staged: consuming StagedEventIDs) -> AdmittedModels {
        var ledger: CommandLedger?
        if context.ledger.eventPositions.count <= Self.mergeBreakEven * staged.count {
            var merged = context.ledger
            // The admission's own reference is dropped first, so that the index grows in place.
            context.ledger = CommandLedger()
            merged.eventPositions.absorb((consume staged).ascendingRuns())
            ledger = merged
        }
        return AdmittedModels(vocabulary: context.vocabulary, profiles: context.profiles, stories: context.stories,
                              spelling: context.spelling, ledger: ledger)
    }

    /// The version of `stream` with every event admitted so far (0 when it has none).
    func version(of stream: StreamID) -> UInt64 { context.ledger.version(of: stream) }

    /// Admits `pending` (from line `line` of the file `path`) and folds it, recorded as `event`
    /// (the same event with its position, stream version and recording time), into the state.
    /// - Throws: ``ImportError`` `refusedEvent` naming the line, the event and the rule broken
    ///   (``ImportError/rule``), with the message the command would give; nothing is folded then.
    /// - Complexity: O(1) expected, plus one fold of the event into four read models.
    mutating func admit(_ pending: PendingEvent, as event: RecordedEvent, line: Int, path: String?) throws(ImportError) {
        do { try context.admit(pending) } catch {
            var refused = ImportError(.refusedEvent, "the \(event.event.typeName) event \(event.id) is refused, as the store refuses such a command: "
                                      + "\(error.message) (\(error.code.rawValue)); fix or remove the line",
                                      path: path, line: line)
            refused.rule = error.code
            throw refused
        }
        vocabulary.apply(event, to: &context.vocabulary)
        profiles.apply(event, to: &context.profiles)
        stories.apply(event, to: &context.stories)
        spelling.apply(event, to: &context.spelling)
        context.ledger.applyDecisionFacts(event)
    }
}

// The checks' prefetch pipeline (``ImportChecks/check(_:logged:repeats:clockTime:)``): hints
// only, none changes the state or any result. Admitting and folding an event on a card reads and
// writes the card's records in the vocabulary and in the command ledger, cache misses one after
// another (each index bucket, then each record); the stages start them for events ahead, so that
// the misses of several events overlap. `mutating` only so that the states are passed by
// reference (a call into another module would copy them first).
extension ImportAdmission {
    /// Stage 1: starts loading the index buckets of `card` in the vocabulary and the ledger.
    mutating func prefetchIndexes(of card: CardID) {
        context.vocabulary.prefetchIndex(IDKey(card))
        context.ledger.cardStreams.prefetchIndex(of: card)
    }

    /// Stage 2, once stage 1 has loaded the buckets: starts loading `card`'s records (the
    /// vocabulary's hot record, deck and creation time; the ledger's version of its stream).
    /// - Returns: the card's slot in the vocabulary, for stage 3 (-1 when it has none).
    mutating func prefetchRecords(of card: CardID) -> Int32 {
        context.ledger.cardStreams.prefetchVersion(of: card)
        return context.vocabulary.prefetchStanding(IDKey(card))
    }

    /// Stage 3, once stage 2 has loaded the vocabulary's record of the card at `slot`: starts
    /// loading what a review of it reads and writes besides (its undo slots, its place in the due calendar).
    mutating func prefetchTargets(ofSlot slot: Int32) { context.vocabulary.prefetchTargets(of: slot) }
}

/// The states of the read models and the command ledger an import's admission folds
/// (``ImportAdmission``), with the import's events folded in: what they hold once it is committed.
struct AdmittedModels {
    /// The vocabulary model's state.
    var vocabulary: VocabularyState
    /// The profiles model's state.
    var profiles: ProfileDirectory
    /// The story library's state.
    var stories: StoryLibrary
    /// The spelling model's state.
    var spelling: SpellingProgress
    /// The command ledger, or nil when it is to fold the import from the log (see
    /// ``ImportAdmission/giveUpModels(staged:)``).
    var ledger: CommandLedger?
}
