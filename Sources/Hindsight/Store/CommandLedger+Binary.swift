import Foundation
import Events
import Projections

// The ledger's snapshot encoding: every table in a total key order (streams by category then
// id; event ids as their index's packed words, ascending), so the same ledger gives the same bytes.

extension CommandLedger {
    /// Reads what ``encode(to:)`` writes and indexes the open sessions by profile.
    /// - Throws: ``EventDecodingError`` for malformed bytes, two open sessions of one kind for
    ///   one profile, or a session both open and abandoned.
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        // Each count is checked against the smallest entry of its table (a stream id takes at
        // least 18 bytes: a length, a letter and a UUID; an event id 16; a varint 1), so a
        // damaged count fails before the table is reserved.
        let streams = try reader.readCount(eachAtLeast: 19)
        for _ in 0..<streams {
            let stream = try StreamID(from: &reader)
            setVersion(try reader.readVarint(), of: stream)
        }
        let events = try reader.readCount(eachAtLeast: 8)
        // Read where they lie in a mapped snapshot (copied otherwise) until the index first merges.
        let words = try reader.readBytes(count: 8 * events)
        guard let index = EventIDIndex(restoring: reader.keeping(words)) else {
            throw reader.error(.invalidValue, "the event id index is not in ascending order, or holds position 0")
        }
        eventPositions = index
        let sessions = try reader.readCount(eachAtLeast: 34)
        for _ in 0..<sessions {
            let stream = try StreamID(from: &reader)
            let profile = try ProfileID(from: &reader)
            if let other = openSessions.restore(stream, owner: SessionSlot(profile: profile, kind: stream.category), value: profile) {
                throw reader.error(.invalidValue, "sessions \(other) and \(stream) are both open for profile \(profile); a profile has one of a kind open at a time")
            }
        }
        let abandoned = try reader.readCount(eachAtLeast: 36)
        for _ in 0..<abandoned {
            let stream = try StreamID(from: &reader)
            guard openSessions[stream] == nil else {
                throw reader.error(.invalidValue, "session \(stream) is both open and abandoned")
            }
            abandonedSessions[stream] = try StreamID(from: &reader)
        }
    }

    /// Writes the stream versions (the cards' as well), the event positions, the open sessions
    /// and the abandoned ones, each in key order.
    package func encode(to writer: inout BinaryWriter) {
        // Every stream's version, the cards' (from their records) among the others: one table of
        // them, walked in snapshot order in place (no sorted copy of it).
        var streams: [(key: StreamID, value: UInt64)] = []
        streams.reserveCapacity(streamVersions.count + cardStreams.count)
        streams.append(contentsOf: streamVersions)
        cardStreams.forEach { card, version in streams.append((key: .card(card), value: version)) }
        writer.writeVarint(UInt64(streams.count))
        for index in StreamID.snapshotOrderIndices(streams) {
            streams[index].key.encode(to: &writer)
            writer.writeVarint(streams[index].value)
            writer.drainIfFull()
        }
        writer.writeVarint(UInt64(eventPositions.count))
        eventPositions.writeAllPacked(to: &writer)
        let sessions = StreamID.snapshotOrder(openSessions.entries)
        writer.writeVarint(UInt64(sessions.count))
        for (stream, entry) in sessions {
            stream.encode(to: &writer)
            entry.value.encode(to: &writer)
        }
        let abandoned = StreamID.snapshotOrder(abandonedSessions)
        writer.writeVarint(UInt64(abandoned.count))
        for (stream, successor) in abandoned {
            stream.encode(to: &writer)
            successor.encode(to: &writer)
        }
    }
}

extension CommandLedger {
    /// The ledger's snapshot bytes (its `BinaryCodable` encoding).
    package func encode(to writer: inout SnapshotWriter) { encode(to: &writer.binary) }
    /// - Throws: ``EventDecodingError`` for damaged bytes.
    package init(from reader: inout SnapshotReader) throws(EventDecodingError) { try self.init(from: &reader.binary) }
}
