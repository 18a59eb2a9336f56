import Events
import Foundation
import Testing

/// A string's last one to seven bytes are checked and stored as one word when none needs
/// escaping: every length from 0 to 24, with each kind of byte that needs escaping (and a
/// multi-byte character) at every position, alone or with a second one later (a tail retried
/// after a byte written one by one), is spelled as Foundation's `JSONEncoder` spells it.
@Suite struct JSONStringTailTests {
    @Test(arguments: ["\"", "\\", "\n", "\u{1}", "\u{1F}", "é", "😀", "/", "\u{7F}"])
    func everyLengthAndPositionIsSpelledAsFoundationSpellsIt(special: String) throws {
        for length in 0...24 {
            let plain = String(repeating: "a", count: length)
            #expect(JSONWriterTests.written { $0.write(plain) } == (try JSONWriterTests.foundation(plain)))
            for position in 0..<max(length, 1) {
                var characters = Array(plain)
                if position < characters.count { characters[position] = Character(special) } else { characters.append(Character(special)) }
                let text = String(characters)
                #expect(JSONWriterTests.written { $0.write(text) } == (try JSONWriterTests.foundation(text)), "\(length) at \(position)")
                for second in ["\u{0}", "é"] {
                    let twice = text + "ab" + second
                    #expect(JSONWriterTests.written { $0.write(twice) } == (try JSONWriterTests.foundation(twice)), "\(length) at \(position)")
                }
            }
        }
    }
}
