/// Where a draining ``BinaryWriter`` hands its bytes: a snapshot's state written to its file as
/// it is encoded, through a buffer of about ``limit`` bytes, rather than whole into memory.
///
/// The writer hands over the bytes it holds at a drain point once they reach ``limit``, and
/// large raw parts (``BinaryWriter/writeRaw(_:)-(UnsafeRawBufferPointer)``) where they lie, in the
/// order written: what ``take(_:)`` receives, joined, followed by the writer's bytes left at the
/// end, is exactly what a writer without a drain would hold. A drain lives for one encoding, on
/// one thread.
@usableFromInline package final class BinaryWriterDrain {
    /// How many bytes a writer holds before it hands them over at its next drain point.
    @usableFromInline package let limit: Int
    /// How many bytes were handed over so far.
    package private(set) var taken = 0
    /// What receives the bytes (valid only during the call).
    private let receive: (UnsafeRawBufferPointer) -> Void

    /// A drain of limit `limit` (at least 1) handing each part to `receive`, in order.
    package init(limit: Int, receive: @escaping (UnsafeRawBufferPointer) -> Void) {
        precondition(limit >= 1, "a drain's limit is at least one byte")
        self.limit = limit
        self.receive = receive
    }

    /// Takes `bytes`, the next part of the encoding (an empty part is skipped).
    @usableFromInline package func take(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        taken += bytes.count
        receive(bytes)
    }
}
