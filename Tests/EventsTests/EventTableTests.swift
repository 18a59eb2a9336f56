import Foundation
import Testing
import TestSupport
@testable import Events

/// The registration table (`EventKind.withType`) is complete and consistent: every kind has one
/// row naming its own struct, under a unique name, whose two directions to `DomainEvent` agree
/// with each other and with `DomainEvent.kind`; every registered type round-trips through both
/// encodings, and the in-place decode builds exactly the event that was encoded.
@Suite struct EventTableTests {
    /// What one row of the table says, as seen through its struct.
    struct Row {
        var type: ObjectIdentifier
        var typeName: String
        var schemaVersion: UInt32
        /// `embed(extract(sample))`: the sample again, if the row's two directions agree.
        var reembedded: DomainEvent?
        /// `extract` of an event of another kind: must be nil.
        var extractedOther: Bool
        /// The payload's `domainEvent`: the sample again.
        var domainEvent: DomainEvent?
    }

    /// Reads a row with a sample event of its kind and one of another kind.
    struct RowReader: EventTypeVisitor {
        let sample: DomainEvent
        let other: DomainEvent

        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) -> Row {
            let payload = extract(sample)
            return Row(type: ObjectIdentifier(type), typeName: Payload.typeName, schemaVersion: Payload.schemaVersion,
                       reembedded: payload.map(embed), extractedOther: extract(other) != nil, domainEvent: payload?.domainEvent)
        }
    }

    static func rows(seed: UInt64) throws -> [(kind: EventKind, sample: DomainEvent, row: Row)] {
        var generator = EventGenerator(seed: seed)
        let samples = try EventKind.allCases.map { try generator.event(of: $0) }
        return EventKind.allCases.map { kind in
            let index = Int(kind.rawValue)
            var reader = RowReader(sample: samples[index], other: samples[(index + 1) % samples.count])
            return (kind, samples[index], kind.withType(&reader))
        }
    }

    @Test func everyKindHasOneRowOfItsOwnStructUnderAUniqueName() throws {
        let rows = try Self.rows(seed: 1)
        #expect(EventKind.allCases.map(\.rawValue) == Array(0..<UInt8(EventKind.allCases.count)), "kinds are numbered densely from 0")
        #expect(Set(rows.map(\.row.type)).count == rows.count, "a struct is registered twice")
        #expect(Set(rows.map(\.row.typeName)).count == rows.count, "a type name is registered twice")
        for (kind, _, row) in rows {
            #expect(EventRegistry.kind(named: row.typeName) == kind, "\(row.typeName)")
            #expect(kind.typeName == row.typeName && kind.schemaVersion == row.schemaVersion)
        }
        #expect(EventRegistry.knownTypes.map(\.typeName) == rows.map(\.row.typeName))
    }

    @Test(arguments: 0..<4 as Range<UInt64>)
    func eachRowsDirectionsAgreeWithTheEnum(seed: UInt64) throws {
        for (kind, sample, row) in try Self.rows(seed: seed) {
            #expect(sample.kind == kind, "the generator or DomainEvent.kind disagrees for \(kind)")
            #expect(row.reembedded == sample, "\(kind): embed(extract(event)) is not the event")
            #expect(!row.extractedOther, "\(kind): extract accepts an event of another kind")
            #expect(row.domainEvent == sample, "\(kind): the payload's domainEvent is not the event")
        }
    }

    /// Seeded random events of every registered type: the log encoding decodes (one by one and in
    /// place into a batch) to the same event, the JSON too, and the log body alone (as a JSON
    /// import reads a base64 payload) too.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func everyRegisteredTypeRoundTripsInBothEncodings(seed: UInt64) throws {
        var generator = EventGenerator(seed: seed)
        let events = try EventKind.allCases.map { try generator.recorded($0) }
        let payloads = events.map { LogCodec.encode($0) }
        let (inPlace, error) = InPlaceDecodeTests.decodeInPlace(payloads)
        #expect(error == nil)
        let codec = EventJSONCodec()
        for (index, event) in events.enumerated() {
            let decoded = try LogCodec.decode(payloads[index], position: event.position)
            #expect(decoded == event, "\(event.typeName): log round trip")
            #expect(inPlace[index] == RecordedEvent(event, position: UInt64(index + 1)), "\(event.typeName): in-place decode")
            #expect(try codec.decode(codec.encode(event)) == event, "\(event.typeName): JSON round trip")
        }
    }

    /// An earlier schema version comes back upcast from its payload's `domainEvent`, as decoders
    /// read it.
    @Test func anEarlierVersionsDomainEventIsUpcast() throws {
        let v1 = ReviewGradedV1(card: CardID(fixedUUID(5)), rating: .hard, duration: try ElapsedTime(milliseconds: 10))
        #expect(v1.domainEvent == .reviewGraded(v1.upcastToCurrent()))
        #expect(ReviewGraded.earlierVersions.map { $0.schemaVersion } == [1])
    }
}

extension RecordedEvent {
    /// `event` at log position `position`.
    init(_ event: RecordedEvent, position: UInt64) {
        self.init(position: position, id: event.id, stream: event.stream, streamVersion: event.streamVersion,
                  profile: event.profile, occurred: event.occurred, recordedAt: event.recordedAt, event: event.event)
    }
}
