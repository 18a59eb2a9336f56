import Events
import Foundation
import TestSupport

/// Seeded random values for property tests: text that stresses UTF-8 (emoji, combining marks,
/// right-to-left, empty, very long), numbers at their extremes, optionals both ways.
struct EventGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func bool() -> Bool { Bool.random(using: &rng) }
    mutating func int(in range: ClosedRange<Int>) -> Int {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: range.lowerBound
        case 1: range.upperBound
        default: Int.random(in: range, using: &rng)
        }
    }
    mutating func uint32() -> UInt32 { UInt32(int(in: 0...Int(UInt32.max))) }
    mutating func uuid() -> UUID {
        let b = rng.bytes(16)
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }
    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &rng)] }
    mutating func maybe<T>(_ make: (inout EventGenerator) throws -> T) rethrows -> T? { bool() ? try make(&self) : nil }
    mutating func list<T>(atLeast minimum: Int = 0, _ make: (inout EventGenerator) throws -> T) rethrows -> [T] {
        var result: [T] = []
        for _ in 0..<Int.random(in: minimum...minimum + 4, using: &rng) { result.append(try make(&self)) }
        return result
    }

    /// Pieces of text that are hard on encoders.
    static let fragments = [
        "", "a", "Haus", "🐕", "👩‍👩‍👧‍👦", "e\u{301}", "שָׁלוֹם", "مرحبا", "\u{202E}rtl", "日本語", "\u{0}", "\"quoted\" \\ /",
        "line\nbreak\ttab", "Zürich", "𝕏", "\u{FEFF}",
    ]

    mutating func text() -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return ""
        case 1: return String(repeating: pick(Self.fragments.filter { !$0.isEmpty }), count: Int.random(in: 200...3000, using: &rng))
        default: return (0..<Int.random(in: 1...6, using: &rng)).map { _ in pick(Self.fragments) }.joined(separator: " ")
        }
    }
    mutating func nonEmptyText() -> String { let t = text(); return t.isEmpty ? "word" : t }
    mutating func token() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:")
        return String((0..<Int.random(in: 1...20, using: &rng)).map { _ in pick(alphabet) })
    }
    mutating func elapsed() throws -> ElapsedTime {
        try ElapsedTime(milliseconds: pick([0, 1, Int64.max, Int64.random(in: 0...600_000, using: &rng)]))
    }
    mutating func finiteDouble() -> Double {
        while true {
            let value = Double(bitPattern: rng.next())
            if value.isFinite { return value }
        }
    }
    mutating func settingValue() throws -> SettingValue {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .bool(bool())
        case 1: return .int(pick([Int64.min, Int64.max, 0, Int64.random(in: -1000...1000, using: &rng)]))
        case 2: return try SettingValue.finite(finiteDouble())
        default: return .string(text())
        }
    }
    mutating func schedulerParameters() throws -> SchedulerParameters {
        let count = pick([19, 21])
        return try SchedulerParameters((0..<count).map { _ in finiteDouble() })
    }
    mutating func retention() throws -> DesiredRetention {
        try DesiredRetention(pick([Double.ulpOfOne, 1 - Double.ulpOfOne, Double.random(in: 0.7...0.99, using: &rng)]))
    }
    mutating func timestamp() -> Timestamp {
        Timestamp(milliseconds: pick([Int64.min, Int64.max, 0, -1, Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &rng)]))
    }
    mutating func offset() throws -> UTCOffset {
        try UTCOffset(seconds: pick([-64_800, 64_800, 0, 19_800, -12_600, int(in: -64_800...64_800)]))
    }
    mutating func stream() throws -> StreamID {
        try StreamID(category: pick(["card", "deck", "story", "profile", "spelling-session", "x", "a-very-long-category-name-32char"]), id: uuid())
    }

    /// A whole recorded event of `kind` with a random envelope.
    mutating func recorded(_ kind: EventKind) throws -> RecordedEvent {
        let event = try event(of: kind)
        return RecordedEvent(
            position: UInt64(int(in: 1...Int.max)), id: EventID(uuid()), stream: try stream(),
            streamVersion: UInt64(int(in: 0...Int.max)), profile: ProfileID(uuid()),
            occurred: EventTime(instant: timestamp(), utcOffset: try offset()), recordedAt: timestamp(), event: event)
    }
}

/// The UUID 00000000-0000-4000-8000-0000000000nn, for fixed samples.
func fixedUUID(_ n: UInt8) -> UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, n))
}
