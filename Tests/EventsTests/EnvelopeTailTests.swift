@testable import Events
import Testing

/// The bytes laid out once per kind for the end of a known event's envelope are those the
/// writer's primitives give for the kind's type name and schema version.
@Suite struct EnvelopeTailTests {
    /// Every kind: the length-prefixed type name, then the schema version's varint.
    @Test(arguments: EventKind.allCases)
    func aKindsTailIsItsTypeNameThenItsSchemaVersion(kind: EventKind) {
        var writer = BinaryWriter()
        writer.writeString(kind.typeName)
        writer.writeVarint(UInt64(kind.schemaVersion))
        #expect(Array(EnvelopeTail.bytes(of: kind)) == writer.bytes)
    }

    /// One kind's bytes spelled out.
    @Test func aReviewsTailIsSpelledOut() {
        let name = Array("vocabulary.review-graded".utf8)
        #expect(Array(EnvelopeTail.bytes(of: .reviewGraded)) == [UInt8(name.count)] + name + [2])
    }
}
