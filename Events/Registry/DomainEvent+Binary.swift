// The log encoding of an event body, dispatched by kind through the registration table
// (`EventKind.withType`): written once here for every event type. Decoding has one path, which
// builds the event in place; a caller that wants a value decodes into a temporary.

extension DomainEvent {
    /// Appends the body (the fields, without the envelope) in the log encoding.
    func encodeBody(to writer: inout BinaryWriter) {
        guard let kind else {
            // `kind` is nil for `.unknown` only.
            if case .unknown(let event) = self { writer.writeRaw(event.payload) }
            return
        }
        withUnsafeMutablePointer(to: &writer) { writer in
            var encoder = BodyEncoder(event: self, writer: writer)
            kind.withType(&encoder)
        }
    }

    /// Reads the body of an event of `kind` stored at schema `version` straight into the
    /// uninitialized memory at `target`, upcasting older versions: a batch decode builds each
    /// event where it is kept, instead of in a temporary that is then copied.
    /// - Returns: whether `target` was initialized; false, `target` left as it was, when this
    ///   build does not know that version (the caller keeps the event as unknown).
    /// - Throws: ``EventDecodingError`` when the body is malformed or breaks a rule; `target` is
    ///   then left uninitialized.
    @inline(__always)
    static func decodeBody(kind: EventKind, version: UInt32, from reader: inout BinaryReader,
                           initializing target: UnsafeMutablePointer<DomainEvent>) throws(EventDecodingError) -> Bool {
        try withUnsafeMutablePointer(to: &reader) { (reader) throws(EventDecodingError) -> Bool in
            var decoder = BodyDecoder(reader: reader, version: version, target: target)
            return try kind.withType(&decoder)
        }
    }

    /// Writes the body of a known event: the table's `extract` of its kind gives its payload.
    private struct BodyEncoder: EventTypeVisitor {
        let event: DomainEvent
        let writer: UnsafeMutablePointer<BinaryWriter>

        @inline(__always)
        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) {
            // The kind was read from `event`, so `extract` finds its payload.
            extract(event)!.encode(to: &writer.pointee)
        }
    }

    /// Reads a body of one kind at one schema version into `target`.
    private struct BodyDecoder: EventTypeVisitor {
        let reader: UnsafeMutablePointer<BinaryReader>
        let version: UInt32
        let target: UnsafeMutablePointer<DomainEvent>

        @inline(__always)
        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) throws(EventDecodingError) -> Bool {
            // Each payload goes straight into its case and the case into `target`: no optional
            // or named temporary in between, whose copy would retain and release its strings.
            switch Payload.storedVersion(version) {
            case .current: target.initialize(to: embed(try Payload(from: &reader.pointee)))
            case .earlier(let earlier): target.initialize(to: embed(try earlier.upcasting(from: &reader.pointee)))
            case .unknown: return false
            }
            return true
        }
    }
}

extension EarlierEventVersion {
    /// The current version of the event whose body, in this earlier version's shape, is at the
    /// reader's offset.
    /// - Throws: ``EventDecodingError`` when the body is malformed or breaks a rule.
    static func upcasting(from reader: inout BinaryReader) throws(EventDecodingError) -> Current {
        try Self(from: &reader).upcastToCurrent()
    }
}
