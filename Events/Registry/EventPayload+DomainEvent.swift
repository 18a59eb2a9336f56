// Each payload knows its case of DomainEvent, through the registration table.

extension EventPayload {
    /// This event as a ``DomainEvent``: its case when its type is in the registration table; an
    /// earlier schema version of a registered type comes back upcast to the current one.
    ///
    /// A type outside the catalog (an app's own conformer, which no codec knows) has no case;
    /// asking for one is a programming error and traps.
    public var domainEvent: DomainEvent {
        guard let kind = EventRegistry.kind(named: Self.typeName) else {
            preconditionFailure("\(Self.typeName) is not an event type of the catalog")
        }
        var embedder = Embedder(payload: self)
        guard let event = kind.withType(&embedder) else {
            preconditionFailure("\(Self.self) is not the type registered as \(Self.typeName)")
        }
        return event
    }
}

/// Wraps a payload in its kind's case, if it is of that kind's type (or an earlier version of it).
private struct Embedder<Given: EventPayload>: EventTypeVisitor {
    let payload: Given

    func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                         extract: (DomainEvent) -> Payload?) -> DomainEvent? {
        if let current = payload as? Payload { return embed(current) }
        if let earlier = payload as? any EarlierEventVersion<Payload> { return embed(earlier.upcastToCurrent()) }
        return nil
    }
}
