/// One record read from the log: its global position (from 1) and its bytes.
public struct LogRecord: Sendable, Equatable, Hashable {
    /// The record's position: 1 for the first record, then one more for each, no gaps.
    public var position: UInt64
    /// The bytes that were appended.
    public var payload: [UInt8]

    /// A record.
    public init(position: UInt64, payload: [UInt8]) {
        self.position = position
        self.payload = payload
    }
}
