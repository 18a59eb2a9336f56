@testable import Events
import Testing
import TestSupport

/// The compiled program finds a member's bytes without a skip pass (starts known from fixed
/// sizes, or from writing the member before); on a body that fails so it writes again in the
/// shape walk's order. Both orders must give the walk's bytes on every sound body, each on its
/// own (the fallback must not hide a fault of the first), and the first must refuse every body
/// the walk refuses.
@Suite struct JSONBodyProgramOrderTests {
    /// What the program of `kind` writes for `body` in one order, or nil when it throws.
    static func written(_ body: [UInt8], kind: EventKind, skippingFirst: Bool) -> [UInt8]? {
        body.withUnsafeBytes { bytes in
            var out = JSONByteBuffer(capacity: 64)
            do {
                try kind.jsonBodyProgram.write(body: bytes, to: &out, skippingFirst: skippingFirst)
                return out.bytes
            } catch {
                return nil
            }
        }
    }

    /// What the shape walk writes for `body`, or nil when it throws.
    static func walked(_ body: [UInt8], kind: EventKind) -> [UInt8]? {
        body.withUnsafeBytes { bytes in
            var out = JSONWriter()
            do {
                try kind.jsonShape.writeJSON(body: bytes, to: &out, referenceText: nil)
                return out.bytes
            } catch {
                return nil
            }
        }
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func bothOrdersWriteTheWalksBytes(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0x6A09_E667 ^ 0x0D)
        for kind in EventKind.allCases {
            let body = JSONBodyProgramTests.body(of: try g.recorded(kind))
            let walked = try #require(Self.walked(body, kind: kind), "seed \(seed), \(kind.typeName)")
            #expect(Self.written(body, kind: kind, skippingFirst: false) == walked, "seed \(seed), \(kind.typeName)")
            #expect(Self.written(body, kind: kind, skippingFirst: true) == walked, "seed \(seed), \(kind.typeName)")
        }
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func findingMembersLateRefusesWhatTheWalkRefuses(seed: UInt64) throws {
        var g = EventGenerator(seed: seed &* 0xBB67_AE85 ^ 0x3C)
        var rng = SplitMix64(seed: seed ^ 0xF00D)
        for kind in EventKind.allCases {
            let body = JSONBodyProgramTests.body(of: try g.recorded(kind))
            var damaged = [Array(body.dropLast()), body + [0], Array(body.prefix(body.count / 3))]
            for _ in 0..<4 where !body.isEmpty {
                var changed = body
                changed[Int.random(in: 0..<body.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                damaged.append(changed)
            }
            for bytes in damaged {
                #expect((Self.written(bytes, kind: kind, skippingFirst: false) == nil) == (Self.walked(bytes, kind: kind) == nil),
                        "seed \(seed), \(kind.typeName)")
            }
        }
    }
}
