import Events

/// The kinds of event a fold reads, as a bit set over ``EventKind`` (plus whether events this
/// build cannot read are among them): the batch fold skips the others without handing them to
/// the projection, which spares a copy of each skipped event per projection.
///
/// An app's read model keeps the default, ``all``; the built-in ones name their kinds.
public struct EventKindSet: Sendable, Equatable {
    private var bits: UInt64
    private var includesUnknown: Bool

    /// Every event, unknown ones included: the default, for folds that look at everything.
    public static let all = EventKindSet(bits: ~0, includesUnknown: true)

    private init(bits: UInt64, includesUnknown: Bool) {
        self.bits = bits
        self.includesUnknown = includesUnknown
    }

    /// The set of `kinds` (events this build cannot read are not in it).
    package init(_ kinds: EventKind...) {
        self.init(bits: 0, includesUnknown: false)
        for kind in kinds { bits |= Self.bit(kind) }
    }

    /// Whether `event` is of a kind in the set.
    @inline(__always)
    package func contains(_ event: DomainEvent) -> Bool {
        guard let kind = event.kind else { return includesUnknown }
        return bits & Self.bit(kind) != 0
    }

    /// Whether an event of `kind` (nil: a type this build does not know) may be in the set: a
    /// source asked for the set decodes it, and skips the others undecoded. An event of a known
    /// type can still come out unknown (a newer schema version), so a set that takes unknown
    /// events has every kind decoded.
    @inline(__always)
    package func decodes(_ kind: EventKind?) -> Bool {
        guard let kind, !includesUnknown else { return includesUnknown }
        return bits & Self.bit(kind) != 0
    }

    /// The kinds in this set or in `other`.
    package func union(_ other: EventKindSet) -> EventKindSet {
        EventKindSet(bits: bits | other.bits, includesUnknown: includesUnknown || other.includesUnknown)
    }

    /// The kinds of `events`: one pass, so that which of many sets meet a batch is answered
    /// with ``intersects(_:)`` per set rather than a scan of the batch per set.
    package init(kindsOf events: [RecordedEvent]) {
        self.init(bits: 0, includesUnknown: false)
        for recorded in events {
            if let kind = recorded.event.kind { bits |= Self.bit(kind) } else { includesUnknown = true }
        }
    }

    /// Whether an event could be in both sets: some kind is in both, or both take unknown events.
    package func intersects(_ other: EventKindSet) -> Bool {
        bits & other.bits != 0 || (includesUnknown && other.includesUnknown)
    }

    /// No kind at all (the start of a union).
    package static let none = EventKindSet(bits: 0, includesUnknown: false)

    @inline(__always)
    private static func bit(_ kind: EventKind) -> UInt64 {
        // Kinds are numbered densely from 0; a 65th kind would need a wider set (a test checks).
        1 << UInt64(kind.rawValue)
    }
}
