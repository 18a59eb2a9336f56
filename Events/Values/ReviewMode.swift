/// Whether a review counted for the schedule (`scheduled`) or was extra practice that is
/// recorded and counted in stats but leaves the schedule alone (`cram`).
/// Encoded as `"scheduled"`/`"cram"` in JSON and as byte 0/1 in the log.
public enum ReviewMode: String, Sendable, Codable, CaseIterable {
    case scheduled
    case cram
}

extension ReviewMode: BinaryCodable {
    @inline(__always) package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        switch try reader.readByte() {
        case 0: self = .scheduled
        case 1: self = .cram
        case let other:
            throw EventDecodingError(.invalidValue, "review mode byte must be 0 (scheduled) or 1 (cram), not \(other)",
                                     offset: reader.offset - 1)
        }
    }
    @inline(__always) package func encode(to writer: inout BinaryWriter) { write(to: &writer) }
    /// Writes the mode's byte to `sink` (its layout's one home).
    @inline(__always) package func write<Sink: BinarySink>(to sink: inout Sink) { sink.writeByte(self == .scheduled ? 0 : 1) }
}
