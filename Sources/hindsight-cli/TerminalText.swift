/// Text from outside (a file's bytes quoted in an error, a word typed on the command line) made
/// safe to print on a terminal: control characters, escape sequences and direction overrides
/// shown as escapes instead of acting on the terminal, and an overlong message cut in the
/// middle, so importing a binary file never pours raw bytes onto the screen.
enum TerminalText {
    /// The longest message printed whole, in characters.
    static let maximumLength = 1_000

    /// `text` with every control character except a line feed (C0, DEL, C1), and every bidi
    /// control (U+200E/F, U+202A … U+202E, U+2066 … U+2069), written as `\u{1B}`, tabs and
    /// carriage returns as `\t` and `\r`; when longer than ``maximumLength``, its first 700 and
    /// last 200 characters with the number left out between them.
    static func safe(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: escaped.unicodeScalars.append(scalar)
            case 0x09: escaped += "\\t"
            case 0x0D: escaped += "\\r"
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        guard escaped.count > maximumLength else { return escaped }
        let left = escaped.count - 900
        return String(escaped.prefix(700)) + " … (\(left) characters left out) … " + String(escaped.suffix(200))
    }
}
