/// The plain values of the binary form a JSON body writes as they are: texts, booleans and
/// numbers. How each is read and written (a text checked as UTF-8, a byte and the varints as
/// whole numbers, a fixed 64-bit word as a signed one) has one home here, which both body writers
/// call: the shape walk (`JSONShape+Writing.swift`) and the compiled program
/// (`JSONBodyProgram+Writing.swift`).
enum JSONScalar {
    case string, bool, byte, varint, signedVarint, fixedInt64, double

    /// Reads one value of this kind from `reader` and writes it to `out` as JSON.
    /// - Throws: ``EventDecodingError`` when the bytes are short, a text is not UTF-8 or a number
    ///   is not finite.
    @inline(__always)
    func transcode<Out: JSONOutput & ~Copyable>(from reader: inout BinaryReader, to out: inout Out) throws {
        switch self {
        case .string:
            let text = try reader.readLengthPrefixed()
            guard UTF8Text.validate(text) != nil else { throw reader.error(.invalidUTF8, "a text field is not valid UTF-8") }
            out.write(string: text)
        case .bool: out.write(try reader.readByte() != 0)
        case .byte: out.write(UInt64(try reader.readByte()))
        case .varint: out.write(try reader.readVarint())
        case .signedVarint: out.write(try reader.readSignedVarint())
        case .fixedInt64: out.write(Int64(bitPattern: try reader.readFixed64()))
        case .double: try out.write(try reader.readDouble())
        }
    }
}
