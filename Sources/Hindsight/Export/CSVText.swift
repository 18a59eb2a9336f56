import Events

/// RFC 4180 text: a field is quoted when it holds a comma, a double quote, a carriage return
/// or a line feed (or starts or ends with a space), and quotes inside it are doubled. Records
/// end in CRLF, as the RFC says; every other character (emoji included) is written as its
/// UTF-8 bytes unchanged.
enum CSVText {
    /// The record terminator.
    static let lineEnd: StaticString = "\r\n"

    /// Appends the UTF-8 text `utf8` as a field, quoted when it must be, to an export's byte buffer.
    static func appendField(_ utf8: UnsafeRawBufferPointer, to out: inout JSONByteBuffer) {
        guard needsQuotes(utf8) else { return out.write(raw: utf8) }
        out.write(byte: 0x22)
        var run = 0
        for (index, byte) in utf8.enumerated() where byte == 0x22 {
            // Up to and including the quote, then the quote again.
            out.write(raw: UnsafeRawBufferPointer(rebasing: utf8[run...index]))
            out.write(byte: 0x22)
            run = index + 1
        }
        out.write(raw: UnsafeRawBufferPointer(rebasing: utf8[run...]))
        out.write(byte: 0x22)
    }

    /// Whether `utf8` must be quoted: it holds a comma, a double quote, a carriage return or a
    /// line feed, or starts or ends with a space.
    private static func needsQuotes(_ utf8: UnsafeRawBufferPointer) -> Bool {
        utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D } || utf8.first == 0x20 || utf8.last == 0x20
    }

    /// Appends `field`, quoted when it must be.
    static func appendField(_ field: String, to out: inout [UInt8]) {
        var text = field
        text.withUTF8 { appendField(UnsafeRawBufferPointer($0), to: &out) }
    }

    /// Appends the UTF-8 text `utf8` as a field, quoted when it must be (for a header and tests:
    /// through a byte buffer, by the one quoting above).
    static func appendField(_ utf8: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        var buffer = JSONByteBuffer(capacity: utf8.count * 2 + 2)
        appendField(utf8, to: &buffer)
        buffer.withUnsafeBytes { out.append(contentsOf: $0) }
    }

    /// Appends a whole record: the fields separated by commas, then CRLF.
    static func appendRecord(_ fields: [String], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(0x2C) }
            appendField(field, to: &out)
        }
        out.append(contentsOf: UnsafeRawBufferPointer(start: lineEnd.utf8Start, count: lineEnd.utf8CodeUnitCount))
    }

    /// The records of an RFC 4180 text (the inverse of ``appendRecord(_:to:)``): quoted fields
    /// may hold commas, doubled quotes and line breaks; records end in CRLF or LF.
    /// - Throws: ``ExportError`` `.invalidRequest` for a quote that is not closed, with the record number.
    static func parse(_ text: String) throws(ExportError) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            if inQuotes {
                if byte == 0x22 {
                    if bytes.first == 0x22 { field.append(0x22); bytes.removeFirst() } else { inQuotes = false }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22: inQuotes = true
            case 0x2C:
                record.append(String(decoding: field, as: UTF8.self))
                field.removeAll()
            case 0x0D where bytes.first == 0x0A:
                continue
            case 0x0A:
                record.append(String(decoding: field, as: UTF8.self))
                records.append(record)
                record = []
                field.removeAll()
            default: field.append(byte)
            }
        }
        guard !inQuotes else {
            throw ExportError(.invalidRequest, "record \(records.count + 1) has a quoted field that is not closed")
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(String(decoding: field, as: UTF8.self))
            records.append(record)
        }
        return records
    }
}
