/// Why a profile's personal data was erased: a closed list of codes, never free text (a reason in
/// words could itself name the person). JSON: the case name, e.g. `"person-request"`; log: one
/// byte, the case's index below.
public enum ErasureReason: String, Sendable, Codable, CaseIterable {
    /// The person asked to be forgotten (a right-to-erasure request).
    case personRequest = "person-request"
    /// A parent asked for their child's data to be erased.
    case parentRequest = "parent-request"
    /// The app's retention period for the data ran out.
    case retentionPolicy = "retention-policy"
    /// The profile was deleted and the app erases a deleted profile's data.
    case profileDeleted = "profile-deleted"
    /// A law or a court required it.
    case legalObligation = "legal-obligation"
}

extension ErasureReason: BinaryCodable {
    package init(from reader: inout BinaryReader) throws(EventDecodingError) {
        let byte = try reader.readByte()
        guard Int(byte) < Self.allCases.count else {
            throw EventDecodingError(.invalidValue, "erasure reason byte \(byte) is not 0 to \(Self.allCases.count - 1)",
                                     offset: reader.offset - 1)
        }
        self = Self.allCases[Int(byte)]
    }

    package func encode(to writer: inout BinaryWriter) { writer.writeByte(UInt8(Self.allCases.firstIndex(of: self)!)) }
}
