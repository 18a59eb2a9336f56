/// The outcomes of a fuzz run: how many mutated inputs decoded and how many were refused, by
/// error kind. A fuzz test checks the tally so that it proves something (the mutations reached
/// the decoder's refusals, and some inputs still decoded) and prints it for RELIABILITY.md.
public struct FuzzTally: Sendable {
    /// Inputs that decoded to a value.
    public private(set) var decoded = 0
    /// Inputs refused, by a short name of the error (its code).
    public private(set) var refused: [String: Int] = [:]

    /// An empty tally.
    public init() {}

    /// All inputs counted.
    public var total: Int { decoded + refused.values.reduce(0, +) }

    /// Counts one input that decoded.
    public mutating func noteDecoded() { decoded += 1 }

    /// Counts one input refused with an error of kind `code`.
    public mutating func noteRefused(_ code: String) { refused[code, default: 0] += 1 }

    /// Prints `reliability: fuzz cases <decoder>: <total>` (see ``TestScale/report(_:_:)``) and
    /// the split between decoded and refused inputs.
    public func report(_ decoder: String) {
        TestScale.report("fuzz cases \(decoder)", total)
        let kinds = refused.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("  \(decoder): \(decoded) decoded, refused: \(kinds)")
    }
}
