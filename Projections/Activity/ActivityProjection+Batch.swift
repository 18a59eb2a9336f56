import CPrefetch
import Events

// The batch fold: events read in place (no copy of each `RecordedEvent`), and a software
// pipeline that overlaps the ledger's cache misses across events, two stages ahead of the fold
// (D is ``ActivityProjection/prefetchDistance``). At event i it:
// - starts loading the lines of event i + 4D itself;
// - starts loading the index bucket of event i + 2D's card (a review's, an undo's, a creation's
//   or a deletion's): the bucket holds the card's slot and header;
// - looks up the bucket of event i + D's card (now cached) and, from the header in it, starts
//   loading the one line of the window the review will write (for an undo, the whole window);
// then folds event i. Only the lines a review touches are asked for: prefetching whole records
// filled the core's line-fill buffers and stalled the loop.
//
// It folds exactly what the single-event fold does: both go through ``fold(_:lookahead:to:)``,
// and a looked-up bucket is used only while the ledger's ``ReviewLedger/layout`` is unchanged.
extension ActivityProjection {
    /// Folds the events of `batch` after `checkpoint`, in order (never fails).
    /// - Complexity: O(n) folds for the n events after `checkpoint`.
    package func apply(_ batch: [RecordedEvent], after checkpoint: UInt64, to state: inout State) -> BatchOutcome {
        let distance = prefetchDistance
        var ring = [CardLookahead](repeating: .none, count: Self.ringSize)
        var run = ActivityRun(isBatch: true)
        let last = batch.withUnsafeBufferPointer { events -> UInt64 in
            ring.withUnsafeMutableBufferPointer { ring -> UInt64 in
                guard let base = events.baseAddress else { return checkpoint }
                let count = events.count, mask = Self.ringSize - 1
                var last = checkpoint
                // Steps before 0 only fill the pipeline.
                for step in (-2 * distance)..<count {
                    let far = step + 2 * distance, near = step + distance, ahead = step + 4 * distance
                    if ahead < count { Self.prefetchEvent(base + ahead) }
                    if far < count, let card = Self.indexedCard(of: base + far) { state.ledger.prefetchBucket(of: card) }
                    if near >= 0 && near < count {
                        ring[near & mask] = switch ActivityEvent(base + near) {
                        case .review(let card, _, _, _): state.ledger.lookAhead(card, undo: false)
                        case .undo(let card, _): state.ledger.lookAhead(card, undo: true)
                        default: .none
                        }
                    }
                    guard step >= 0 else { continue }
                    let event = base + step
                    let position = event.pointee.position
                    guard position > checkpoint else { continue }
                    fold(event, lookahead: ring[step & mask], run: &run, to: &state)
                    last = position
                }
                run.flush(into: &state)
                return last
            }
        }
        return BatchOutcome(lastApplied: last, failure: nil)
    }

    /// The ring of look-ups in flight: a power of two above the largest distance.
    static let ringSize = 64
    /// The largest ``prefetchDistance``.
    package static let maximumPrefetchDistance = ringSize / 2 - 1

    /// Starts loading the lines of the event at `event` (a `RecordedEvent` spans three or four;
    /// the fourth is the next event's first): the batch may have left the cache since it was
    /// decoded (other folds run over it first), and the pipeline's stages read each event
    /// before its fold does. A hint: changes nothing.
    @inline(__always) static func prefetchEvent(_ event: UnsafePointer<RecordedEvent>) {
        let raw = UnsafeRawPointer(event)
        hindsight_prefetch(raw)
        hindsight_prefetch(raw + 64)
        hindsight_prefetch(raw + 128)
    }

    /// The card whose index bucket an event reads: the card a review, an undo, a creation or a
    /// deletion names (nil for other events).
    @inline(__always) static func indexedCard(of event: UnsafePointer<RecordedEvent>) -> CardID? {
        switch ActivityEvent(event) {
        case .review(let card, _, _, _), .undo(let card, _), .cardCreated(let card, _), .cardDeleted(let card): card
        default: nil
        }
    }

}

/// A card's bucket as the batch fold's look-ahead found it, and the ledger ``ReviewLedger/layout``
/// it was found under: good while the layout is the same.
package struct CardLookahead: Sendable, BitwiseCopyable {
    /// The bucket, or -1 when the card was not found (or not looked up).
    package var bucket: Int32
    /// The ledger's layout at the look-up.
    package var layout: UInt

    /// Nothing looked up.
    package static let none = CardLookahead(bucket: -1, layout: 0)

    @inline(__always) package init(bucket: Int32, layout: UInt) {
        self.bucket = bucket
        self.layout = layout
    }
}
