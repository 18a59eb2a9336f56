/// The reused state of the JSON payload path: the JSON text written, the log body each payload
/// passes through (``JSONShape``), and where each field of that body starts. One per export or
/// import (it keeps its buffers' capacity); not meant to be shared across threads.
package final class JSONPayloadBuffers {
    /// The JSON text written so far; the caller takes it out and may reset it between values.
    package var writer = JSONWriter()
    /// When set, a ``PersonalDataReference`` is written as the string this returns for it (the
    /// CSV export shows the texts of personal data in place); nil from it writes the UUID.
    package var referenceText: ((PersonalDataReference) -> String?)?
    /// The log body of the payload being written or read.
    var body = BinaryWriter()
    /// The body offset of each field of the payload being read, in field order.
    var fieldStarts: [Int] = []
    /// Reads payloads of earlier schema versions through their `Codable` conformances (old
    /// exports only; current versions take the shape path).
    private(set) lazy var earlierVersionDecoder = JSONValueDecoder()

    /// Empty buffers.
    package init() {
        body.bytes.reserveCapacity(1024)
        fieldStarts.reserveCapacity(16)
    }
}

extension EventKind {
    /// The JSON shape of this kind's payload at its current schema version.
    @inline(__always) package var jsonShape: JSONShape { Self.jsonShapes[Int(rawValue)] }

    /// The shapes of every kind, by raw value (built once from the registration table).
    private static let jsonShapes: [JSONShape] = allCases.map { kind in
        var shape = ShapeOf()
        return kind.withType(&shape)
    }

    private struct ShapeOf: EventTypeVisitor {
        func visit<Payload: RegisteredEvent>(_ type: Payload.Type, embed: (consuming Payload) -> DomainEvent,
                                             extract: (DomainEvent) -> Payload?) -> JSONShape {
            Payload.jsonShape
        }
    }
}
