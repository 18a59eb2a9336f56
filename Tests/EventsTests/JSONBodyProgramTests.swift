@testable import Events
import Foundation
import TestSupport
import Testing

/// The JSON Lines export transcodes a record's body with its kind's compiled program
/// (`JSONBodyProgram`); the shape walk (`JSONShape.writeJSON`) stays the reference (and the path
/// of rendered personal data and of decoded events). The two must write the same bytes for every
/// body and refuse the same damaged ones.
@Suite struct JSONBodyProgramTests {
    /// What a transcode gave: its bytes or its error's description.
    enum Outcome: Equatable {
        case bytes([UInt8])
        case error(String)

        var succeeded: Bool { if case .bytes = self { true } else { false } }
    }

    /// The body of `event`'s log record, as the binary codec writes it.
    static func body(of event: RecordedEvent) -> [UInt8] {
        var writer = BinaryWriter()
        event.event.encodeBody(to: &writer)
        return writer.bytes
    }

    /// What the compiled program of `kind` writes for `body`, or the error it throws.
    static func compiled(_ body: [UInt8], kind: EventKind) -> Outcome {
        body.withUnsafeBytes { bytes in
            // A small buffer, so that growing is exercised too.
            var out = JSONByteBuffer(capacity: 64)
            do {
                try kind.jsonBodyProgram.writeJSON(body: bytes, to: &out)
                return .bytes(out.bytes)
            } catch {
                return .error("\(error)")
            }
        }
    }

    /// What the shape walk of `kind` writes for `body`, or the error it throws.
    static func walked(_ body: [UInt8], kind: EventKind) -> Outcome {
        body.withUnsafeBytes { bytes in
            var out = JSONWriter()
            do {
                try kind.jsonShape.writeJSON(body: bytes, to: &out, referenceText: nil)
                return .bytes(out.bytes)
            } catch {
                return .error("\(error)")
            }
        }
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func theProgramWritesTheShapeWalksBytesForEveryType(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0x9E37_79B9 ^ 0x51)
        for kind in EventKind.allCases {
            let body = Self.body(of: try g.recorded(kind))
            let compiled = Self.compiled(body, kind: kind)
            #expect(compiled == Self.walked(body, kind: kind), "seed \(seed), \(kind.typeName)")
            #expect(compiled.succeeded, "seed \(seed), \(kind.typeName): \(compiled)")
        }
    }

    /// Bodies cut short, with a byte too many, or with one byte changed (which may make a
    /// presence byte, a count, a tag or an enumeration byte out of range, or a text not UTF-8):
    /// the program accepts exactly what the walk accepts, with the same bytes or the same error.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func damagedBodiesAreTreatedAsTheWalkTreatsThem(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0x2545_F491 ^ 0x77)
        var rng = SplitMix64(seed: seed)
        for kind in EventKind.allCases {
            let body = Self.body(of: try g.recorded(kind))
            var damaged = [Array(body.dropLast()), body + [0], Array(body.prefix(body.count / 2))]
            if !body.isEmpty {
                var changed = body
                changed[Int.random(in: 0..<body.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                damaged.append(changed)
            }
            for bytes in damaged {
                #expect(Self.compiled(bytes, kind: kind) == Self.walked(bytes, kind: kind), "seed \(seed), \(kind.typeName)")
            }
        }
    }

    /// Every kind's program has a node per value of its shape and the payload object first.
    @Test func everyKindCompilesToAnObjectFirst() {
        for kind in EventKind.allCases {
            let program = kind.jsonBodyProgram
            #expect(program.nodes.first?.code == .object, "\(kind.typeName)")
            #expect(Int(program.nodes[0].count) == kind.jsonShape.fields.count, "\(kind.typeName)")
            #expect(program.scratchCount <= EventKind.jsonBodyScratchCount)
        }
    }
}

/// The envelope's one writer places an extra member by the byte order of its key, wherever it
/// falls among the envelope's keys.
@Suite struct JSONEnvelopeExtraMemberTests {
    @Test(arguments: ["aaa", "eventId0", "occurredAt0", "payloadZ", "personalData", "q", "streamCategory0", "typeZ", "zzz"])
    func theExtraMemberGoesInItsPlaceByKeyOrder(extraKey: String) throws {
        let event = RecordedEvent(
            position: 7, id: EventID(fixedUUID(1)), stream: .card(CardID(fixedUUID(2))), streamVersion: 3,
            profile: ProfileID(fixedUUID(4)), occurred: EventTime(instant: Timestamp(milliseconds: 1_767_225_600_000),
                                                                  utcOffset: try UTCOffset(seconds: -3600)),
            recordedAt: Timestamp(milliseconds: 1_767_225_600_005),
            event: .deckCreated(DeckCreated(deck: DeckID(fixedUUID(2)), name: "ABCD")))
        let buffers = JSONPayloadBuffers()
        try event.appendJSON(to: buffers, extraKey: extraKey) { $0.write(raw: "17") }
        let text = String(decoding: buffers.writer.bytes, as: UTF8.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(buffers.writer.bytes)) as? [String: Any])
        #expect(object[extraKey] as? Int == 17)
        #expect(object.count == 13)
        // The keys as written, in order: each member's key follows `{` or `,` at the top level.
        let keys = object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(text)")
    }
}
