// Running a compiled shape: a log body transcoded to JSON, the same bytes as the shape walk
// (``JSONShape/writeJSON(body:to:referenceText:references:)``, which stays the reference and
// the path for rendered personal data; `JSONBodyProgramTests` holds the two to the same bytes).

extension JSONBodyProgram {
    /// Appends the JSON object whose log body is `body` to `out`, personal-data references as
    /// the UUIDs recorded. Text fields are checked to be UTF-8.
    /// - Throws: ``EventDecodingError`` when `body` does not hold this shape or a text is not
    ///   UTF-8, `EncodingError` for a double that is not finite (`out` then ends in a partial
    ///   object).
    ///
    /// A member is found where its bytes start without reading the members before it when they
    /// have fixed sizes, and by skipping only those not yet read otherwise. A body that fails
    /// so is transcoded again the way the shape walk reads it (every member skipped first, then
    /// written), so that it fails with the walk's error; a body that succeeds gives the same
    /// bytes either way (each member is written once, and writing a member reads what skipping it
    /// reads).
    func writeJSON(body: UnsafeRawBufferPointer, to out: inout JSONByteBuffer) throws {
        let mark = out.count
        do {
            try write(body: body, to: &out, skippingFirst: false)
        } catch {
            out.removeLast(from: mark)
            try write(body: body, to: &out, skippingFirst: true)
        }
    }

    /// Appends the object of `body` to `out`, every object's members skipped before any is written when
    /// `skippingFirst` (the walk's order), else found as late as they can be.
    /// - Throws: as ``writeJSON(body:to:)``.
    func write(body: UnsafeRawBufferPointer, to out: inout JSONByteBuffer, skippingFirst: Bool) throws {
        var reader = BinaryReader(body)
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: max(scratchCount, 1)) { starts in
            // A temporary allocation of a positive capacity has a base address.
            let run = JSONBodyRun(program: self, starts: starts.baseAddress!, skippingFirst: skippingFirst)
            try run.write(node: 0, from: &reader, to: &out)
        }
        try reader.expectEnd()
    }
}

extension JSONBodyProgram {
    /// How many members the payload object has (its fields, in body order).
    var memberCount: Int { Int(nodes[0].count) }

    /// Appends to `out` the JSON of each member's value of the payload object whose log body is
    /// `body`, one after another in body order (the shape's `fields`), and sets `bounds[i]` to
    /// where member `i`'s value lies in `out`, or nil for an absent optional (`bounds` gets
    /// ``memberCount`` elements). Each value is the same bytes it has in ``writeJSON(body:to:)``'s
    /// object: the CSV export's cells are made from them (`EventCSVLayout`).
    /// - Throws: as ``writeJSON(body:to:)`` (`out` then ends in a partial value).
    func writeMemberValues(body: UnsafeRawBufferPointer, to out: inout JSONByteBuffer, bounds: inout [Range<Int>?]) throws {
        let root = nodes[0]
        bounds.removeAll(keepingCapacity: true)
        var reader = BinaryReader(body)
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: max(scratchCount, 1)) { starts in
            // A temporary allocation of a positive capacity has a base address.
            let run = JSONBodyRun(program: self, starts: starts.baseAddress!, skippingFirst: true)
            for member in Int(root.first)..<Int(root.first &+ root.count) {
                var value = members[member].node
                let node = nodes[Int(value)]
                if node.code == .optional {
                    guard try reader.readByte() != 0 else {
                        bounds.append(nil)
                        continue
                    }
                    value = node.first
                }
                let start = out.count
                try run.write(node: value, from: &reader, to: &out)
                bounds.append(start..<out.count)
            }
        }
        try reader.expectEnd()
    }
}

/// One transcode: the program, where its objects keep the body offsets of their members, and
/// whether every member of an object is skipped before any is written (the shape walk's order).
private struct JSONBodyRun {
    let program: JSONBodyProgram
    let starts: UnsafeMutablePointer<Int>
    let skippingFirst: Bool

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
        } else if skippingFirst {
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
        } else {
            try writeMembersInKeyOrder(node, comma: &comma, from: &reader, to: &out)
        }
        out.write(byte: 0x7D)
    }

    /// Writes the members of the object `node` (whose body starts at `reader`) in key order,
    /// finding where each starts as late as it can: the starts of the members after those of
    /// fixed size are known at once, writing a member gives the start of the next, and only the
    /// members between the last start known and the one wanted are skipped. Leaves `reader` at
    /// the object's end.
    @inline(__always)
    private func writeMembersInKeyOrder(_ node: JSONBodyProgram.Node, comma: inout Int, from reader: inout BinaryReader,
                                        to out: inout JSONByteBuffer) throws {
        let first = Int(node.first)
        let count = Int(node.count)
        let base = reader.offset
        // `starts[0...known]` are known: the member starts (and at `count`, the end).
        let starts = self.starts + Int(node.scratch)
        var known = 0
        starts[0] = base
        while known &+ 1 < count, program.members[first &+ known &+ 1].fixedOffset >= 0 {
            known &+= 1
            starts[known] = base &+ Int(program.members[first &+ known].fixedOffset)
        }
        if node.fixedSize >= 0 {
            known = count
            starts[count] = base &+ Int(node.fixedSize)
        }
        for rank in first..<(first &+ count) {
            let member = Int(program.keyOrder[rank])
            if member > known {
                reader.offset = starts[known]
                while known < member {
                    try skip(node: program.members[first &+ known].node, in: &reader)
                    known &+= 1
                    starts[known] = reader.offset
                }
            }
            reader.offset = starts[member]
            try writeMember(first &+ member, comma: &comma, from: &reader, to: &out)
            if member == known {
                known &+= 1
                starts[known] = reader.offset
            }
        }
        reader.offset = starts[known]
        while known < count {
            try skip(node: program.members[first &+ known].node, in: &reader)
            known &+= 1
        }
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
