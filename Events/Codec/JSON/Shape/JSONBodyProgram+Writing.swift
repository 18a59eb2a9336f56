// Running a compiled shape: a log body transcoded to JSON, the same bytes as the shape walk
// (``JSONShape/writeJSON(body:to:referenceText:references:)``, which stays the reference and
// the path for rendered personal data; `JSONBodyProgramTests` holds the two to the same bytes).

extension JSONBodyProgram {
    /// Appends the JSON object whose log body is `body` to `out`, personal-data references as
    /// the UUIDs recorded. Text fields are checked to be UTF-8.
    /// - Throws: ``EventDecodingError`` when `body` does not hold this shape or a text is not
    ///   UTF-8, `EncodingError` for a double that is not finite (`out` then ends in a partial
    ///   object).
    func writeJSON(body: UnsafeRawBufferPointer, to out: inout JSONByteBuffer) throws {
        var reader = BinaryReader(body)
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: max(scratchCount, 1)) { starts in
            // A temporary allocation of a positive capacity has a base address.
            try JSONBodyRun(program: self, starts: starts.baseAddress!).write(node: 0, from: &reader, to: &out)
        }
        try reader.expectEnd()
    }
}

/// One transcode: the program and where its objects keep the body offsets of their members.
private struct JSONBodyRun {
    let program: JSONBodyProgram
    let starts: UnsafeMutablePointer<Int>

    func write(node index: Int32, from reader: inout BinaryReader, to out: inout JSONByteBuffer) throws {
        let node = program.nodes[Int(index)]
        switch node.code {
        case .uuid, .personalDataReference: out.write(try reader.readUUID())
        case .string: try JSONScalar.string.transcode(from: &reader, to: &out)
        case .bool: try JSONScalar.bool.transcode(from: &reader, to: &out)
        case .byte: try JSONScalar.byte.transcode(from: &reader, to: &out)
        case .varint: try JSONScalar.varint.transcode(from: &reader, to: &out)
        case .signedVarint: try JSONScalar.signedVarint.transcode(from: &reader, to: &out)
        case .fixedInt64: try JSONScalar.fixedInt64.transcode(from: &reader, to: &out)
        case .double: try JSONScalar.double.transcode(from: &reader, to: &out)
        case .enumeration:
            let name = Int(try reader.readByte())
            guard name < node.count else { throw reader.error(.invalidValue, "enumeration byte \(name) is not 0 to \(node.count - 1)") }
            out.write(raw: program.texts[Int(node.first) &+ name])
        case .optional:
            if try reader.readByte() != 0 { try write(node: node.first, from: &reader, to: &out) } else { out.write(raw: "null") }
        case .array:
            let count = try reader.readCount()
            out.write(byte: 0x5B)
            for element in 0..<count {
                if element > 0 { out.write(byte: 0x2C) }
                try write(node: node.first, from: &reader, to: &out)
            }
            out.write(byte: 0x5D)
        case .object: try writeObject(node, from: &reader, to: &out)
        case .oneOf:
            let tag = Int(try reader.readByte())
            guard tag < node.count else { throw reader.error(.invalidValue, "variant tag \(tag) is not 0 to \(node.count - 1)") }
            let variant = program.variants[Int(node.first) &+ tag]
            out.write(raw: variant.opening)
            if variant.node >= 0 { try write(node: variant.node, from: &reader, to: &out) } else { out.write(true) }
            out.write(byte: 0x7D)
        }
    }

    private func writeObject(_ node: JSONBodyProgram.Node, from reader: inout BinaryReader, to out: inout JSONByteBuffer) throws {
        let first = Int(node.first)
        let count = Int(node.count)
        // The first member written drops its key's leading comma.
        var comma = 1
        out.write(byte: 0x7B)
        if node.keyOrdered {
            for member in first..<(first &+ count) { try writeMember(member, comma: &comma, from: &reader, to: &out) }
        } else {
            // Members go in key order, the body holds them in field order: find where each
            // member's bytes start, then write them in key order.
            let starts = self.starts + Int(node.scratch)
            for member in 0..<count {
                starts[member] = reader.offset
                try skip(node: program.members[first &+ member].node, in: &reader)
            }
            let end = reader.offset
            for rank in first..<(first &+ count) {
                let member = Int(program.keyOrder[rank])
                reader.offset = starts[member]
                try writeMember(first &+ member, comma: &comma, from: &reader, to: &out)
            }
            reader.offset = end
        }
        out.write(byte: 0x7D)
    }

    /// Writes member `index` (`,"key":value`, its comma dropped while `comma` is 1); an absent
    /// optional writes nothing.
    @inline(__always)
    private func writeMember(_ index: Int, comma: inout Int, from reader: inout BinaryReader, to out: inout JSONByteBuffer) throws {
        let member = program.members[index]
        var value = member.node
        let node = program.nodes[Int(value)]
        if node.code == .optional {
            guard try reader.readByte() != 0 else { return }
            value = node.first
        }
        out.write(raw: UnsafeRawBufferPointer(rebasing: member.key[comma...]))
        comma = 0
        try write(node: value, from: &reader, to: &out)
    }

    /// Moves `reader` past one value of node `index`.
    private func skip(node index: Int32, in reader: inout BinaryReader) throws(EventDecodingError) {
        let node = program.nodes[Int(index)]
        switch node.code {
        case .uuid, .personalDataReference: _ = try reader.readUUID()
        case .string: _ = try reader.readLengthPrefixed()
        case .bool, .byte, .enumeration: _ = try reader.readByte()
        case .varint: _ = try reader.readVarint()
        case .signedVarint: _ = try reader.readSignedVarint()
        case .fixedInt64: _ = try reader.readFixed64()
        case .double: _ = try reader.readDouble()
        case .optional: if try reader.readByte() != 0 { try skip(node: node.first, in: &reader) }
        case .array: for _ in 0..<(try reader.readCount()) { try skip(node: node.first, in: &reader) }
        case .object:
            let first = Int(node.first)
            for member in first..<(first &+ Int(node.count)) { try skip(node: program.members[member].node, in: &reader) }
        case .oneOf:
            let tag = Int(try reader.readByte())
            guard tag < node.count else { throw reader.error(.invalidValue, "variant tag \(tag) is not 0 to \(node.count - 1)") }
            let variant = program.variants[Int(node.first) &+ tag]
            if variant.node >= 0 { try skip(node: variant.node, in: &reader) }
        }
    }
}
