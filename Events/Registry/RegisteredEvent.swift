/// An event type of the registration table (``EventKind/withType(_:)``): a catalog struct with
/// its log body (``BinaryCodable``) and the JSON keys of its fields (``jsonShape``), named by
/// `typeName`. Every codec path reads and writes a registered type through these two alone (its
/// `Codable` conformance gives the same JSON, for apps; the codec does not use it).
package protocol RegisteredEvent: EventPayload, BinaryCodable {
    /// The JSON form of the payload: the fields in the order `encode(to:)` writes them, each
    /// with its key (the property's name). Written beside the binary codec, in `+Binary.swift`.
    static var jsonShape: JSONShape { get }

    /// The released schema versions before ``EventPayload/schemaVersion`` that this build still
    /// reads, each upcast to this one; none by default.
    static var earlierVersions: [any EarlierEventVersion<Self>.Type] { get }
}

extension RegisteredEvent {
    /// No earlier versions: the type is at its first schema version.
    package static var earlierVersions: [any EarlierEventVersion<Self>.Type] { [] }
}

/// A released schema version of an event type that is no longer written, read from old logs and
/// exports and upcast to the current version by a pure function.
package protocol EarlierEventVersion<Current>: EventPayload, BinaryCodable {
    /// The type's current version.
    associatedtype Current: RegisteredEvent
    /// The same fact in the current version's shape.
    func upcastToCurrent() -> Current
}

/// One use of the registration table, written once for every event type: the table's switch
/// (``EventKind/withType(_:)``) calls ``visit(_:embed:extract:)`` with the struct of a kind and
/// the two directions between it and its ``DomainEvent`` case.
package protocol EventTypeVisitor {
    /// What a visit gives back.
    associatedtype Result
    /// What a visit throws (`Never` for one that cannot fail).
    associatedtype Failure: Error

    /// Does this visitor's work for event type `type`, whose `DomainEvent` case builds with
    /// `embed` (which takes the payload over: no copy of its strings) and is taken apart with
    /// `extract` (nil for any other case).
    /// - Throws: `Failure`, as the visitor defines.
    mutating func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                                  extract: (DomainEvent) -> Payload?) throws(Failure) -> Result
}

/// How this build reads a body of `Current`'s type stored at one schema version.
package enum StoredVersion<Current: RegisteredEvent> {
    /// The current version: read as `Current` itself.
    case current
    /// A released earlier version: read in its own shape and upcast.
    case earlier(any EarlierEventVersion<Current>.Type)
    /// A version this build does not know (a newer build wrote it): kept as an unknown event.
    case unknown
}

extension RegisteredEvent {
    /// How a body stored at schema `version` is read. The one place that decides which stored
    /// versions a decoder reads (the binary and the JSON decoders both ask it).
    @inline(__always)
    static func storedVersion(_ version: UInt32) -> StoredVersion<Self> {
        if version == schemaVersion { return .current }
        for earlier in earlierVersions where earlier.schemaVersion == version {
            return .earlier(earlier)
        }
        return .unknown
    }

    /// The payload of this type at schema `version` (as ``storedVersion(_:)`` says): the
    /// current shape read by `read`, or an earlier one read by `readEarlier` and upcast; nil
    /// when this build does not know `version`.
    /// - Throws: whatever `read` or `readEarlier` throws.
    @inline(__always)
    static func reading<Failure: Error>(
        version: UInt32,
        _ read: () throws(Failure) -> Self,
        earlier readEarlier: (any EarlierEventVersion<Self>.Type) throws(Failure) -> Self
    ) throws(Failure) -> Self? {
        switch storedVersion(version) {
        case .current: try read()
        case .earlier(let earlier): try readEarlier(earlier)
        case .unknown: nil
        }
    }
}
