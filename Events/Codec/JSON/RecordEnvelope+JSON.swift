// Writing a log record's JSON straight from its bytes: the envelope read in place, the body
// transcoded by its kind's shape, with no event, payload struct or re-encoded body built.

extension RecordEnvelope {
    /// Appends the JSON object of the record `record` at `position`, whose envelope this is and
    /// whose kind is `kind` (``currentKind``: a known type at its current schema version), to
    /// `out`: the same bytes as the decoded event's
    /// ``RecordedEvent/appendJSON(to:extraKey:writeExtra:)``.
    ///
    /// Personal-data references are written as the UUIDs recorded (the body transcoded by the
    /// kind's compiled program, ``JSONBodyProgram``), or as `references` gives them (by the shape
    /// walk, which tracks each value's path);
    /// `extraKey`, when given, adds one more member (written by `writeExtra`, after the payload
    /// when it sorts after `payload`) in its place by key order.
    ///
    /// Not generic over the output, so that the writing is specialized here, in this module.
    /// - Throws: ``EventDecodingError`` when the body does not hold the kind's shape or a text is
    ///   not UTF-8; `EncodingError` for a double that is not finite. `out` then ends in a partial
    ///   object. Values are written as recorded: the rules the catalog's initializers check (a
    ///   rating of 1 to 4...) are not checked again here.
    package func appendJSON(record: UnsafeRawBufferPointer, position: UInt64, kind: EventKind, to out: inout JSONByteBuffer,
                            references: JSONReferenceRendering? = nil, extraKey: String? = nil,
                            writeExtra: (inout JSONWriter) -> Void = { _ in }) throws {
        let envelope = JSONEnvelope(position: position, id: id, streamCategory: streamCategory, streamID: streamID,
                                    streamVersion: streamVersion, profile: profile,
                                    occurred: occurred, recordedAt: recordedAt, typeName: typeName, schemaVersion: schemaVersion)
        let body = UnsafeRawBufferPointer(rebasing: record[bodyOffset...])
        try envelope.write(to: &out, extraKey: extraKey, writeExtra: writeExtra) { out in
            if let references {
                try kind.jsonShape.writeJSON(body: body, to: &out, referenceText: nil, references: references)
            } else {
                try kind.jsonBodyProgram.writeJSON(body: body, to: &out)
            }
        }
    }

    /// Appends to `out` the JSON of each payload member's value of the record `record`, whose
    /// envelope this is and whose kind is `kind` (``currentKind``), in body order, with where each
    /// lies in `out` in `bounds` (nil for an absent optional): the values
    /// ``appendJSON(record:position:kind:to:references:extraKey:writeExtra:)`` writes in its
    /// payload object, personal-data references as the UUIDs recorded.
    /// - Throws: as ``appendJSON(record:position:kind:to:references:extraKey:writeExtra:)``.
    package func appendMemberValues(record: UnsafeRawBufferPointer, kind: EventKind, to out: inout JSONByteBuffer,
                                    bounds: inout [Range<Int>?]) throws {
        try kind.jsonBodyProgram.writeMemberValues(body: UnsafeRawBufferPointer(rebasing: record[bodyOffset...]), to: &out, bounds: &bounds)
    }
}
