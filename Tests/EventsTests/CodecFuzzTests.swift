import Events
import Foundation
import Testing
import TestSupport

/// Fuzzing of the event codecs (the log's binary codec, its in-place and skipping paths, and the
/// JSON codec of export and import): seeded events of every type, damaged by ``Mutator``, must
/// decode to an event that re-encodes and decodes to itself, or be refused with an
/// ``EventDecodingError`` that says where (the log position and byte offset for binary input,
/// the key path for JSON). No crash, no hang, no allocation sized by an unchecked count.
@Suite struct CodecFuzzTests {
    /// Seeded encoded events, one of each type per round, for the mutator to start from.
    static func validPayloads(seed: UInt64, rounds: Int) throws -> [RecordedEvent] {
        var g = EventGenerator(seed: seed)
        return try (0..<rounds).flatMap { _ in try EventKind.allCases.map { try g.recorded($0) } }
    }

    @Test func mutatedLogPayloadsDecodeCanonicallyOrFailWithWhere() throws {
        let count = TestScale.cases(short: 4000, long: 1_000_000)
        let events = try Self.validPayloads(seed: 19, rounds: 4).map { LogCodec.encode($0) }
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let valid = events[mutator.below(events.count)]
            let damaged = mutator.mutate(valid, splicingWith: events[mutator.below(events.count)])
            let position = 1 + UInt64(seed)
            do {
                let event = try LogCodec.decode(damaged, position: position)
                tally.noteDecoded()
                #expect(event.position == position)
                let again = LogCodec.encode(event)
                #expect(try LogCodec.decode(again, position: position) == event, "seed \(seed): decoded event does not round-trip")
            } catch {
                tally.noteRefused(error.code.rawValue)
                #expect(error.position == position, "seed \(seed): \(error)")
                #expect(error.offset.map { $0 >= 0 && $0 <= damaged.count } ?? (error.code == .invalidValue),
                        "seed \(seed): no byte offset in \(error)")
                #expect(!error.message.isEmpty)
            }
            try Self.checkOtherPaths(damaged, position: position, seed: seed)
        }
        tally.report("LogCodec")
        #expect(tally.total == count)
        #expect(tally.decoded > 0 && tally.refused.count >= 4, "the mutations reach too few of the decoder's refusals")
    }

    /// The in-place decode (a replay's batch) and the skipping decode (kinds no read model folds)
    /// agree with the plain decode on every input: same event, or an error at the same position.
    static func checkOtherPaths(_ bytes: [UInt8], position: UInt64, seed: UInt64) throws {
        let plain = Result { () throws(EventDecodingError) in try LogCodec.decode(bytes, position: position) }
        let inPlace = bytes.withUnsafeBytes { raw in
            let target = UnsafeMutablePointer<RecordedEvent>.allocate(capacity: 1)
            defer { target.deallocate() }
            return Result { () throws(EventDecodingError) -> RecordedEvent in
                try LogCodec.decode(raw, position: position, initializing: target)
                return target.move()
            }
        }
        switch (plain, inPlace) {
        case (.success(let a), .success(let b)): #expect(a == b, "seed \(seed): the in-place decode differs")
        case (.failure(let a), .failure(let b)): #expect(a.position == position && b.position == position)
        default: Issue.record("seed \(seed): the plain and in-place decodes disagree: \(plain) vs \(inPlace)")
        }
        let skipped = bytes.withUnsafeBytes { raw in
            Result { () throws(EventDecodingError) in try LogCodec.decode(raw, position: position, ifKind: { _ in false }) }
        }
        if case .success = plain, case .failure(let error) = skipped {
            Issue.record("seed \(seed): skipping refuses an event the plain decode accepts: \(error)")
        }
        if case .success(let event) = plain {
            #expect(bytes.withUnsafeBytes { raw in (try? LogCodec.eventID(in: raw)) == event.id })
        }
    }

    /// A varint count or length of 2^62 (or beyond 64 bits) in place of every varint of a record
    /// fails fast with a typed error at a byte offset; nothing is reserved for it.
    @Test(arguments: Mutator.hugeVarints)
    func hugeVarintsAtEveryPlaceFailFast(huge: [UInt8]) throws {
        var g = EventGenerator(seed: 5)
        for kind in EventKind.allCases {
            let bytes = LogCodec.encode(try g.recorded(kind))
            for at in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 40)) {
                var damaged = bytes
                damaged.insert(contentsOf: huge, at: at)
                do {
                    let event = try LogCodec.decode(damaged, position: 3)
                    #expect(try LogCodec.decode(LogCodec.encode(event), position: 3) == event)
                } catch {
                    #expect(error.position == 3 && (error.offset != nil || error.code == .invalidValue), "\(error)")
                }
            }
        }
    }

    @Test func mutatedJSONDecodesCanonicallyOrFailsWithAPath() throws {
        let count = TestScale.cases(short: 1500, long: 1_000_000)
        let codec = EventJSONCodec()
        let lines = try Self.validPayloads(seed: 23, rounds: 2).map { [UInt8](try codec.encode($0)) }
        var tally = FuzzTally()
        for seed in 0..<UInt64(count) {
            var mutator = Mutator(seed: seed)
            let damaged = mutator.mutateText(lines[mutator.below(lines.count)], splicingWith: lines[mutator.below(lines.count)])
            switch Result(catching: { () throws(EventDecodingError) in try codec.decode(Data(damaged)) }) {
            case .success(let event):
                tally.noteDecoded()
                #expect(try codec.decode(try codec.encode(event)) == event, "seed \(seed): decoded JSON does not round-trip")
                #expect(try LogCodec.decode(LogCodec.encode(event), position: event.position) == event)
            case .failure(let error):
                tally.noteRefused(error.code.rawValue)
                #expect([.invalidJSON, .invalidValue, .invalidUTF8, .truncated, .malformedInteger, .unsupportedFormat, .trailingBytes]
                            .contains(error.code))
                #expect(!error.message.isEmpty, "seed \(seed)")
            }
        }
        tally.report("EventJSONCodec")
        #expect(tally.decoded > 0 && tally.refused["invalid-json", default: 0] > 0)
    }

    /// 100,000 nested arrays (and objects) where an envelope or a payload value belongs give a
    /// typed error, not a stack overflow.
    @Test(arguments: ["ARRAYS", "{\"payload\":ARRAYS}", "{\"type\":\"settings.setting-changed\",\"payload\":{\"value\":ARRAYS}}", "OBJECTS"])
    func deepNestingIsATypedError(template: String) throws {
        let depth = 100_000
        let arrays = String(decoding: Mutator.nestedJSONArrays(depth: depth), as: UTF8.self)
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        let json = template.replacingOccurrences(of: "ARRAYS", with: arrays).replacingOccurrences(of: "OBJECTS", with: objects)
        let error = try #require(throws: EventDecodingError.self) { try EventJSONCodec().decode(Data(json.utf8)) }
        #expect(error.code == .invalidJSON, "\(error)")
    }
}

/// The count reader that knows its elements' smallest size.
@Suite struct CountCheckTests {
    @Test(arguments: [(count: 10, bytes: 40, size: 4, fits: true), (10, 39, 4, false), (1 << 62, 100, 1, false),
                      (100, 100, 1, true), (100, 100, 2, false), (0, 0, 17, true)])
    func countsAreCheckedAgainstTheBytesLeft(count: Int, bytes: Int, size: Int, fits: Bool) throws {
        let input = Mutator.leb128(UInt64(count)) + [UInt8](repeating: 0, count: bytes)
        let result = input.withUnsafeBytes { raw in
            Result { () throws(EventDecodingError) -> Int in
                var reader = BinaryReader(raw)
                return try reader.readCount(eachAtLeast: size)
            }
        }
        switch result {
        case .success(let read): #expect(fits && read == count)
        case .failure(let error):
            #expect(!fits && error.code == .truncated && error.offset == 0, "\(error)")
        }
    }
}
