import Testing
import TestSupport
@testable import EventLog

/// The pure framing code, without files.
@Suite struct FormatTests {
    @Test(arguments: [0, 1, 200, 70_000])
    func frameRoundTrip(length: Int) {
        var random = SplitMix64(seed: UInt64(length))
        let payload = random.bytes(length)
        var buffer: [UInt8] = []
        payload.withUnsafeBytes { RecordFrame.append(position: 42, flags: RecordFrame.endOfBatch, payload: $0, to: &buffer) }
        #expect(buffer.count == 20 + length)
        buffer.withUnsafeBytes { raw in
            #expect(RecordFrame.decode(raw, expecting: 42) == .record(position: 42, flags: 1, payloadLength: length))
            #expect(Array(raw[20...]) == payload)
            #expect(RecordFrame.decode(UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 1)]), expecting: 42)
                    == (length == 0 ? .needMore : .needMore))
            if case .invalid(let why) = RecordFrame.decode(raw, expecting: 43) {
                #expect(why == "position 42 where 43 was expected")
            } else {
                Issue.record("a wrong position must be invalid")
            }
        }
    }

    @Test func everyFlippedBitIsDetected() {
        var buffer: [UInt8] = []
        Array("hello".utf8).withUnsafeBytes { RecordFrame.append(position: 7, flags: 0, payload: $0, to: &buffer) }
        for bit in 0..<(buffer.count * 8) {
            var damaged = buffer
            damaged[bit / 8] ^= 1 << (bit % 8)
            let decoded = damaged.withUnsafeBytes { RecordFrame.decode($0, expecting: 7) }
            if case .record = decoded { Issue.record("bit \(bit) flipped went unnoticed") }
        }
    }

    @Test func zeroFilledSpaceIsNoRecord() {
        let zeros = [UInt8](repeating: 0, count: 64)
        #expect(zeros.withUnsafeBytes { RecordFrame.decode($0, expecting: 1) } == .invalid("no record (zero-filled space)"))
    }

    @Test func segmentHeaderRoundTripAndChecks() {
        let bytes = SegmentHeader(basePosition: 1234).encoded()
        #expect(bytes.count == 32)
        #expect(Array(bytes[0..<8]) == Array("HSLOGSEG".utf8))
        #expect(bytes.withUnsafeBytes { SegmentHeader.decode($0) } == .success(SegmentHeader(basePosition: 1234)))
        var damaged = bytes
        damaged[17] ^= 0x10
        #expect(damaged.withUnsafeBytes { SegmentHeader.decode($0) } == .failure(.damaged("header checksum mismatch")))
        #expect(bytes.withUnsafeBytes { SegmentHeader.decode(UnsafeRawBufferPointer(rebasing: $0[0..<31])) } == .failure(.tooShort))
    }

    @Test func sparseIndexRoundTripAndLookup() {
        var index = SparseIndex(basePosition: 10)
        for i in 0..<1000 { index.note(position: 10 + UInt64(i), offset: 32 + Int64(i) * 1000) }
        index.coveredLength = 32 + 1_000_000
        #expect(index.entries.count == 16)
        #expect(SparseIndex.decode(index.encoded()) == index)
        #expect(index.entry(atOrBefore: 9) == nil)
        let entry = index.entry(atOrBefore: 500)
        #expect(entry != nil && entry!.position <= 500 && entry!.position > 500 - 66)
        var damaged = index.encoded()
        damaged[40] ^= 1
        #expect(SparseIndex.decode(damaged) == nil)
    }

    @Test func segmentNames() {
        #expect(SegmentName.segment(base: 1) == "00000000000000000001.log")
        #expect(SegmentName.base(ofSegment: "00000000000000000077.log") == 77)
        #expect(SegmentName.base(ofSegment: "00000000000000000077.idx") == nil)
        #expect(SegmentName.segmentBases(in: ["writer.lock", SegmentName.segment(base: 9), SegmentName.segment(base: 1)]) == [1, 9])
    }
}
