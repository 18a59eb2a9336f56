import Hindsight

/// Text made safe for HTML and SVG: the one place the report escapes what it did not write
/// itself (profile names, deck names, achievement titles).
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by their character references, safe in an
    /// element's text and in a quoted attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// `value` with one decimal and a point whatever the locale (`12.5`), for coordinates.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// `value` as a percentage with one decimal (`87.5%`), or `-` for none.
    static func percent(_ value: Double?) -> String {
        value.map { number($0 * 100) + "%" } ?? "-"
    }
}
