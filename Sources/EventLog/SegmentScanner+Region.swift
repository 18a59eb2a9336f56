/// Up to ``capacity`` frames framed ahead of the record being handed out, whose checksums are
/// computed together (``CRC32C/checksums(_:lengths:into:count:)``): the checked bytes of each
/// frame and its stored checksum.
struct FrameGroup {
    /// Frames checked together.
    static let capacity = 4
    var starts: (UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?) = (nil, nil, nil, nil)
    var lengths: (Int, Int, Int, Int) = (0, 0, 0, 0)
    var crcs: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)

    /// Records frame `index`: its checked bytes (from offset 4 to the payload's end).
    @inline(__always)
    mutating func set(_ index: Int, frame: UnsafeRawPointer, payloadLength: Int) {
        withUnsafeMutableBytes(of: &starts) { $0.storeBytes(of: frame + 4, toByteOffset: index * 8, as: UnsafeRawPointer?.self) }
        withUnsafeMutableBytes(of: &lengths) {
            $0.storeBytes(of: RecordFrame.headerSize - 4 + payloadLength, toByteOffset: index * 8, as: Int.self)
        }
    }

    /// Computes the checksums of frames `0 ..< count`.
    @inline(__always)
    mutating func computeChecksums(count: Int) {
        withUnsafePointer(to: &starts) { starts in
            withUnsafePointer(to: &lengths) { lengths in
                withUnsafeMutablePointer(to: &crcs) { crcs in
                    CRC32C.checksums(UnsafeRawPointer(starts).assumingMemoryBound(to: UnsafeRawPointer?.self),
                                     lengths: UnsafeRawPointer(lengths).assumingMemoryBound(to: Int.self),
                                     into: UnsafeMutableRawPointer(crcs).assumingMemoryBound(to: UInt32.self), count: count)
                }
            }
        }
    }

    /// The checksum computed for frame `index`.
    @inline(__always)
    func checksum(_ index: Int) -> UInt32 {
        withUnsafeBytes(of: crcs) { $0.load(fromByteOffset: index * 4, as: UInt32.self) }
    }
}

extension SegmentScanner {
    /// Hands out the valid records of `region` (bytes of the file from offset `regionOffset`)
    /// from index `cursor`, where record `position` is expected, through `lastPosition`.
    /// Frames up to ``FrameGroup/capacity`` whole records ahead, checks their checksums together,
    /// then hands them out in order; a record whose checksum does not match stops the scan
    /// there, with the records before it handed out and none after it, for the same reason the
    /// one-record check (``RecordFrame/decode(_:expecting:)``) gives.
    /// - Returns: why the scan stopped, or nil when the next frame is not whole in `region`
    ///   (`cursor` and `position` then name it).
    /// - Throws: what `body` throws.
    /// - Complexity: O(bytes handed out).
    @inline(__always)
    static func scanRegion(_ region: UnsafeRawBufferPointer, at regionOffset: Int64, cursor: inout Int,
                           position: inout UInt64, through lastPosition: UInt64, end: inout ScanEnd,
                           group: inout FrameGroup, _ body: (ScannedRecord) throws -> Bool) rethrows -> ScanEnd.Reason? {
        guard let base = region.baseAddress else { return position > lastPosition ? .limitReached : nil }
        let size = region.count
        while true {
            if position > lastPosition { return .limitReached }
            // Frame the next records whose headers hold and whose bytes are all in the region.
            var count = 0
            var at = cursor
            var expected = position
            while count < FrameGroup.capacity && expected <= lastPosition && size - at >= RecordFrame.headerSize {
                let frame = base + at
                let length = Int(UInt32(littleEndian: frame.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
                let found = UInt64(littleEndian: frame.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                guard found == expected, length <= RecordFrame.maxPayload,
                      size - at - RecordFrame.headerSize >= length else { break }
                group.set(count, frame: frame, payloadLength: length)
                count += 1
                at += RecordFrame.headerSize + length
                expected += 1
            }
            guard count > 0 else {
                // The next frame is not whole or not valid: the one-record check says which.
                let window = UnsafeRawBufferPointer(start: base + cursor, count: size - cursor)
                switch RecordFrame.decode(window, expecting: position) {
                case .invalid(let reason): return .invalid(reason)
                case .needMore: return nil
                case .record: preconditionFailure("a whole frame of the expected position was not framed")
                }
            }
            group.computeChecksums(count: count)
            for index in 0..<count {
                let frame = base + cursor
                let stored = UInt32(littleEndian: frame.loadUnaligned(as: UInt32.self))
                guard stored == group.checksum(index) else {
                    let window = UnsafeRawBufferPointer(start: frame, count: size - cursor)
                    if case .invalid(let reason) = RecordFrame.decode(window, expecting: position) { return .invalid(reason) }
                    return .invalid("checksum mismatch (stored \(stored), computed \(group.checksum(index)) by the grouped check)")
                }
                let length = Int(UInt32(littleEndian: frame.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
                let flags = UInt32(littleEndian: frame.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
                let record = ScannedRecord(position: position, flags: flags, offset: regionOffset + Int64(cursor),
                                           payload: UnsafeRawBufferPointer(start: frame + RecordFrame.headerSize, count: length))
                cursor += RecordFrame.headerSize + length
                position += 1
                if flags & RecordFrame.endOfBatch != 0 {
                    end.batchEndOffset = regionOffset + Int64(cursor)
                    end.batchEndPosition = record.position
                }
                if try !body(record) { return .stoppedByBody }
            }
        }
    }
}

extension SegmentScanner {
    /// Scans a whole segment held in memory (a ``SegmentMapping``) from `offset`, where record
    /// `position` is expected, through `lastPosition` at most, calling `body` for each valid
    /// record with a payload that points into `bytes` (return false to stop). Stops exactly as
    /// the buffered ``scan(fd:path:fileSize:from:expecting:through:buffer:fileSystem:_:)`` of
    /// the same file would, for the same reasons. Calls `release` with the offset before which
    /// the records are done with, every few MiB.
    /// - Throws: what `body` throws.
    /// - Complexity: O(bytes scanned); no system call.
    package static func scan(mapped bytes: UnsafeRawBufferPointer, from offset: Int64, expecting position: UInt64,
                             through lastPosition: UInt64 = .max, release: (Int) -> Void,
                             _ body: (ScannedRecord) throws -> Bool) rethrows -> ScanEnd {
        var position = position
        var cursor = Int(offset)
        var end = ScanEnd(reason: .endOfFile, offset: offset, nextPosition: position,
                          batchEndOffset: offset, batchEndPosition: position &- 1)
        var group = FrameGroup()
        // The region grows a step at a time so that `release` runs between steps.
        let step = SegmentMapping.releaseStep
        var regionEnd = min(bytes.count, cursor + step)
        while true {
            let region = UnsafeRawBufferPointer(start: bytes.baseAddress, count: regionEnd)
            let reason = try scanRegion(region, at: 0, cursor: &cursor, position: &position, through: lastPosition,
                                        end: &end, group: &group, body)
            if reason == nil && regionEnd < bytes.count {
                release(cursor)
                // Far enough for the next frame whole, whatever its length.
                var reach = cursor + step
                if bytes.count - cursor >= RecordFrame.headerSize, let base = bytes.baseAddress {
                    let length = Int(UInt32(littleEndian: (base + cursor).loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
                    reach = max(reach, cursor + RecordFrame.headerSize + length)
                }
                regionEnd = min(bytes.count, reach)
                continue
            }
            end.reason = reason ?? (cursor >= bytes.count ? .endOfFile : .truncated)
            end.offset = Int64(cursor)
            end.nextPosition = position
            return end
        }
    }
}
