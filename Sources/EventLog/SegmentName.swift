/// File names in a log directory: segments `<base position, 20 digits>.log`, their sparse
/// indexes `<same>.idx`, their seals `<same>.seal`, the writer's lock `writer.lock`, and `*.tmp` files being created.
package enum SegmentName {
    /// The lock file the writer holds.
    package static let lockFile = "writer.lock"
    /// Suffix of files being written before their atomic rename.
    package static let temporarySuffix = ".tmp"

    /// `00000000000000000001.log` for base position 1.
    package static func segment(base: UInt64) -> String { digits(base) + ".log" }
    /// `00000000000000000001.idx` for base position 1.
    package static func index(base: UInt64) -> String { digits(base) + ".idx" }
    /// `00000000000000000001.seal` for base position 1.
    package static func seal(base: UInt64) -> String { digits(base) + ".seal" }

    /// The base position a segment file name stands for, or nil if it is not one.
    package static func base(ofSegment name: String) -> UInt64? {
        guard name.hasSuffix(".log"), name.utf8.count == 24 else { return nil }
        return UInt64(name.dropLast(4))
    }

    /// The segments' base positions in a directory listing, ascending.
    package static func segmentBases(in names: [String]) -> [UInt64] {
        names.compactMap(base(ofSegment:)).sorted()
    }

    private static func digits(_ value: UInt64) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 20 - text.count)) + text
    }
}
