import Foundation

/// A write position in room that an output handed out (``JSONOutput/append(upTo:_:)``), for
/// writing a run of JSON with no capacity check and no count update per value: the run's room is
/// reserved once, for its longest spelling, and the bytes written are kept at the end. It spells
/// values as ``JSONOutput`` says, like the outputs it writes into.
///
/// The envelope of an exported event is written in two such runs (``JSONEnvelope``), which keeps
/// the position in a register across its dozen members.
struct JSONCursor: ~Copyable, JSONOutput {
    private let start: UnsafeMutablePointer<UInt8>
    private var position: UnsafeMutablePointer<UInt8>

    /// A cursor at `start`, the first byte of the room.
    @inline(__always) init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        position = start
    }

    /// The number of bytes written.
    @inline(__always) var count: Int { position - start }

    /// Writes one byte.
    @inline(__always) mutating func write(byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    /// Writes bytes that are already JSON: up to 32 of them (a key, a literal) in overlapping
    /// word copies without a call, more with one copy.
    @inline(__always) mutating func write(raw: UnsafeRawBufferPointer) {
        let length = raw.count
        guard let source = raw.baseAddress else { return }
        let target = UnsafeMutableRawPointer(position)
        func word(_ offset: Int) {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
        }
        if length >= 16 && length <= 32 {
            word(0)
            word(8)
            word(length &- 16)
            word(length &- 8)
        } else if length >= 8 && length < 16 {
            word(0)
            word(length &- 8)
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        position += length
    }

    // The spellings of ``JSONOutput`` written straight at the position (the same
    // ``JSONSpelling`` calls, without the closure of `append(upTo:_:)`, which the optimizer
    // left uninlined in the envelope's runs).

    /// Writes `value` in decimal.
    @inline(__always) mutating func write(_ value: UInt64) { position += JSONSpelling.decimal(value, to: position) }

    /// Writes `value` in decimal.
    @inline(__always) mutating func write(_ value: Int64) { position += JSONSpelling.decimal(value, to: position) }

    /// Writes `uuid` as its quoted canonical string.
    @inline(__always) mutating func write(_ uuid: UUID) { position += JSONSpelling.uuid(uuid, quoted: true, to: position) }

    /// Writes the UTF-8 text `utf8` as a quoted JSON string.
    @inline(__always) mutating func write(string utf8: UnsafeRawBufferPointer) { position += JSONSpelling.string(utf8, to: position) }

    /// Lets `body` write up to `maxCount` bytes at the position and moves past the `n` it
    /// returns.
    @inline(__always) mutating func append(upTo maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        position += body(position)
    }
}
