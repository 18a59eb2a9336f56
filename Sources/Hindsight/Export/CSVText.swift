/// RFC 4180 text: a field is quoted when it holds a comma, a double quote, a carriage return
/// or a line feed (or starts or ends with a space), and quotes inside it are doubled. Records
/// end in CRLF, as the RFC says; every other character (emoji included) is written as its
/// UTF-8 bytes unchanged.
enum CSVText {
    /// The record terminator.
    static let lineEnd: [UInt8] = [0x0D, 0x0A]

    /// Appends `field`, quoted when it must be.
    static func appendField(_ field: String, to out: inout [UInt8]) {
        var text = field
        text.withUTF8 { appendField(UnsafeRawBufferPointer($0), to: &out) }
    }

    /// Appends the UTF-8 text `utf8` as a field, quoted when it must be.
    static func appendField(_ utf8: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        let needsQuotes = utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || utf8.first == 0x20 || utf8.last == 0x20
        guard needsQuotes else {
            out.append(contentsOf: utf8)
            return
        }
        out.append(0x22)
        for byte in utf8 {
            if byte == 0x22 { out.append(0x22) }
            out.append(byte)
        }
        out.append(0x22)
    }

    /// Appends a whole record: the fields separated by commas, then CRLF.
    static func appendRecord(_ fields: [String], to out: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(0x2C) }
            appendField(field, to: &out)
        }
        out.append(contentsOf: lineEnd)
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
